'use strict';
// Measure 2: a batch larger than one rate-limit window allows (PACED_CALLS reads under
// PACED_LIMIT per PACED_WINDOW_S at PACED_LATENCY_MS): the achieved rate as a fraction of the
// limit and of the best the limit allows, 429s answered by the gateway and reaching the user;
// then the same batch through the HTTP Request node, for contrast.
const { startSimulator } = require('../../simulator/server');
const { v1Credential } = require('../n8n-runtime');
const {
	chain,
	coinRemitterBalance,
	httpRequestBalance,
	itemsNode,
	nodeItems,
	nodeTime,
	PACED_CREDENTIAL,
} = require('./workflows');

const PACED_CALLS = 100;
const PACED_LIMIT = 20;
const PACED_WINDOW_S = 2;
const PACED_LATENCY_MS = 50;

/** The bench's simulator replaced, on the same port, by one that enforces the small limit. */
async function pacedSimulator(sim) {
	await sim.stop();
	return await startSimulator({
		rateLimit: PACED_LIMIT,
		rateWindowMs: PACED_WINDOW_S * 1000,
		latencyMs: PACED_LATENCY_MS,
		port: Number(new URL(sim.url).port),
	});
}

/** N calls at L per window need floor((N - 1) / L) whole windows of waiting, plus the last answer's round trip. */
const bestSeconds = () =>
	Math.floor((PACED_CALLS - 1) / PACED_LIMIT) * PACED_WINDOW_S + PACED_LATENCY_MS / 1000;

async function throughCoinRemitter(instance, paced) {
	const options = { rateLimitWindow: PACED_WINDOW_S, maxRateLimitWait: 120 };
	const run = await instance.execute(
		chain(
			[
				itemsNode('Items', PACED_CALLS),
				coinRemitterBalance('CoinRemitter', options, PACED_CREDENTIAL),
			],
			'crBenchPaced0001',
		),
	);
	const items = nodeItems(run, 'CoinRemitter');
	const elapsedS = nodeTime(run, 'CoinRemitter') / 1000;
	const limitPerS = PACED_LIMIT / PACED_WINDOW_S;
	const bestS = bestSeconds();
	const figures = {
		elapsedS,
		perS: PACED_CALLS / elapsedS,
		ofNominal: PACED_CALLS / elapsedS / limitPerS,
		ofBest: bestS / elapsedS,
		items: items.length,
		failed: items.filter((item) => item.error).length,
		at429Gateway: paced.requests.filter((request) => request.status === 429).length,
		requests: paced.requests.length,
	};
	const reachingUser = items.filter(
		(item) => item.httpCode === '429' || /1006/.test(String(item.error)),
	).length;
	console.log(
		`2. ${PACED_CALLS} reads under ${PACED_LIMIT} per ${PACED_WINDOW_S} s at ${PACED_LATENCY_MS} ms latency, CoinRemitter node: ${elapsedS.toFixed(2)} s, ${figures.perS.toFixed(2)} reads/s = ${(figures.ofNominal * 100).toFixed(0)}% of the nominal ${limitPerS.toFixed(1)}/s (a fixed window lets a full batch through at both edges); the best the limit allows is ${bestS.toFixed(2)} s, so ${(figures.ofBest * 100).toFixed(1)}% of the best; items ${figures.items}, failed ${figures.failed} (429s reaching the user: ${reachingUser}); requests ${figures.requests}, 429s answered by the gateway: ${figures.at429Gateway}`,
	);
	return figures;
}

async function throughHttpRequest(instance, paced) {
	paced.reset();
	const run = await instance.execute(
		chain([itemsNode('Items', PACED_CALLS), httpRequestBalance(paced.url)], 'crBenchPacedHttp'),
	);
	const items = nodeItems(run, 'HTTP Request');
	const figures = {
		ms: nodeTime(run, 'HTTP Request'),
		items: items.length,
		failed: items.filter((item) => item.error).length,
		at429Gateway: paced.requests.filter((request) => request.status === 429).length,
	};
	console.log(
		`   the same batch through the HTTP Request node: ${figures.ms} ms, items ${figures.items}, failed ${figures.failed}, 429s answered by the gateway: ${figures.at429Gateway}`,
	);
	return figures;
}

/** Stops `sim` (the paced simulator takes its port); returns { paced, pacedHttp }. */
async function measurePacing(instance, sim) {
	const paced = await pacedSimulator(sim);
	try {
		await instance.importCredentials([
			v1Credential(PACED_CREDENTIAL, paced.url, 'sim_tcn_key', 'sim_tcn_password'),
		]);
		return {
			paced: await throughCoinRemitter(instance, paced),
			pacedHttp: await throughHttpRequest(instance, paced),
		};
	} finally {
		await paced.stop();
	}
}

module.exports = { measurePacing };
