#!/usr/bin/env node
'use strict';
// `npm run bench`: the package against n8n's own nodes, in one run of a real n8n and the simulator.
// One module per measure, beside this one:
//   1. latency.js    CoinRemitter node vs HTTP Request node: the same v1 reads at 0, 50 and
//                    150 ms of gateway latency, for 10, 40 and 200 items.
//   2. pacing.js     100 reads under a limit of 20 per 2 s: achieved rate, 429s; then the same
//                    batch through the HTTP Request node.
//   3. callbacks.js  CoinRemitter Trigger vs Webhook node on the same multipart callbacks, and the
//                    trigger's parse cost per callback.
//   4. cold.js       40 reads at 150 ms in a fresh n8n process: CoinRemitter node vs HTTP Request node.
//   5. burst.js      150 genuine + 20 forged callbacks in a minute at the plan's real limit (100 a
//                    minute, 100 ms), with and without a 100-read batch on the same wallet.
//   6. concurrent.js 600 callbacks from 25 senders, trigger vs Webhook node interleaved,
//                    Verify off and on (gateway 100 ms away); the trigger with 100 / 1,000 / 5,000
//                    deliveries remembered; 40 random-binary text/xml bodies, 10 at a time.
//   7. memory.js     the delivery memory's cost per callback at 100 / 1,000 / 5,000 remembered,
//                    outside n8n (n8n-workflow's static data, loaded and written back as n8n does).
//   8. flood.js      600 forged + 30 genuine deposit callbacks in a minute while 10 invoices are
//                    created on the same wallet (100 a minute, 100 ms); forgeries on one known
//                    address, then on random addresses.
//   9. payouts.js    100 payouts posted at once (a Payout Key each, one wallet) at the plan's real
//                    limit, against n8n's HTTP Request node sending the same; then the same 100 again.
//  10. widgets.js    5,600 widget orders from 20 senders: forged to a new trigger at its defaults,
//                    with the secret (each starts a run), and to n8n's Webhook node doing the same.
//  11. held.js       40 deposit callbacks at once while the gateway answers 429: n8n's RSS, its JS heap
//                    (a heap snapshot) and its live expression isolates with the callbacks held.
//  12. duplicates.js Skip Duplicates under 6,000 forged widget orders over 125 s, a paid invoice
//                    replayed after them (the e2e check, at the delivery memory's full bounds).
//   xml  xml-repro.js 40 random-binary text/xml bodies, 10 at a time, to n8n's own Webhook node in a
//                    fresh n8n without this package (the reproduction of n8n's hang).
// `npm run bench -- cold burst` runs only the measures named (latency, pacing, callbacks, cold, burst,
// concurrent, memory, flood, payouts, widgets, held, duplicates, xml). COINREMITTER_BENCH_N8N=2.41.1 (NEWEST_2X) runs
// them on that n8n (default 1.123.81); 2.x under its default expression engine, vm. COINREMITTER_BENCH_CPU_PROF=<dir> has the
// bench's n8n write a V8 CPU profile there when it stops (node --cpu-prof);
// `node scripts/bench/profile-summary.js <file>` sums it up by part. COINREMITTER_EXPRESSION_ENGINE
// sets the engine (legacy: 2.x without its isolates); COINREMITTER_BENCH_N8N_ENV (JSON) adds n8n
// settings, e.g. '{"N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE":"true"}'.
const { execFileSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const { join } = require('node:path');
const { startSimulator } = require('../../simulator/server');
const {
	DEFAULT_VERSION,
	NEWEST_2X,
	freePorts,
	installN8n,
	packPackage,
	prepareN8n,
	v1Credential,
} = require('../n8n-runtime');
const { measureBurst } = require('./burst');
const { measureCallbacks } = require('./callbacks');
const { measureCold } = require('./cold');
const { measureDuplicates } = require('./duplicates');
const { measureConcurrent, printCostTable } = require('./concurrent');
const { measureFlood } = require('./flood');
const { measureHeld } = require('./held');
const { measureLatency } = require('./latency');
const { measureMemory } = require('./memory');
const { measurePacing } = require('./pacing');
const { measurePayouts } = require('./payouts');
const { measureWidgets } = require('./widgets');
const { measureXmlRepro } = require('./xml-repro');
const { CREDENTIAL } = require('./workflows');

const ROOT = join(__dirname, '..', '..');

/** n8n, not started, with the package and the bench's credential for the simulator; `env` added to its environment. */
async function prepareBenchN8n(n8n, sim, tarball, env = {}) {
	const version = n8n.version;
	const [port, brokerPort] = await freePorts(2);
	return await prepareN8n({
		...n8n,
		port,
		brokerPort,
		label: 'bench',
		tarball,
		credentials: [v1Credential(CREDENTIAL, sim.url, 'sim_tcn_key', 'sim_tcn_password')],
		extraEnv: {
			// COINREMITTER_EXPRESSION_ENGINE=legacy: n8n 2.x without its expression isolates, to tell their cost apart.
			N8N_EXPRESSION_ENGINE:
				process.env.COINREMITTER_EXPRESSION_ENGINE ?? (version.startsWith('1.') ? 'legacy' : 'vm'),
			...(CPU_PROF ? { NODE_OPTIONS: `--require ${join(__dirname, 'cpu-profile.js')}` } : {}),
			// COINREMITTER_BENCH_N8N_ENV='{"N8N_…":"…"}': n8n settings to measure, as a merchant sets them.
			...JSON.parse(process.env.COINREMITTER_BENCH_N8N_ENV ?? '{}'),
			...env,
		},
	});
}

function printMachine(n8n) {
	console.log(
		`machine: ${cpus().length} × ${cpus()[0].model}, Node ${process.version}, n8n ${n8n.version} (${n8n.n8nDir.split('/').pop()})`,
	);
}

// Both n8n lines, one after the other in one run; COINREMITTER_BENCH_N8N=<version>[,<version>…] runs
// the bench on those instead (e.g. 2.41.1 alone).
const VERSIONS = (process.env.COINREMITTER_BENCH_N8N || `${DEFAULT_VERSION},${NEWEST_2X}`).split(
	',',
);
const CPU_PROF = process.env.COINREMITTER_BENCH_CPU_PROF;
const MEASURES = [
	'latency',
	'pacing',
	'callbacks',
	'cold',
	'burst',
	'concurrent',
	'memory',
	'flood',
	'payouts',
	'widgets',
	'held',
	'duplicates',
	'xml',
];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : MEASURES;
const runs = (measure) => chosen.includes(measure);

/** A measure against a gateway of its own at the plan's real limit and 100 ms away. */
async function runAtPlanLimit(measure, n8n, tarball) {
	const sim = await startSimulator({ rateLimit: 100, rateWindowMs: 60_000, latencyMs: 100 });
	try {
		await measure((target, env) => prepareBenchN8n(n8n, target, tarball, env), sim);
	} finally {
		await sim.stop().catch(() => undefined);
	}
}

/** Every chosen measure on one n8n line; answers the callback-cost figures (measure 6), if run. */
async function benchOn(version, tarball) {
	const n8n = { ...(await installN8n(version)), version };
	const sim = await startSimulator({ rateLimit: 1_000_000 });
	let instance;
	let concurrent;
	try {
		instance = await prepareBenchN8n(n8n, sim, tarball);
		if (runs('latency')) await measureLatency(instance, sim);
		if (runs('pacing')) await measurePacing(instance, sim);
		if (runs('cold')) await measureCold(instance, sim);
		if (runs('callbacks')) await measureCallbacks(instance);
		if (runs('concurrent')) concurrent = await measureConcurrent(instance, sim, `n8n ${version}`);
		if (runs('memory'))
			for (const [remembered, f] of Object.entries(measureMemory()))
				console.log(
					`7. ${remembered} remembered: per callback, n8n's load ${f.load.toFixed(3)} ms, the memory ${f.memory.toFixed(3)} ms, n8n's write-back ${f.save.toFixed(3)} ms`,
				);
		if (runs('burst')) await runAtPlanLimit(measureBurst, n8n, tarball);
		if (runs('flood')) await runAtPlanLimit(measureFlood, n8n, tarball);
		if (runs('payouts')) await runAtPlanLimit(measurePayouts, n8n, tarball);
		if (runs('widgets')) await runAtPlanLimit(measureWidgets, n8n, tarball);
		if (runs('held')) await runAtPlanLimit(measureHeld, n8n, tarball);
		if (runs('duplicates'))
			await measureDuplicates((target) => prepareBenchN8n(n8n, target, tarball), sim);
		if (runs('xml')) await measureXmlRepro(version);
		printMachine(n8n);
		return concurrent;
	} finally {
		await instance?.dispose();
		await sim.stop().catch(() => undefined);
	}
}

(async () => {
	execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
	const tarball = await packPackage(mkdtempSync(join(tmpdir(), 'bench-pack-')));
	const costs = [];
	for (const version of VERSIONS) costs.push(await benchOn(version, tarball));
	printCostTable(costs.filter(Boolean));
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
