#!/usr/bin/env node
'use strict';
// Queue-mode end-to-end suite, on each n8n line (1.123 and 2.x): n8n as merchants run it at scale — one main process, two
// workers taking executions from Redis, two webhook processes receiving callbacks, all on one
// PostgreSQL — with the packed package installed as n8n installs it and the simulator as gateway.
// Measures and asserts: duplicates per callback posted to both webhook processes at once (the
// trigger alone, and the README's exactly-once recipe), keys lost under a burst, withdrawals per
// intended payout after a worker is killed mid-withdrawal, and 429s with two workers on one wallet;
// and examples/exactly-once-queue-mode.json's claims: on the queue's own Redis after the trigger
// (n8n's Redis node, INCR on deliveryKey), and on the queue's own PostgreSQL before a withdrawal
// (n8n's Postgres node: the Payout Key and the day's budget in one statement), measured against the
// node's own Payout Key and Maximum Total per Day alone.
// Prints the figures and a final "N passed, N failed" line; exits non-zero on any failure.
// Needs PostgreSQL and Redis: scripts/install-queue-services.sh (as root). The cluster is in
// cluster.js, its workflows in workflows.js, the checks in checks/.
const { startSimulator } = require('../../simulator/server');
const { attempt, check, finish, results, runLinesAtOnce } = require('../report');
const {
	credentialsFor,
	freePorts,
	installN8n,
	packPackage,
	TARGETS,
	v1Credential,
	webhookRegistered,
} = require('../../scripts/n8n-runtime');
const { checkDeliveryClaim } = require('./checks/claims');
const { checkConcurrentDuplicates, checkKeysLost } = require('./checks/duplicates');
const { checkPacing, checkWithdrawalAfterPacing } = require('./checks/pacing');
const { checkPayoutNodeOnly, checkPayoutRecipe } = require('./checks/payouts');
const { checkWorkerKill } = require('./checks/worker-kill');
const { createCluster, expressionEngine, startCluster, stopCluster } = require('./cluster');
const { startPostgres, startRedis, servicesInstalled } = require('./services');
const { PACE, PLAIN_HOOK, postgresCredential, redisCredential, workflows } = require('./workflows');

// Both n8n lines by default; COINREMITTER_QUEUE_N8N=<version>[,<version>] keeps some of them.
const VERSIONS = (
	process.env.COINREMITTER_QUEUE_N8N ?? TARGETS.map((target) => target.version).join(',')
)
	.split(',')
	.map((version) => version.trim())
	.filter(Boolean);

/** Both webhook processes answer for the trigger: the active workflows are registered everywhere. */
async function checkClusterUp(cluster, tag) {
	const registered = await Promise.all(
		cluster.hooks.map((hook) => webhookRegistered(`${hook.baseUrl}/webhook/${PLAIN_HOOK}/webhook`)),
	);
	check(
		`${tag} main, 2 workers and 2 webhook processes are up; both webhook processes serve the trigger`,
		registered.every(Boolean),
	);
}

/** The whole suite on one n8n version: its own PostgreSQL, Redis and cluster. */
async function runOn(version, tarball, sim) {
	const t0 = Date.now();
	const tag = `[n8n ${version}]`;
	const figures = {};
	const [pgPort, redisPort] = await freePorts(2);
	let postgres;
	let redis;
	let cluster;
	const failedBefore = results.failed;
	try {
		const n8n = await installN8n(version);
		[postgres, redis] = await Promise.all([startPostgres(pgPort), startRedis(redisPort)]);
		const engine = expressionEngine(version);
		console.log(
			`# ${tag} PostgreSQL on 127.0.0.1:${pgPort}, Redis on 127.0.0.1:${redisPort}, expression engine ${engine}`,
		);
		cluster = await createCluster({ n8n, tarball, postgres, redis, version });
		sim.reset();
		await startCluster(cluster, {
			credentials: [
				...credentialsFor(sim.url),
				v1Credential(PACE, sim.url, 'sim_ltc_key', 'sim_ltc_password'),
				redisCredential(redis.port),
				postgresCredential(postgres.port),
			],
			workflows: workflows(sim.url),
		});
		await checkClusterUp(cluster, tag);
		console.log(`# ${tag} cluster up after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
		sim.reset();
		sim.sink.length = 0;
		await attempt(`${tag} concurrent duplicates`, () =>
			checkConcurrentDuplicates(cluster, sim, figures),
		);
		await attempt(`${tag} exactly-once claim on Redis after the trigger`, () =>
			checkDeliveryClaim(cluster, sim, redis, figures),
		);
		await attempt(`${tag} keys lost`, () => checkKeysLost(cluster, sim, postgres, figures));
		await attempt(`${tag} pacing across workers`, () => checkPacing(cluster, sim, figures));
		await attempt(`${tag} withdrawal right after a paced run on the same wallet`, () =>
			checkWithdrawalAfterPacing(cluster, sim, figures),
		);
		await attempt(`${tag} payout claim and budget on Postgres before a withdrawal`, () =>
			checkPayoutRecipe(cluster, sim, postgres, figures),
		);
		await attempt(`${tag} payouts with the node's Payout Key and daily cap alone`, () =>
			checkPayoutNodeOnly(cluster, sim, postgres, figures),
		);
		await attempt(`${tag} worker killed mid-withdrawal`, () =>
			checkWorkerKill(cluster, sim, figures),
		);
	} catch (error) {
		check(`${tag} queue-mode cluster`, false, String(error?.stack ?? error).slice(0, 2000));
	} finally {
		if (cluster) await stopCluster(cluster, { showLogs: results.failed > failedBefore });
		await Promise.all([postgres?.stop(), redis?.stop()]);
	}
	const seconds = (Date.now() - t0) / 1000;
	console.log(`# ${tag} figures ${JSON.stringify(figures)}`);
	console.log(`# ${tag} queue-mode suite: ${seconds.toFixed(0)} s`);
	return seconds;
}

(async () => {
	const t0 = Date.now();
	// Both lines at once, a process each (COINREMITTER_QUEUE_SERIAL=1: one after the other).
	if (VERSIONS.length > 1 && process.env.COINREMITTER_QUEUE_SERIAL !== '1')
		return await runLinesAtOnce(__filename, 'COINREMITTER_QUEUE_N8N', VERSIONS);
	if (!servicesInstalled()) {
		check(
			'PostgreSQL and Redis are installed',
			false,
			'run scripts/install-queue-services.sh as root',
		);
		finish();
	}
	const sim = await startSimulator({ rateLimit: 1000 });
	const durations = [];
	try {
		const tarball = await packPackage();
		for (const version of VERSIONS)
			durations.push(`n8n ${version} ${(await runOn(version, tarball, sim)).toFixed(0)} s`);
	} catch (error) {
		check('queue-mode suite', false, String(error?.stack ?? error).slice(0, 2000));
	} finally {
		await sim.stop();
	}
	console.log(
		`# queue-mode suite: ${((Date.now() - t0) / 1000).toFixed(0)} s (${durations.join(', ')})`,
	);
	finish();
})();
