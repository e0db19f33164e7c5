'use strict';
// Measure 2: a batch larger than one rate-limit window allows (PACED_CALLS reads under
// PACED_LIMIT per PACED_WINDOW_S at PACED_LATENCY_MS; the window set on the wallet's credential):
// the achieved rate as a fraction of the limit and of the best the limit allows, 429s answered by
// the gateway and reaching the user; then the same batch in a running n8n while a CoinRemitter
// Trigger of the same wallet verifies a callback every TRIGGER_EVERY_MS (the reserve for
// verification is held then, and only then); then the batch through the HTTP Request node, for
// contrast.
const { startSimulator, callbacks } = require('../../simulator/server');
const { sleep, v1Credential, waitFor, untilRegistered } = require('../n8n-runtime');
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
const TRIGGER_EVERY_MS = 1000;
const TRIGGER_ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const BATCH_PATH = 'bench-paced-batch';
const BALANCE = '/v1/wallet/balance';

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

/** The figures of one paced batch that took `elapsedS`. */
function pacedFigures(elapsedS, items, paced) {
	const limitPerS = PACED_LIMIT / PACED_WINDOW_S;
	return {
		elapsedS,
		perS: PACED_CALLS / elapsedS,
		ofNominal: PACED_CALLS / elapsedS / limitPerS,
		ofBest: bestSeconds() / elapsedS,
		items: items.length,
		failed: items.filter((item) => item.error).length,
		at429Gateway: paced.requests.filter((request) => request.status === 429).length,
		requests: paced.requests.length,
	};
}

function printPaced(label, figures, extra = '') {
	console.log(
		`${label}: ${figures.elapsedS.toFixed(2)} s, ${figures.perS.toFixed(2)} reads/s = ${(figures.ofNominal * 100).toFixed(0)}% of the nominal ${(PACED_LIMIT / PACED_WINDOW_S).toFixed(1)}/s (a fixed window lets a full batch through at both edges); the best the limit allows is ${bestSeconds().toFixed(2)} s, so ${(figures.ofBest * 100).toFixed(1)}% of the best; items ${figures.items}, failed ${figures.failed}; requests ${figures.requests}, 429s answered by the gateway: ${figures.at429Gateway}${extra}`,
	);
}

/** The batch with `n8n execute`: a process of its own, where no trigger runs. */
async function withoutTrigger(instance, paced) {
	paced.reset();
	const run = await instance.execute(
		chain(
			[
				itemsNode('Items', PACED_CALLS),
				coinRemitterBalance('CoinRemitter', { maxRateLimitWait: 120 }, PACED_CREDENTIAL),
			],
			'crBenchPaced0001',
		),
	);
	const items = nodeItems(run, 'CoinRemitter');
	const figures = pacedFigures(nodeTime(run, 'CoinRemitter') / 1000, items, paced);
	const reachingUser = items.filter(
		(item) => item.httpCode === '429' || /1006/.test(String(item.error)),
	).length;
	printPaced(
		`2. ${PACED_CALLS} reads under ${PACED_LIMIT} per ${PACED_WINDOW_S} s at ${PACED_LATENCY_MS} ms latency, CoinRemitter node, no trigger in the process`,
		figures,
		` (429s reaching the user: ${reachingUser})`,
	);
	return figures;
}

/** A workflow started by a webhook: the batch, then its items' tally to the simulator's sink. */
function batchWorkflow(simUrl) {
	const batch = chain(
		[
			itemsNode('Items', PACED_CALLS),
			coinRemitterBalance('CoinRemitter', { maxRateLimitWait: 120 }, PACED_CREDENTIAL),
			{
				id: 'tally',
				name: 'Tally',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [800, 0],
				parameters: {
					jsCode:
						'const all = $input.all(); return [{ json: { batch: { items: all.length, failed: all.filter((i) => i.json.error).length } } }];',
				},
			},
			{
				id: 'sink',
				name: 'Batch done',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [1000, 0],
				parameters: {
					method: 'POST',
					url: `${simUrl}/__sim/sink`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
					options: {},
				},
			},
		],
		'crBenchPacedBatch',
	);
	batch.nodes[0] = {
		id: 'start',
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: BATCH_PATH,
		position: [0, 0],
		parameters: { httpMethod: 'POST', path: BATCH_PATH, options: {} },
	};
	return batch;
}

/** The trigger as a merchant sets it up (verified), on the paced wallet. */
const triggerWorkflow = () => ({
	id: 'crBenchPacedTrig',
	name: 'crBenchPacedTrig',
	nodes: [
		{
			id: 't',
			name: 'CoinRemitter Trigger',
			type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
			typeVersion: 1,
			webhookId: TRIGGER_ID,
			position: [0, 0],
			parameters: { events: ['deposit'], options: {} },
			credentials: { coinRemitterApi: PACED_CREDENTIAL },
		},
	],
	connections: {},
	active: false,
	settings: {},
	pinData: {},
});

/** A confirmed deposit on a fresh address of the paced wallet, `index` apart; its callback. */
function depositCallback(paced, index) {
	const address = 'T' + 'c'.repeat(33);
	paced.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'paced',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	const deposit = paced.deposit('sim_tcn_key', address, `0.0${index + 10}00000`, 3);
	return callbacks.v1TransactionWebhook(paced, deposit.id);
}

/** The batch in a running n8n while its trigger verifies a callback every TRIGGER_EVERY_MS. */
async function withTrigger(instance, paced) {
	await instance.importWorkflow(triggerWorkflow());
	await instance.importWorkflow(batchWorkflow(paced.url));
	await instance.activate('crBenchPacedTrig');
	await instance.activate('crBenchPacedBatch');
	await instance.start();
	try {
		const triggerUrl = `${instance.baseUrl}/webhook/${TRIGGER_ID}/webhook`;
		await untilRegistered(triggerUrl);
		await sleep(PACED_WINDOW_S * 1000);
		paced.reset();
		// The trigger is at work before the batch starts, and all along it.
		const answers = [await callbacks.fireCallback(triggerUrl, depositCallback(paced, 0))];
		let done = false;
		const sending = (async () => {
			for (let i = 1; !done; i++) {
				await sleep(TRIGGER_EVERY_MS);
				answers.push(await callbacks.fireCallback(triggerUrl, depositCallback(paced, i)));
			}
		})();
		await fetch(`${instance.baseUrl}/webhook/${BATCH_PATH}`, { method: 'POST' });
		await waitFor(() => paced.sink.some((item) => item.batch !== undefined), 120000);
		done = true;
		await sending;
		const reads = paced.requests.filter((request) => request.path === BALANCE);
		const elapsedS =
			(Math.max(...reads.map((r) => r.answeredAt ?? 0)) - Math.min(...reads.map((r) => r.at))) /
			1000;
		const tally = paced.sink.find((item) => item.batch !== undefined).batch;
		const items = Array.from({ length: tally.items }, (_, i) => ({
			error: i < tally.failed ? 'failed' : undefined,
		}));
		const figures = pacedFigures(elapsedS, items, paced);
		const verifications = paced.requests.filter((request) => request.path !== BALANCE).length;
		figures.callbacks = answers.length;
		figures.callbacksAnswered200 = answers.filter((answer) => answer.status === 200).length;
		figures.verificationRequests = verifications;
		printPaced(
			`   the same batch in a running n8n while a CoinRemitter Trigger of the same wallet verifies a callback every ${TRIGGER_EVERY_MS / 1000} s (first read to last answer)`,
			figures,
			`; callbacks ${answers.length} (answered 200: ${figures.callbacksAnswered200}), verification requests ${verifications}`,
		);
		return figures;
	} finally {
		await instance.stop();
	}
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

/** Stops `sim` (the paced simulator takes its port); returns { paced, pacedWithTrigger, pacedHttp }. */
async function measurePacing(instance, sim) {
	const paced = await pacedSimulator(sim);
	try {
		// The window belongs to the wallet: set on its credential, read by the node and the trigger.
		const credential = v1Credential(PACED_CREDENTIAL, paced.url, 'sim_tcn_key', 'sim_tcn_password');
		credential.data.rateLimitWindow = PACED_WINDOW_S;
		await instance.importCredentials([credential]);
		return {
			paced: await withoutTrigger(instance, paced),
			pacedWithTrigger: await withTrigger(instance, paced),
			pacedHttp: await throughHttpRequest(instance, paced),
		};
	} finally {
		await paced.stop();
	}
}

module.exports = { measurePacing };
