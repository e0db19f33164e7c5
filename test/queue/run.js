#!/usr/bin/env node
'use strict';
// Queue-mode end-to-end suite: n8n 1.123 as merchants run it at scale — one main process, two
// workers taking executions from Redis, two webhook processes receiving callbacks, all on one
// PostgreSQL — with the packed package installed as n8n installs it and the simulator as gateway.
// Measures and asserts: duplicates per callback posted to both webhook processes at once (the
// trigger alone, and the README's exactly-once recipe), keys lost under a burst, withdrawals per
// intended payout after a worker is killed mid-withdrawal, and 429s with two workers on one wallet.
// Prints the figures and a final "N passed, N failed" line; exits non-zero on any failure.
// Needs PostgreSQL and Redis: scripts/install-queue-services.sh (as root).
const { startSimulator, callbacks } = require('../../simulator/server');
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
	sleep,
	v1Credential,
	waitFor,
	webhookRegistered,
} = require('../harness');
const {
	createCluster,
	startCluster,
	startedExecutions,
	startedIds,
	stopCluster,
	workerLog,
} = require('./cluster');
const { startPostgres, startRedis, servicesInstalled } = require('./services');
const { PACE, PLAIN_HOOK, RECIPE_HOOK, workflows } = require('./workflows');

const N8N_VERSION = DEFAULT_VERSION;
const CALLBACKS = 10;
const figures = {};

/** Waits until at least `min` sink items of `wf` arrived and no more came for `quietMs`. */
async function settle(sim, wf, min, { quietMs = 3000, timeoutMs = 60000 } = {}) {
	const count = () => sim.sink.filter((item) => item.wf === wf).length;
	const deadline = Date.now() + timeoutMs;
	let last = -1;
	let since = Date.now();
	while (Date.now() < deadline) {
		const now = count();
		if (now !== last) {
			last = now;
			since = Date.now();
		} else if (now >= min && Date.now() - since >= quietMs) break;
		await sleep(200);
	}
	return sim.sink.filter((item) => item.wf === wf);
}

// ── the measurements ───────────────────────────────────────────────────────────────────────────
function newDeposits(sim, count, tag) {
	const address = 'T' + tag.repeat(33).slice(0, 33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'queue',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	return Array.from({ length: count }, (_, i) =>
		callbacks.v1TransactionWebhook(
			sim,
			sim.deposit('sim_tcn_key', address, `0.${String(i + 1).padStart(2, '0')}000000`, 1).id,
		),
	);
}

const perKey = (items) => {
	const counts = new Map();
	for (const item of items) counts.set(item.deliveryKey, (counts.get(item.deliveryKey) ?? 0) + 1);
	return counts;
};

async function checkConcurrentDuplicates(cluster, sim) {
	const [a, b] = cluster.hooks;
	const url = (instance, hook) => `${instance.baseUrl}/webhook/${hook}/webhook`;
	sim.options.latencyMs = 300; // a gateway 300 ms away: the verification round trip is the window
	try {
		for (const [wf, hook, label] of [
			['plain', PLAIN_HOOK, "the trigger's own skipping"],
			['recipe', RECIPE_HOOK, 'Remove Duplicates on deliveryKey'],
		]) {
			const payloads = newDeposits(sim, CALLBACKS, wf === 'plain' ? '1' : '2');
			const answers = await Promise.all(
				payloads.flatMap((payload) => [
					callbacks.fireCallback(url(a, hook), payload),
					callbacks.fireCallback(url(b, hook), payload),
				]),
			);
			const items = await settle(sim, wf, CALLBACKS);
			const counts = perKey(items);
			const executions = sim.sink.filter((item) => item.wf === wf).length;
			figures[`duplicates-${wf}`] = {
				posts: answers.length,
				ok: answers.filter((answer) => answer.status === 200).length,
				unique: counts.size,
				runs: executions,
			};
			console.log(
				`# ${label}: ${CALLBACKS} callbacks, each posted to webhook A and B at the same instant → ${executions} runs for ${counts.size} unique (${(executions / CALLBACKS).toFixed(2)} per callback)`,
			);
			check(
				`[${label}] every post answered 200 and every callback ran at least once`,
				answers.every((answer) => answer.status === 200) && counts.size === CALLBACKS,
				JSON.stringify(figures[`duplicates-${wf}`]),
			);
			if (wf === 'plain')
				check(
					`[${label}] at most 2 runs per callback (one per webhook process)`,
					[...counts.values()].every((n) => n <= 2),
					JSON.stringify([...counts]),
				);
			// n8n's deduplication store is read-then-write without a lock (deduplication-helper.js): two
			// executions of one key on two workers at the same moment can both pass. Fewer, not none.
			else
				check(
					`[${label}] no more runs than without it`,
					executions <= figures['duplicates-plain'].runs,
					JSON.stringify([...counts]),
				);
		}
		// The exactly-once recipe: every CoinRemitter callback routed to one webhook process (its claim
		// is synchronous there), Remove Duplicates on deliveryKey in the workflow.
		const payloads = newDeposits(sim, CALLBACKS, '3');
		await Promise.all(
			payloads.flatMap((payload) => [
				callbacks.fireCallback(url(a, RECIPE_HOOK), payload),
				callbacks.fireCallback(url(a, RECIPE_HOOK), payload),
			]),
		);
		const before = figures['duplicates-recipe'].runs;
		const items = await settle(sim, 'recipe', before + CALLBACKS);
		const runs = items.length - before;
		figures['duplicates-routed'] = runs;
		console.log(
			`# exactly-once recipe (one webhook process for CoinRemitter callbacks + Remove Duplicates): ${CALLBACKS} callbacks, each posted twice to webhook A at the same instant → ${runs} runs (${(runs / CALLBACKS).toFixed(2)} per callback)`,
		);
		check(
			'[exactly-once recipe: callbacks routed to one webhook process] exactly 1 run per callback',
			runs === CALLBACKS && perKey(items.slice(before)).size === CALLBACKS,
			String(runs),
		);
	} finally {
		sim.options.latencyMs = 0;
	}
}

async function checkKeysLost(cluster, sim, postgres) {
	const [a, b] = cluster.hooks;
	const url = (instance) => `${instance.baseUrl}/webhook/${PLAIN_HOOK}/webhook`;
	const before = sim.sink.filter((item) => item.wf === 'plain').length;
	const payloads = newDeposits(sim, CALLBACKS, '4');
	const keysBefore = await storedKeys(postgres);
	await Promise.all(payloads.map((payload) => callbacks.fireCallback(url(a), payload)));
	await settle(sim, 'plain', before + CALLBACKS);
	const stored = (await storedKeys(postgres)) - keysBefore;
	const afterBurst = sim.sink.filter((item) => item.wf === 'plain').length;
	const replies = await Promise.all(
		payloads.map((payload) => callbacks.fireCallback(url(b), payload)),
	);
	await sleep(3000);
	const second = sim.sink.filter((item) => item.wf === 'plain').length - afterBurst;
	figures.keysLost = { stored, second };
	console.log(
		`# keys lost: ${CALLBACKS} different callbacks at once to webhook A → ${afterBurst - before} runs, ${stored} of ${CALLBACKS} keys in static data; the same ${CALLBACKS} then to webhook B → ${second} second runs`,
	);
	check(
		'[keys lost] every key of a burst to one webhook process is in static data',
		stored === CALLBACKS,
		String(stored),
	);
	check(
		'[keys lost] replaying the burst to the other webhook process starts nothing (0 keys lost)',
		second === 0 && replies.every((reply) => reply.body.includes('duplicate')),
		`${second} ${replies
			.map((reply) => reply.body)
			.join(' | ')
			.slice(0, 300)}`,
	);
}

async function storedKeys(postgres) {
	const raw = await postgres.psql(
		`SELECT "staticData" FROM workflow_entity WHERE id = 'crQueuePlain0001'`,
		'n8n',
	);
	const data = raw ? JSON.parse(raw) : {};
	return Object.keys(data['node:CoinRemitter Trigger']?.delivered ?? {}).length;
}

async function checkPacing(cluster, sim) {
	const [a, b] = cluster.hooks;
	sim.reset();
	sim.options.rateLimit = 10;
	sim.options.rateWindowMs = 2000;
	const started = cluster.workers.map(startedExecutions);
	try {
		const t0 = Date.now();
		await Promise.all(
			[a, b, a, b].map((instance) =>
				fetch(`${instance.baseUrl}/webhook/q-pace`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: '{}',
				}),
			),
		);
		const runs = await settle(sim, 'pace', 4, { timeoutMs: 150000, quietMs: 1000 });
		const seconds = (Date.now() - t0) / 1000;
		const perWorker = cluster.workers.map((worker, i) => startedExecutions(worker) - started[i]);
		const at429 = sim.requests.filter(
			(request) => request.path === '/v1/wallet/balance' && request.status === 429,
		).length;
		const reads = sim.requests.filter(
			(request) => request.path === '/v1/wallet/balance' && request.status === 200,
		).length;
		const errors = runs.flatMap((r) => r.errors ?? []);
		const userVisible429 = errors.filter((error) =>
			/429|1006|too many|rate limit/i.test(error),
		).length;
		figures.pacing = {
			runs: runs.length,
			perWorker,
			reads,
			at429,
			errors: errors.length,
			userVisible429,
			seconds,
		};
		console.log(
			`# pacing: 4 executions × 10 balance reads on one wallet (10 per 2 s), executions per worker ${perWorker.join('/')}: ${reads} reads answered, 429s answered by the gateway ${at429} (waited out), errors reaching users ${errors.length} (429s: ${userVisible429}), ${seconds.toFixed(1)} s`,
		);
		check(
			'[pacing] all 4 executions finished with their 10 reads each',
			runs.length === 4 && runs.every((r) => r.ok === 10),
			JSON.stringify(runs).slice(0, 500),
		);
		check(
			'[pacing] 0 rate-limit errors reach users',
			userVisible429 === 0 && errors.length === 0,
			errors.slice(0, 3).join(' | '),
		);
	} finally {
		sim.options.rateLimit = 1000;
		sim.options.rateWindowMs = 60000;
	}
}

async function checkWorkerKill(cluster, sim) {
	const [a] = cluster.hooks;
	sim.reset();
	sim.faults.delayMs = 3000; // the answer to a withdrawal comes 3 s after the payout is made
	const started = cluster.workers.map(startedExecutions);
	const t0 = Date.now();
	const response = await fetch(`${a.baseUrl}/webhook/q-payout`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ run: 'kill-test' }),
	});
	check(
		'[worker killed mid-withdrawal] the payout run was accepted',
		response.ok,
		String(response.status),
	);
	const inFlight = await waitFor(
		() => sim.requests.some((request) => request.path === '/v1/wallet/withdraw'),
		60000,
	);
	// The worker that started the newest execution (log lines may reach the file late: compare ids, not counts).
	await sleep(300);
	const newest = cluster.workers.map((worker) => Math.max(0, ...startedIds(worker)));
	const running = newest[0] === newest[1] ? -1 : newest.indexOf(Math.max(...newest));
	check(
		'[worker killed mid-withdrawal] a worker took the run and its first withdrawal is under way',
		inFlight && running >= 0,
		`${inFlight} ${running}`,
	);
	if (!inFlight || running < 0) return;
	const victim = cluster.workers[running];
	await sleep(500);
	process.kill(-victim.process.pid, 'SIGKILL');
	const killedAt = Date.now();
	sim.faults.delayMs = 0;
	const [summary] = await settle(sim, 'payout', 1, { timeoutMs: 120000, quietMs: 500 });
	const rerunAfter = ((Date.now() - killedAt) / 1000).toFixed(1);
	const survivor = cluster.workers[1 - running];
	const sends = (address) =>
		[...sim.state.transactions.values()].filter(
			(tx) => tx.type === 'send' && tx.address === address,
		).length;
	const first = sends('T' + '5'.repeat(33));
	const second = sends('T' + '6'.repeat(33));
	const calls = sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;
	figures.workerKill = {
		first,
		second,
		calls,
		rerunAfter,
		survivorRan: startedExecutions(survivor) > started[1 - running],
	};
	const timeline = sim.requests
		.filter((request) => request.path === '/v1/wallet/withdraw')
		.map(
			(request) =>
				`${request.fields?.address?.slice(0, 2)} sent +${((request.at - t0) / 1000).toFixed(1)} s answered ${request.answeredAt ? `+${((request.answeredAt - t0) / 1000).toFixed(1)} s` : 'never'}`,
		);
	console.log(`# withdrawals: ${timeline.join('; ')}`);
	for (const worker of cluster.workers) {
		const lines = workerLog(worker)
			.split('\n')
			.filter((line) => /execution|stalled|job/i.test(line))
			.slice(-8)
			.map((line) => line.slice(0, 220));
		console.log(`# ${worker.label}: ${lines.join('\n#   ')}`);
	}
	console.log(
		`# worker kill: worker ${running + 1} killed (kill -9) ${((killedAt - t0) / 1000).toFixed(1)} s into the run, during payout 1's withdrawal; the other worker re-ran the execution ${rerunAfter} s later; withdrawals: payout 1 → ${first}, payout 2 → ${second} (withdraw calls ${calls})`,
	);
	check(
		'[worker killed mid-withdrawal] n8n re-ran the execution on the other worker',
		summary !== undefined && figures.workerKill.survivorRan,
		JSON.stringify(summary ?? {}).slice(0, 300),
	);
	check(
		'[worker killed mid-withdrawal] 1 withdrawal per intended payout',
		first === 1 && second === 1,
		JSON.stringify(figures.workerKill),
	);
	const [firstResult, secondResult] = summary?.results ?? [];
	check(
		'[worker killed mid-withdrawal] the re-run reports payout 1 as already attempted and pays payout 2',
		/already attempted/.test(String(firstResult?.error)) &&
			secondResult?.amount === '0.20000000' &&
			!secondResult?.error,
		JSON.stringify(summary?.results),
	);
}

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
		await attempt('concurrent duplicates', () => checkConcurrentDuplicates(cluster, sim));
		await attempt('keys lost', () => checkKeysLost(cluster, sim, postgres));
		await attempt('pacing across workers', () => checkPacing(cluster, sim));
		await attempt('worker killed mid-withdrawal', () => checkWorkerKill(cluster, sim));
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
