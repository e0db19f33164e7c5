#!/usr/bin/env node
'use strict';
// Queue-mode end-to-end suite: n8n 1.123 as merchants run it at scale — one main process, two
// workers taking executions from Redis, two webhook processes receiving callbacks, all on one
// PostgreSQL — with the packed package installed as n8n installs it and the simulator as gateway.
// Measures and asserts: duplicates per callback posted to both webhook processes at once (the
// trigger alone, and the README's exactly-once recipe), keys lost under a burst, withdrawals per
// intended payout after a worker is killed mid-withdrawal, and 429s with two workers on one wallet.
// Prints the figures and a final "N passed, N failed" line; exits non-zero on any failure.
// Needs PostgreSQL and Redis: scripts/install-queue-services.sh (as root). The cluster is in
// cluster.js, its workflows in workflows.js, the checks in checks/.
const { startSimulator } = require('../../simulator/server');
const {
	attempt,
	check,
	credentialsFor,
	DEFAULT_VERSION,
	finish,
	freePorts,
	installN8n,
	packPackage,
	results,
	v1Credential,
	webhookRegistered,
} = require('../harness');
const { checkConcurrentDuplicates, checkKeysLost } = require('./checks/duplicates');
const { checkPacing } = require('./checks/pacing');
const { checkWorkerKill } = require('./checks/worker-kill');
const { createCluster, startCluster, stopCluster } = require('./cluster');
const { startPostgres, startRedis, servicesInstalled } = require('./services');
const { PACE, PLAIN_HOOK, workflows } = require('./workflows');

const N8N_VERSION = DEFAULT_VERSION;
const figures = {};

/** Both webhook processes answer for the trigger: the active workflows are registered everywhere. */
async function checkClusterUp(cluster) {
	const registered = await Promise.all(
		cluster.hooks.map((hook) => webhookRegistered(`${hook.baseUrl}/webhook/${PLAIN_HOOK}/webhook`)),
	);
	check(
		'main, 2 workers and 2 webhook processes are up; both webhook processes serve the trigger',
		registered.every(Boolean),
	);
}

(async () => {
	const t0 = Date.now();
	if (!servicesInstalled()) {
		check(
			'PostgreSQL and Redis are installed',
			false,
			'run scripts/install-queue-services.sh as root',
		);
		finish();
	}
	const sim = await startSimulator({ rateLimit: 1000 });
	const [pgPort, redisPort] = await freePorts(2);
	let postgres;
	let redis;
	let cluster;
	try {
		const [tarball, n8n] = await Promise.all([packPackage(), installN8n(N8N_VERSION)]);
		[postgres, redis] = await Promise.all([startPostgres(pgPort), startRedis(redisPort)]);
		console.log(
			`# PostgreSQL on 127.0.0.1:${pgPort}, Redis on 127.0.0.1:${redisPort}, n8n ${N8N_VERSION}`,
		);
		cluster = await createCluster({ n8n, tarball, postgres, redis });
		await startCluster(cluster, {
			credentials: [
				...credentialsFor(sim.url),
				v1Credential(PACE, sim.url, 'sim_ltc_key', 'sim_ltc_password'),
			],
			workflows: workflows(sim.url),
		});
		await checkClusterUp(cluster);
		console.log(`# cluster up after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
		sim.reset();
		sim.sink.length = 0;
		await attempt('concurrent duplicates', () => checkConcurrentDuplicates(cluster, sim, figures));
		await attempt('keys lost', () => checkKeysLost(cluster, sim, postgres, figures));
		await attempt('pacing across workers', () => checkPacing(cluster, sim, figures));
		await attempt('worker killed mid-withdrawal', () => checkWorkerKill(cluster, sim, figures));
	} catch (error) {
		check('queue-mode cluster', false, String(error?.stack ?? error).slice(0, 2000));
	} finally {
		if (cluster) await stopCluster(cluster, { showLogs: results.failed > 0 });
		await Promise.all([postgres?.stop(), redis?.stop(), sim.stop()]);
	}
	console.log(`# figures ${JSON.stringify(figures)}`);
	console.log(`# queue-mode suite: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	finish();
})();
