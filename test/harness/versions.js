'use strict';
// The n8n versions the suites run against, installed by scripts/install-n8n.sh into a cache outside
// the project (~/.cache/n8n-nodes-coinremitter).
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { freePorts } = require('./ports');

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

const TARGETS = [
	{ label: 'n8n 1.123 / Node 20', version: '1.123.81' },
	{ label: 'n8n 2.40 / Node 24', version: '2.40.7' },
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

module.exports = { DEFAULT_VERSION, installN8n, TARGETS, targets };
