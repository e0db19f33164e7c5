'use strict';
// The n8n versions the suites, the bench and `npm start` run, installed by scripts/install-n8n.sh
// from lockfiles/<version>/ into a cache outside the project (~/.cache/n8n-nodes-coinremitter).
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { freePorts } = require('./ports');

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

// The newest n8n 2.x that installs from the registry this project reaches: `npm start`, the e2e,
// browser and queue suites and the bench (COINREMITTER_BENCH_N8N) run it. 2.41.1, because
// 2.41.3, the registry's newest, does not resolve (it pins @n8n/agents@0.26.2 and
// @n8n/ai-node-sdk@0.31.2, which the registry lacks). Its lockfiles/2.41.1/package.json has no
// overrides: its tree has no `xlsx` (n8n-nodes-base uses @e965/xlsx; 1.123's xlsx override stays in
// lockfiles/1.123.81/), and the real cssomnom is the one linkedom's `require('cssomnom/parse')`
// loads on Node 24 (2.40.7's `cssomnom: npm:cssom@0.5.0` made that require fail). It runs on
// Node 24 with isolated-vm built against Node 24's headers (scripts/install-n8n.sh).
// The next bump: `npm run n8n:newest` (scripts/n8n-newest.js, docs/development.md) tries every
// newer version the registry serves and prints the one-line change for the newest that passes.
const NEWEST_2X = '2.41.1';

const TARGETS = [{ label: 'n8n 1.123 / Node 20', version: '1.123.81' }, targetFor(NEWEST_2X)];
const DEFAULT_VERSION = '1.123.81';

/** Installs n8n `version` if needed; returns its folder and the folder of the node binary it needs (undefined: this one). */
async function installN8n(version = DEFAULT_VERSION) {
	const { stdout } = await run('bash', [join(ROOT, 'scripts', 'install-n8n.sh'), version], {
		maxBuffer: 64 * 1024 * 1024,
		timeout: 30 * 60000,
	});
	const [dir, nodeBinDir] = stdout.split('\n').slice(-3);
	return { n8nDir: dir.trim(), nodeBinDir: nodeBinDir.trim() || undefined };
}

/** The label of n8n `version`: its line and the Node.js major scripts/install-n8n.sh runs it on. */
function targetFor(version) {
	const line = version.split('.').slice(0, 2).join('.');
	return { label: `n8n ${line} / Node ${version.startsWith('1.') ? 20 : 24}`, version };
}

/**
 * The targets, installed if needed, each with two free ports. `only` (a version) runs that one:
 * one of TARGETS, or any other version with a lockfile (scripts/n8n-newest.js tries candidates so).
 */
async function targets({ only } = {}) {
	const ready = [];
	const chosen =
		only === undefined
			? TARGETS
			: [TARGETS.find((target) => target.version === only) ?? targetFor(only)];
	for (const target of chosen) {
		const installed = await installN8n(target.version);
		const [port, brokerPort] = await freePorts(2);
		ready.push({ ...target, ...installed, port, brokerPort });
	}
	return ready;
}

module.exports = { DEFAULT_VERSION, installN8n, NEWEST_2X, targetFor, TARGETS, targets };
