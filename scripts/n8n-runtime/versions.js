'use strict';
// The n8n versions the suites, the bench and `npm start` run, installed by scripts/install-n8n.sh
// from lockfiles/<version>/ into a cache outside the project (~/.cache/n8n-nodes-coinremitter).
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { freePorts } = require('./ports');

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

// The newest n8n 2.x that installs from the registry this project reaches: `npm start` runs it and
// the browser suite checks it. To check for a newer one: `npm view n8n dist-tags` (and
// `npm view n8n versions --json`); copy scripts/n8n-runtime/lockfiles/2.40.7/ to
// scripts/n8n-runtime/lockfiles/<new>/, set its n8n version, run `npm install --package-lock-only` there (2.41.x stops at this step:
// the registry lacks @n8n/agents@0.26.2), then change this constant and run `npm start` and
// `npm run test:browser`.
const NEWEST_2X = '2.40.7';

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
