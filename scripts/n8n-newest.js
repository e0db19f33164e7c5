#!/usr/bin/env node
'use strict';
// `npm run n8n:newest` (under the heavy lock: `flock /tmp/heavy.lock npm run n8n:newest`): is
// there a newer n8n than NEWEST_2X (scripts/n8n-runtime/versions.js) that installs and runs the
// package? It lists the versions the registry serves above NEWEST_2X on the same major
// (`npm view n8n versions --json`) and tries them newest first, each in three steps:
//   1. lockfile: NEWEST_2X's lockfiles/<version>/package.json with the version changed, resolved
//      with `npm install --package-lock-only` in a temporary folder (npm's environment cleaned as
//      scripts/install-n8n.sh cleans it);
//   2. install: scripts/install-n8n.sh from that folder (COINREMITTER_N8N_LOCKFILES);
//   3. smoke: test/e2e/run.js's "actions through n8n execute" group on it (COINREMITTER_E2E_SMOKE=1).
// It stops at the first that passes, copies its lockfile into scripts/n8n-runtime/lockfiles/<v>/
// and prints the one command that makes it NEWEST_2X. Installs of candidates that fail are
// removed from the cache. `node scripts/n8n-newest.js <version>...` tries those versions instead.
const { spawn } = require('node:child_process');
const {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { NEWEST_2X } = require('./n8n-runtime/versions');

const ROOT = join(__dirname, '..');
const LOCKFILES = join(ROOT, 'scripts', 'n8n-runtime', 'lockfiles');
const NPM_FLAGS = [
	'--legacy-peer-deps=false',
	'--ignore-scripts',
	'--no-audit',
	'--no-fund',
	'--loglevel=error',
	'--prefer-offline',
];

/** [major, minor, patch] of a release version; undefined for pre-releases and anything else. */
function parseVersion(version) {
	const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
	return match ? match.slice(1).map(Number) : undefined;
}

function compareVersions(a, b) {
	const [x, y] = [parseVersion(a), parseVersion(b)];
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
}

/** The environment without npm_* variables (`npm run` hands the project's .npmrc down in them). */
function cleanEnv(extra = {}) {
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
	);
	return { ...env, ...extra };
}

/** Runs a command; resolves with its exit code, output and seconds. `echo` streams stderr. */
function run(command, args, { cwd = ROOT, env = cleanEnv(), echo = false } = {}) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
			if (echo) process.stderr.write(chunk);
		});
		child.on('close', (code) =>
			resolve({ code, stdout, stderr, seconds: Math.round((Date.now() - started) / 1000) }),
		);
	});
}

/** Why npm could not resolve the tree, in a few words ("@n8n/agents@0.26.2 missing"). */
function unresolved(stderr) {
	const missing = /No matching version found for (\S+?)\.?$/m.exec(stderr);
	if (missing) return `${missing[1]} missing`;
	const notFound = /404 Not Found - GET \S+\/(@?[^/\s]+(?:%2[fF][^/\s]+)?)/.exec(stderr);
	if (notFound) return `${decodeURIComponent(notFound[1])} not in the registry`;
	const error = stderr.split('\n').find((line) => /npm error (?!code|A complete)/.test(line));
	return (error ?? stderr.trim().split('\n').pop() ?? 'npm failed').replace(/^npm error /, '');
}

async function candidates() {
	const asked = process.argv.slice(2);
	if (asked.length > 0) return asked;
	const { code, stdout, stderr } = await run('npm', ['view', 'n8n', 'versions', '--json']);
	if (code !== 0) throw new Error(`npm view n8n versions failed: ${unresolved(stderr)}`);
	const major = parseVersion(NEWEST_2X)[0];
	return JSON.parse(stdout)
		.filter((version) => parseVersion(version)?.[0] === major)
		.filter((version) => compareVersions(version, NEWEST_2X) > 0)
		.sort(compareVersions)
		.reverse();
}

/** Step 1: a lockfile for `version` in `folder`/<version>/; undefined, or why it does not resolve. */
async function lockfile(version, folder) {
	const dir = join(folder, version);
	mkdirSync(dir, { recursive: true });
	const manifest = JSON.parse(readFileSync(join(LOCKFILES, NEWEST_2X, 'package.json'), 'utf8'));
	manifest.dependencies = { ...manifest.dependencies, n8n: version };
	writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
	const result = await run('npm', ['install', '--package-lock-only', ...NPM_FLAGS], { cwd: dir });
	return { ...result, problem: result.code === 0 ? undefined : unresolved(result.stderr) };
}

/** "N passed, N failed" of a suite's output. */
function counts(stdout) {
	const match = /^(\d+) passed, (\d+) failed/m.exec(stdout);
	return match ? { passed: Number(match[1]), failed: Number(match[2]) } : undefined;
}

async function tryVersion(version, folder, state) {
	const row = { version, lockfile: '', install: '', smoke: '', passes: false };
	const lock = await lockfile(version, folder);
	if (lock.problem) {
		row.lockfile = `does not resolve: ${lock.problem}`;
		console.log(`${version}: does not resolve: ${lock.problem}`);
		return row;
	}
	row.lockfile = `resolves (${lock.seconds} s)`;
	console.log(`${version}: resolves; installing (scripts/install-n8n.sh, a few minutes)`);
	const env = cleanEnv({ COINREMITTER_N8N_LOCKFILES: folder });
	const install = await run('bash', [join(ROOT, 'scripts', 'install-n8n.sh'), version], {
		env,
		echo: true,
	});
	const n8nDir = install.stdout.trim().split('\n')[0];
	if (install.code !== 0) {
		row.install = `fails (exit ${install.code}): ${install.stderr.trim().split('\n').pop()}`;
		console.log(`${version}: install ${row.install}`);
		return row;
	}
	const fresh = install.stderr.includes('install-n8n: installing');
	row.install = `${fresh ? 'installs' : 'installed already'} (${install.seconds} s)`;
	if (!state.built) {
		const build = await run('npm', ['run', 'build']);
		if (build.code !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
		state.built = true;
	}
	console.log(`${version}: ${row.install}; e2e smoke`);
	const smoke = await run(process.execPath, [join(ROOT, 'test', 'e2e', 'run.js')], {
		env: { ...env, COINREMITTER_E2E_N8N: version, COINREMITTER_E2E_SMOKE: '1' },
	});
	const result = counts(smoke.stdout);
	row.passes = smoke.code === 0 && result !== undefined && result.failed === 0;
	row.smoke = result
		? `${result.passed} passed, ${result.failed} failed (${smoke.seconds} s)`
		: `no result (exit ${smoke.code})`;
	if (!row.passes) {
		console.log(
			smoke.stdout
				.split('\n')
				.filter((line) => line.startsWith('FAIL'))
				.join('\n'),
		);
		if (!state.installedBefore.has(version) && n8nDir)
			rmSync(n8nDir, { recursive: true, force: true });
	}
	console.log(`${version}: smoke ${row.smoke}`);
	return row;
}

function printTable(rows) {
	const header = {
		version: 'version',
		lockfile: 'lockfile',
		install: 'install',
		smoke: 'e2e smoke',
	};
	const columns = Object.keys(header);
	const width = Object.fromEntries(
		columns.map((column) => [
			column,
			Math.max(...[header, ...rows].map((row) => String(row[column]).length)),
		]),
	);
	const line = (row) =>
		`| ${columns.map((column) => String(row[column]).padEnd(width[column])).join(' | ')} |`;
	console.log(`\n${line(header)}`);
	console.log(`|${columns.map((column) => '-'.repeat(width[column] + 2)).join('|')}|`);
	for (const row of rows) console.log(line(row));
}

async function main() {
	const versions = await candidates();
	const asked = process.argv.length > 2;
	console.log(
		versions.length === 0
			? `The registry serves no n8n newer than NEWEST_2X (${NEWEST_2X}).`
			: `${asked ? 'Trying' : `Newer than NEWEST_2X (${NEWEST_2X})`}: ${versions.join(', ')}`,
	);
	if (versions.length === 0) return;
	const folder = mkdtempSync(join(tmpdir(), 'n8n-newest-'));
	const cache =
		process.env.COINREMITTER_N8N_CACHE ??
		join(
			process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? tmpdir(), '.cache'),
			'n8n-nodes-coinremitter',
		);
	const state = {
		built: false,
		installedBefore: new Set(
			versions.filter((v) => existsSync(join(cache, `n8n-${v}`, '.installed'))),
		),
	};
	const rows = [];
	let chosen;
	try {
		for (const version of versions) {
			if (chosen) {
				rows.push({ version, lockfile: 'not tried: a newer one passes', install: '', smoke: '' });
				continue;
			}
			const row = await tryVersion(version, folder, state);
			rows.push(row);
			if (row.passes) {
				chosen = version;
				if (!existsSync(join(LOCKFILES, version)))
					cpSync(join(folder, version), join(LOCKFILES, version), { recursive: true });
			}
		}
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
	printTable(rows);
	if (!chosen) {
		console.log(`\nNone passes: NEWEST_2X stays ${NEWEST_2X}.`);
	} else if (chosen === NEWEST_2X) {
		console.log(`\n${chosen} passes and is NEWEST_2X already: nothing to change.`);
	} else {
		console.log(
			`\n${chosen} passes; its lockfile is in scripts/n8n-runtime/lockfiles/${chosen}/. To make it NEWEST_2X:\n` +
				`sed -i "s/^const NEWEST_2X = '${NEWEST_2X}';/const NEWEST_2X = '${chosen}';/" scripts/n8n-runtime/versions.js && git rm -rq scripts/n8n-runtime/lockfiles/${NEWEST_2X}\n` +
				`then run the suites on it (docs/development.md) and update the version where the docs name it (grep -rn '${NEWEST_2X.replace(/\./g, '\\.')}').`,
		);
	}
}

main().catch((error) => {
	console.error(error?.stack ?? error);
	process.exit(1);
});
