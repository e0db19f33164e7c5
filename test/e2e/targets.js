'use strict';
// The n8n versions the end-to-end suite runs against, installed by scripts/install-n8n.sh.
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { join } = require('node:path');

const { freePorts } = require('../../scripts/n8n-instance');

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

const TARGETS = [
	{ label: 'n8n 1.123 / Node 20', version: '1.123.81' },
	{ label: 'n8n 2.40 / Node 24', version: '2.40.7' },
];

/** The targets, installed if needed; `only` (a version) keeps one of them (the browser suite's). */
async function targets({ only } = {}) {
	const ready = [];
	for (const target of TARGETS.filter(
		(candidate) => only === undefined || candidate.version === only,
	)) {
		const { stdout } = await run(
			'bash',
			[join(ROOT, 'scripts', 'install-n8n.sh'), target.version],
			{ maxBuffer: 64 * 1024 * 1024, timeout: 30 * 60000 },
		);
		const [dir, nodeBinDir] = stdout.split('\n').slice(-3);
		const [port, brokerPort] = await freePorts(2);
		ready.push({
			...target,
			dir: dir.trim(),
			nodeBinDir: nodeBinDir.trim() || undefined,
			port,
			brokerPort,
		});
	}
	return ready;
}

module.exports = { targets };
