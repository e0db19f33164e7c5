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
// browser and queue suites and the bench (COINREMITTER_BENCH_N8N) run it. 2.41.1 (2026-11-27):
// 2.41.3, the registry's newest, does not resolve (it pins @n8n/agents@0.26.2 and
// @n8n/ai-node-sdk@0.31.2, which the registry lacks). Its lockfiles/2.41.1/package.json has no
// overrides: its tree has no `xlsx` (n8n-nodes-base uses @e965/xlsx; 1.123's xlsx override stays in
// lockfiles/1.123.81/), and the real cssomnom is the one linkedom's `require('cssomnom/parse')`
// loads on Node 24 (2.40.7's `cssomnom: npm:cssom@0.5.0` made that require fail). It runs on
// Node 24 with isolated-vm built against Node 24's headers (scripts/install-n8n.sh).
const NEWEST_2X = '2.41.1';

const TARGETS = [
	{ label: 'n8n 1.123 / Node 20', version: '1.123.81' },
	{ label: `n8n ${NEWEST_2X.split('.').slice(0, 2).join('.')} / Node 24`, version: NEWEST_2X },
];
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

/** The targets, installed if needed, each with two free ports; `only` (a version) keeps one of them. */
async function targets({ only } = {}) {
	const ready = [];
	for (const target of TARGETS.filter(
		(candidate) => only === undefined || candidate.version === only,
	)) {
		const installed = await installN8n(target.version);
		const [port, brokerPort] = await freePorts(2);
		ready.push({ ...target, ...installed, port, brokerPort });
	}
	return ready;
}

module.exports = { DEFAULT_VERSION, installN8n, NEWEST_2X, TARGETS, targets };
