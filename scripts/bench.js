#!/usr/bin/env node
'use strict';
// `npm run bench`: the package against n8n's own nodes, in one run of a real n8n and the simulator.
// One module per measure, in scripts/bench/:
//   1. latency.js    CoinRemitter node vs HTTP Request node: the same v1 reads at 0, 50 and
//                    150 ms of gateway latency, for 10, 40 and 200 items.
//   2. pacing.js     100 reads under a limit of 20 per 2 s: achieved rate, 429s; then the same
//                    batch through the HTTP Request node.
//   3. callbacks.js  CoinRemitter Trigger vs Webhook node on the same multipart callbacks, and the
//                    trigger's parse cost per callback.
const { execFileSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const { join } = require('node:path');
const { startSimulator } = require('../simulator/server');
const {
	DEFAULT_VERSION,
	freePorts,
	installN8n,
	packPackage,
	prepareN8n,
	v1Credential,
} = require('../test/harness');
const { measureCallbacks } = require('./bench/callbacks');
const { measureLatency } = require('./bench/latency');
const { measurePacing } = require('./bench/pacing');
const { CREDENTIAL } = require('./bench/workflows');

const ROOT = join(__dirname, '..');

/** n8n, not started, with the package and the bench's credential for the simulator. */
async function prepareBenchN8n(n8n, sim) {
	const [port, brokerPort] = await freePorts(2);
	return await prepareN8n({
		...n8n,
		port,
		brokerPort,
		label: 'bench',
		tarball: await packPackage(mkdtempSync(join(tmpdir(), 'bench-pack-'))),
		credentials: [v1Credential(CREDENTIAL, sim.url, 'sim_tcn_key', 'sim_tcn_password')],
	});
}

function printMachine(n8nDir) {
	console.log(
		`machine: ${cpus().length} × ${cpus()[0].model}, Node ${process.version}, n8n 1.123 (${n8nDir.split('/').pop()})`,
	);
}

(async () => {
	execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
	const n8n = await installN8n(DEFAULT_VERSION);
	const sim = await startSimulator({ rateLimit: 1_000_000 });
	let instance;
	try {
		instance = await prepareBenchN8n(n8n, sim);
		await measureLatency(instance, sim);
		await measurePacing(instance, sim);
		await measureCallbacks(instance);
		printMachine(n8n.n8nDir);
	} finally {
		await instance?.dispose();
		await sim.stop().catch(() => undefined);
	}
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
