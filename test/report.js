'use strict';
// How the suites that drive real n8n (test/e2e, test/browser, test/queue) report: one line per
// check, groups of checks, and a closing "N passed, N failed" line that sets the exit code.

const DETAIL_LIMIT = 2000;
const SLOWEST_SHOWN = 12;
const results = { passed: 0, failed: 0 };
/** How long each group took, in the order the groups ended: [label, seconds]. */
const durations = [];

function check(label, condition, detail = '') {
	if (condition) {
		results.passed++;
		console.log(`ok - ${label}`);
	} else {
		results.failed++;
		console.log(`FAIL - ${label}${detail ? `: ${String(detail).slice(0, DETAIL_LIMIT)}` : ''}`);
	}
}

/**
 * Runs one named group of checks; an exception fails the group with its stack instead of ending
 * the suite. `onFailure` (e.g. a screenshot) runs after the failure is reported; its own errors are
 * ignored. COINREMITTER_ONLY=<regex> runs only the groups whose label matches (for a quick local
 * run of one part of a slow suite); `always` groups (a suite's outer frame) run regardless.
 */
async function attempt(label, fn, { onFailure, always = false } = {}) {
	const only = process.env.COINREMITTER_ONLY;
	if (only && !always && !new RegExp(only, 'i').test(label)) return;
	const began = Date.now();
	try {
		await fn();
	} catch (error) {
		check(label, false, String(error?.stack ?? error).slice(0, 1500));
		await Promise.resolve(onFailure?.()).catch(() => {});
	} finally {
		const seconds = (Date.now() - began) / 1000;
		durations.push([label, seconds]);
		console.log(`# took ${seconds.toFixed(1)} s: ${label}`);
	}
}

/** A group another suite's process ran and printed (`# took N s: label`), counted in this run's table. */
function recordDuration(label, seconds) {
	durations.push([label, seconds]);
}

/** The slowest groups of the run, as a table (an outer group's time includes its inner groups'). */
function slowestTable() {
	const rows = [...durations].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
	if (rows.length === 0) return '';
	const lines = rows.map(([label, seconds]) => `| ${seconds.toFixed(1).padStart(7)} | ${label} |`);
	return ['# The slowest groups:', '| seconds | group |', '|--------:|-------|', ...lines].join(
		'\n',
	);
}

/** Prints the closing line ("N passed, N failed", then `note`) and ends the process with the verdict. */
function finish(note = '') {
	const table = slowestTable();
	if (table) console.log(table);
	console.log(`${results.passed} passed, ${results.failed} failed${note}`);
	process.exit(results.failed === 0 ? 0 : 1);
}

/**
 * Runs `script` once per n8n line, each in a process of its own with `versionVariable` set to its
 * version, all at the same time (each with its own simulator and n8n): a line spends much of its
 * time waiting on n8n, so two lines share the two cores of CI. Their lines of output interleave,
 * each tagged with its n8n; the totals of all close the run and set the exit code.
 */
async function runLinesAtOnce(script, versionVariable, versions) {
	const totals = await Promise.all(
		versions.map((version) =>
			runSuite(script, { [versionVariable]: version }, (line) => console.log(line)),
		),
	);
	const passed = totals.reduce((sum, total) => sum + total.passed, 0);
	const failed = totals.reduce((sum, total) => sum + total.failed, 0);
	console.log(`${passed} passed, ${failed} failed (${versions.length} n8n lines at once)`);
	process.exit(failed === 0 ? 0 : 1);
}

/**
 * Runs a suite's runner `script` in a process of its own, with `env` added, each line of its
 * output given to `onLine`; resolves with its closing totals once it ends (a failed exit with no
 * failure counted counts one).
 */
function runSuite(script, env, onLine) {
	const { spawn } = require('node:child_process');
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script], {
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let last = '';
		const take = (stream) => {
			let rest = '';
			stream.on('data', (chunk) => {
				const lines = (rest + chunk).split('\n');
				rest = lines.pop();
				for (const line of lines) {
					onLine(line);
					if (/^\d+ passed, \d+ failed/.test(line)) last = line;
				}
			});
			stream.on('end', () => rest && onLine(rest));
		};
		take(child.stdout);
		take(child.stderr);
		child.on('close', (code) => {
			const [passed = 0, failed = 1] = (last.match(/\d+/g) ?? []).map(Number);
			resolve({ passed, failed: code === 0 ? failed : Math.max(failed, 1) });
		});
	});
}

module.exports = {
	attempt,
	check,
	finish,
	recordDuration,
	results,
	runLinesAtOnce,
	runSuite,
};
