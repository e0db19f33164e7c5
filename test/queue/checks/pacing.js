'use strict';
// Pacing across workers: balance reads of one wallet under a small rate limit, from several
// executions on two workers at once; 429s must not reach users.
const { check } = require('../../report');
const { waitFor } = require('../../../scripts/n8n-runtime');
const { startedExecutions } = require('../cluster');
const { settle } = require('../sink');

async function checkPacing(cluster, sim, figures) {
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

/**
 * A withdrawal on the paced wallet right after the paced run, with the node's default one-minute
 * window: it must not wait for the paced run's 2 s window, counted full, to last a minute.
 */
async function checkWithdrawalAfterPacing(cluster, sim, figures) {
	const [a] = cluster.hooks;
	const t0 = Date.now();
	const response = await fetch(`${a.baseUrl}/webhook/q-pace-payout`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ key: 'after-pacing' }),
	});
	const reached = await waitFor(
		() =>
			sim.requests.some((request) => request.path === '/v1/wallet/withdraw' && request.at >= t0),
		20000,
	);
	const seconds = (Date.now() - t0) / 1000;
	const [result] = await settle(sim, 'pacePayout', 1, { timeoutMs: 90000, quietMs: 500 });
	figures.withdrawalAfterPacing = { seconds, result };
	console.log(
		`# withdrawal on the paced wallet right after the paced run: reached the gateway after ${seconds.toFixed(1)} s, ${JSON.stringify(result)}`,
	);
	check(
		'[withdrawal after a paced run on the same wallet] reaches the gateway within 5 s and is paid',
		response.ok && reached && seconds < 5 && result?.amount === '0.01000000' && !result?.error,
		JSON.stringify(figures.withdrawalAfterPacing),
	);
}

module.exports = { checkPacing, checkWithdrawalAfterPacing };
