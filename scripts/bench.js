#!/usr/bin/env node
'use strict';
// `npm run bench`: the package against n8n's own nodes, in one run of a real n8n and the simulator.
//   1. CoinRemitter node vs HTTP Request node: the same 200 v1 calls, time ratio.
//   2. 300 calls under a 100-per-window limit with the window scaled down to 6 s: achieved rate as a
//      fraction of the limit, and the 429s that reached the user.
//   3. CoinRemitter Trigger vs Webhook node: the same multipart callbacks, callbacks per second,
//      and the trigger's parse cost per callback.
const { mkdtempSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');

const ROOT = join(__dirname, '..');
const { startSimulator, callbacks } = require('../simulator/server');
const { N8nInstance, freePorts, installLikeN8n, packPackage } = require('./n8n-instance');

const ITEMS = 200;
const PACED_CALLS = 300;
const PACED_LIMIT = 100;
const PACED_WINDOW_S = 6;
const CALLBACKS = 300;
const CONCURRENCY = 10;

const CREDENTIAL = { id: 'crBenchV1Sim0001', name: 'CoinRemitter (bench)' };

function manualWith(nodes, id) {
	const all = [
		{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'items',
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [200, 0],
			parameters: { jsCode: `return Array.from({ length: ${ITEMS} }, (_, i) => ({ json: { i } }));` },
		},
		...nodes,
	];
	const connections = {};
	for (let i = 0; i < all.length - 1; i++) connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name: id, nodes: all, connections, active: false, settings: {}, pinData: {} };
}

const coinRemitterBalance = (options = {}) => ({
	id: 'cr',
	name: 'CoinRemitter',
	type: 'n8n-nodes-coinremitter.coinRemitter',
	typeVersion: 1,
	position: [400, 0],
	parameters: { apiVersion: 'v1', resource: 'wallet', operation: 'getBalance', options },
	credentials: { coinRemitterApi: CREDENTIAL },
	onError: 'continueRegularOutput',
});

const httpRequestBalance = (simUrl) => ({
	id: 'http',
	name: 'HTTP Request',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: [400, 0],
	parameters: {
		method: 'POST',
		url: `${simUrl}/v1/wallet/balance`,
		sendHeaders: true,
		headerParameters: {
			parameters: [
				{ name: 'x-api-key', value: 'sim_tcn_key' },
				{ name: 'x-api-password', value: 'sim_tcn_password' },
			],
		},
		options: {},
	},
});

const nodeTime = (run, name) => run.data.resultData.runData[name][0].executionTime;
const nodeItems = (run, name) => run.data.resultData.runData[name][0].data.main[0].map((item) => item.json);

function triggerWorkflow(webhookId) {
	return {
		id: 'crBenchTrigger01',
		name: 'bench trigger',
		nodes: [
			{
				id: 't',
				name: 'CoinRemitter Trigger',
				type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'], options: { skipDuplicates: false, verify: false } },
			},
			{ id: 'n', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: {} },
		],
		connections: { 'CoinRemitter Trigger': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
	};
}

function webhookWorkflow(path) {
	return {
		id: 'crBenchWebhook01',
		name: 'bench webhook',
		nodes: [
			{ id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: path, parameters: { httpMethod: 'POST', path, options: {} } },
			{ id: 'n', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: {} },
		],
		connections: { Webhook: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
	};
}

async function fireAll(url, payloads) {
	let next = 0;
	let failed = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < payloads.length) {
				const payload = payloads[next++];
				const answer = await callbacks.fireCallback(url, payload);
				if (answer.status !== 200) failed++;
			}
		}),
	);
	return { perSecond: payloads.length / ((performance.now() - started) / 1000), failed };
}

async function waitRegistered(url) {
	for (let i = 0; i < 120; i++) {
		const response = await fetch(url, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
		if (response.status !== 404) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`webhook ${url} never registered`);
}

function parseCostMicroseconds(payloads) {
	const { readFields, classify, typeFields } = require('../dist/nodes/CoinRemitterTrigger/callbacks/parse');
	const { parseMultipart } = require('../simulator/multipart');
	const bodies = payloads.map((payload) => {
		const { body, contentType } = callbacks.encodeCallback(payload);
		return { data: parseMultipart(body, contentType), files: {} };
	});
	const rounds = 20;
	const started = performance.now();
	for (let round = 0; round < rounds; round++) {
		for (const body of bodies) {
			const fields = readFields(structuredClone(body));
			typeFields(classify(fields).schema, fields);
		}
	}
	return ((performance.now() - started) * 1000) / (rounds * bodies.length);
}

(async () => {
	execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
	const [n8nDir, nodeBinDir] = execFileSync('bash', [join(ROOT, 'scripts', 'install-n8n.sh'), '1.123.81'], { encoding: 'utf8' }).split('\n').slice(-3);
	const sim = await startSimulator({ rateLimit: 1_000_000 });
	const instance = new N8nInstance({ n8nDir: n8nDir.trim(), nodeBinDir: nodeBinDir.trim() || undefined, ...(await freePorts(2).then(([port, brokerPort]) => ({ port, brokerPort }))), label: 'bench' });
	const figures = {};
	try {
		await installLikeN8n(instance.userFolder, await packPackage(mkdtempSync(join(tmpdir(), 'bench-pack-'))));
		await instance.importCredentials([{ ...CREDENTIAL, type: 'coinRemitterApi', data: { apiKey: 'sim_tcn_key', apiPassword: 'sim_tcn_password', baseUrl: sim.url } }]);

		// 1. the same 200 calls through each node (a warm-up run first, then the better of three)
		const ours = [];
		const theirs = [];
		for (let round = 0; round < 6; round++) {
			const a = await instance.execute(manualWith([coinRemitterBalance()], 'crBenchNodeCr001'));
			const b = await instance.execute(manualWith([httpRequestBalance(sim.url)], 'crBenchNodeHttp1'));
			if (round === 0) continue;
			if (nodeItems(a, 'CoinRemitter').length !== ITEMS || nodeItems(b, 'HTTP Request').length !== ITEMS) throw new Error('a benchmark run lost items');
			ours.push(nodeTime(a, 'CoinRemitter'));
			theirs.push(nodeTime(b, 'HTTP Request'));
		}
		const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
		figures.nodeMs = median(ours);
		figures.httpMs = median(theirs);
		figures.nodeRatio = figures.nodeMs / figures.httpMs;
		console.log(
			`1. ${ITEMS} v1 calls (median of 5): CoinRemitter node ${figures.nodeMs} ms, HTTP Request node ${figures.httpMs} ms, time ratio ${figures.nodeRatio.toFixed(2)} (below 1: the CoinRemitter node is faster; runs ${ours.join('/')} vs ${theirs.join('/')} ms)`,
		);

		// 2. pacing under the limit
		await sim.stop();
		const paced = await startSimulator({ rateLimit: PACED_LIMIT, rateWindowMs: PACED_WINDOW_S * 1000, port: Number(new URL(sim.url).port) });
		const workflow = manualWith([coinRemitterBalance({ rateLimitWindow: PACED_WINDOW_S, maxRateLimitWait: 120 })], 'crBenchPaced0001');
		workflow.nodes[1].parameters.jsCode = `return Array.from({ length: ${PACED_CALLS} }, (_, i) => ({ json: { i } }));`;
		const run = await instance.execute(workflow);
		const items = nodeItems(run, 'CoinRemitter');
		const elapsedS = nodeTime(run, 'CoinRemitter') / 1000;
		const limitPerS = PACED_LIMIT / PACED_WINDOW_S;
		figures.pacedFraction = PACED_CALLS / elapsedS / limitPerS;
		// N calls at L per window need at least floor((N - 1) / L) whole windows of waiting.
		const fastestS = Math.floor((PACED_CALLS - 1) / PACED_LIMIT) * PACED_WINDOW_S;
		figures.pacedUserErrors = items.filter((item) => item.error).length;
		figures.paced429AtServer = paced.requests.filter((request) => request.status === 429).length;
		console.log(
			`2. ${PACED_CALLS} calls under ${PACED_LIMIT} per ${PACED_WINDOW_S} s (100/min scaled 10x): ${elapsedS.toFixed(1)} s, ${(PACED_CALLS / elapsedS).toFixed(2)} calls/s = ${(figures.pacedFraction * 100).toFixed(0)}% of the nominal ${limitPerS.toFixed(2)}/s (bursts at both window edges); the fastest the limit allows is ${fastestS} s, so ${((fastestS / elapsedS) * 100).toFixed(0)}% of the best possible; 429s that reached the user: ${figures.pacedUserErrors}; 429s answered by the server: ${figures.paced429AtServer}`,
		);
		await paced.stop();

		// 3. callbacks
		const triggerId = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
		await instance.importWorkflow(triggerWorkflow(triggerId));
		await instance.importWorkflow(webhookWorkflow('bench-webhook'));
		await instance.activate('crBenchTrigger01');
		await instance.activate('crBenchWebhook01');
		await instance.start();
		const triggerUrl = `${instance.baseUrl}/webhook/${triggerId}/webhook`;
		const webhookUrl = `${instance.baseUrl}/webhook/bench-webhook`;
		await waitRegistered(triggerUrl);
		await waitRegistered(webhookUrl);
		const payloads = Array.from({ length: CALLBACKS }, (_, i) => ({
			id: `bench-${i}`,
			txid: 'f'.repeat(64),
			type: 'receive',
			coin_symbol: 'TCN',
			address: 'T' + '7'.repeat(33),
			amount: '0.12345678',
			confirmations: '3',
			required_confirmations: '3',
			status_code: '1',
			date: '2026-11-22 10:00:00',
			transaction_timestamp: '1795341600000',
		}));
		await fireAll(webhookUrl, payloads.slice(0, 30));
		await fireAll(triggerUrl, payloads.slice(0, 30));
		const webhook = await fireAll(webhookUrl, payloads);
		const trigger = await fireAll(triggerUrl, payloads);
		figures.triggerPerS = trigger.perSecond;
		figures.webhookPerS = webhook.perSecond;
		figures.callbackRatio = trigger.perSecond / webhook.perSecond;
		figures.parseUs = parseCostMicroseconds(payloads);
		console.log(
			`3. ${CALLBACKS} multipart callbacks, ${CONCURRENCY} at a time: CoinRemitter Trigger ${trigger.perSecond.toFixed(1)}/s, Webhook node ${webhook.perSecond.toFixed(1)}/s, ratio ${figures.callbackRatio.toFixed(2)} (higher is faster; failed: ${trigger.failed} / ${webhook.failed}); trigger parse cost ${figures.parseUs.toFixed(1)} µs per callback`,
		);
		console.log(`machine: ${cpus().length} × ${cpus()[0].model}, Node ${process.version}, n8n 1.123 (${n8nDir.trim().split('/').pop()})`);
	} finally {
		await instance.stop();
		instance.cleanup();
		await sim.stop().catch(() => undefined);
	}
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
