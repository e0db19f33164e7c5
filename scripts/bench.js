#!/usr/bin/env node
'use strict';
// `npm run bench`: the package against n8n's own nodes, in one run of a real n8n and the simulator.
//   1. CoinRemitter node vs HTTP Request node: the same v1 reads (Wallet → Get Balance) at 0, 50
//      and 150 ms of gateway latency, for 10, 40 and 200 items: median of 3 after a warm-up, time
//      ratio, and how time grows with items. No rate limit binds here.
//   2. 100 reads under a limit of 20 per 2 s at 50 ms latency: achieved rate as a fraction of the
//      limit and of the best the limit allows, 429s answered by the gateway and reaching the user;
//      then the same batch through the HTTP Request node, for contrast.
//   3. CoinRemitter Trigger vs Webhook node: the same multipart callbacks, callbacks per second,
//      and the trigger's parse cost per callback.
// Where the bench drives HTTP itself it uses undici's pooled keep-alive client.
const { mkdtempSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { Agent, request } = require('undici');

const ROOT = join(__dirname, '..');
const { startSimulator, callbacks } = require('../simulator/server');
const { N8nInstance, freePorts, installLikeN8n, packPackage } = require('./n8n-instance');

const LATENCIES_MS = [0, 50, 150];
const ITEM_COUNTS = [10, 40, 200];
const ROUNDS = 3; // measured rounds per cell, after one warm-up round
const PACED_CALLS = 100;
const PACED_LIMIT = 20;
const PACED_WINDOW_S = 2;
const PACED_LATENCY_MS = 50;
const CALLBACKS = 300;
const CONCURRENCY = 10;
const http = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });

const CREDENTIAL = { id: 'crBenchV1Sim0001', name: 'CoinRemitter (bench)' };
// The paced batch uses a wallet of its own, as a real second wallet would be.
const PACED_CREDENTIAL = { id: 'crBenchV1Paced01', name: 'CoinRemitter (bench, paced)' };

let position = 0;
const place = () => [(position += 200), 0];

/** A Code node that outputs `count` items, whatever came in. */
const itemsNode = (name, count) => ({
	id: name,
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: place(),
	parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { i } }));` },
});

/** An HTTP Request node that sets the simulator's latency once, whatever came in. */
const latencyNode = (name, simUrl, ms) => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: place(),
	executeOnce: true,
	parameters: {
		method: 'POST',
		url: `${simUrl}/__sim/latency`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: JSON.stringify({ ms }),
		options: {},
	},
});

/** A manual workflow running `nodes` one after another. */
function chain(nodes, id) {
	position = 0;
	const all = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: place(),
			parameters: {},
		},
		...nodes,
	];
	const connections = {};
	for (let i = 0; i < all.length - 1; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name: id, nodes: all, connections, active: false, settings: {}, pinData: {} };
}

const coinRemitterBalance = (name = 'CoinRemitter', options = {}, credential = CREDENTIAL) => ({
	id: name,
	name,
	type: 'n8n-nodes-coinremitter.coinRemitter',
	typeVersion: 1,
	position: place(),
	parameters: { apiVersion: 'v1', resource: 'wallet', operation: 'getBalance', options },
	credentials: { coinRemitterApi: credential },
	onError: 'continueRegularOutput',
});

const httpRequestBalance = (simUrl, name = 'HTTP Request') => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: place(),
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
	onError: 'continueRegularOutput',
});

const nodeTime = (run, name) => run.data.resultData.runData[name][0].executionTime;
const nodeItems = (run, name) =>
	run.data.resultData.runData[name][0].data.main[0].map((item) => item.json);

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
				parameters: {
					events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'],
					options: { skipDuplicates: false, verify: false },
				},
			},
			{
				id: 'n',
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [200, 0],
				parameters: {},
			},
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
			{
				id: 'w',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: path,
				parameters: { httpMethod: 'POST', path, options: {} },
			},
			{
				id: 'n',
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [200, 0],
				parameters: {},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
	};
}

async function post(url, body, contentType) {
	const response = await request(url, {
		method: 'POST',
		body,
		headers: { 'content-type': contentType },
		dispatcher: http,
	});
	const text = await response.body.text();
	return { status: response.statusCode, body: text };
}

async function fireAll(url, payloads) {
	const bodies = payloads.map((payload) => callbacks.encodeCallback(payload));
	let next = 0;
	let failed = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < bodies.length) {
				const { body, contentType } = bodies[next++];
				const answer = await post(url, body, contentType);
				if (answer.status !== 200) failed++;
			}
		}),
	);
	return { perSecond: payloads.length / ((performance.now() - started) / 1000), failed };
}

async function waitRegistered(url) {
	for (let i = 0; i < 120; i++) {
		const response = await post(url, 'x=1', 'application/x-www-form-urlencoded');
		if (response.status !== 404) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`webhook ${url} never registered`);
}

function parseCostMicroseconds(payloads) {
	const {
		readFields,
		classify,
		typeFields,
	} = require('../dist/nodes/CoinRemitterTrigger/callbacks/parse');
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
	const [n8nDir, nodeBinDir] = execFileSync(
		'bash',
		[join(ROOT, 'scripts', 'install-n8n.sh'), '1.123.81'],
		{ encoding: 'utf8' },
	)
		.split('\n')
		.slice(-3);
	const sim = await startSimulator({ rateLimit: 1_000_000 });
	const instance = new N8nInstance({
		n8nDir: n8nDir.trim(),
		nodeBinDir: nodeBinDir.trim() || undefined,
		...(await freePorts(2).then(([port, brokerPort]) => ({ port, brokerPort }))),
		label: 'bench',
	});
	const figures = {};
	try {
		await installLikeN8n(
			instance.userFolder,
			await packPackage(mkdtempSync(join(tmpdir(), 'bench-pack-'))),
		);
		await instance.importCredentials([
			{
				...CREDENTIAL,
				type: 'coinRemitterApi',
				data: { apiKey: 'sim_tcn_key', apiPassword: 'sim_tcn_password', baseUrl: sim.url },
			},
		]);

		// 1. the same reads through each node at each latency and batch size, in one execution:
		//    per cell a warm-up round, then ROUNDS rounds alternating the two nodes.
		const grid = [];
		for (const latencyMs of LATENCIES_MS) {
			grid.push(latencyNode(`Latency ${latencyMs}`, sim.url, latencyMs));
			for (const count of ITEM_COUNTS) {
				for (let round = 0; round <= ROUNDS; round++) {
					const tag = `${latencyMs}ms ${count} #${round}`;
					grid.push(itemsNode(`Items A ${tag}`, count), coinRemitterBalance(`CR ${tag}`));
					grid.push(itemsNode(`Items B ${tag}`, count), httpRequestBalance(sim.url, `HTTP ${tag}`));
				}
			}
		}
		const gridRun = await instance.execute(chain(grid, 'crBenchLatency01'));
		const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
		figures.latency = [];
		console.log(
			`1. v1 Wallet → Get Balance, CoinRemitter node vs HTTP Request node (median of ${ROUNDS} after a warm-up; ms):`,
		);
		console.log('   latency | items | CoinRemitter | HTTP Request | ratio | runs (CR / HTTP)');
		for (const latencyMs of LATENCIES_MS) {
			for (const count of ITEM_COUNTS) {
				const ours = [];
				const theirs = [];
				for (let round = 1; round <= ROUNDS; round++) {
					const tag = `${latencyMs}ms ${count} #${round}`;
					const a = nodeItems(gridRun, `CR ${tag}`);
					const b = nodeItems(gridRun, `HTTP ${tag}`);
					if (a.length !== count || b.length !== count)
						throw new Error(`a benchmark run lost items (${tag})`);
					const failures =
						a.filter((item) => item.error).length + b.filter((item) => item.error).length;
					if (failures > 0)
						throw new Error(
							`${failures} items failed (${tag}): ${JSON.stringify(a.find((item) => item.error) ?? b.find((item) => item.error))}`,
						);
					ours.push(nodeTime(gridRun, `CR ${tag}`));
					theirs.push(nodeTime(gridRun, `HTTP ${tag}`));
				}
				const cell = {
					latencyMs,
					count,
					nodeMs: median(ours),
					httpMs: median(theirs),
					ours,
					theirs,
				};
				cell.ratio = cell.nodeMs / cell.httpMs;
				figures.latency.push(cell);
				console.log(
					`   ${String(latencyMs).padStart(4)} ms | ${String(count).padStart(5)} | ${String(cell.nodeMs).padStart(12)} | ${String(cell.httpMs).padStart(12)} | ${cell.ratio.toFixed(2).padStart(5)} | ${ours.join('/')} / ${theirs.join('/')}`,
				);
			}
		}
		for (const latencyMs of LATENCIES_MS) {
			const cells = figures.latency.filter((cell) => cell.latencyMs === latencyMs);
			const first = cells[0];
			const last = cells[cells.length - 1];
			console.log(
				`   growth at ${latencyMs} ms, ${first.count} → ${last.count} items (×${last.count / first.count}): CoinRemitter ×${(last.nodeMs / first.nodeMs).toFixed(1)}, HTTP Request ×${(last.httpMs / first.httpMs).toFixed(1)}`,
			);
		}

		// 2. a batch larger than one window allows, through each node
		await sim.stop();
		const paced = await startSimulator({
			rateLimit: PACED_LIMIT,
			rateWindowMs: PACED_WINDOW_S * 1000,
			latencyMs: PACED_LATENCY_MS,
			port: Number(new URL(sim.url).port),
		});
		await instance.importCredentials([
			{
				...PACED_CREDENTIAL,
				type: 'coinRemitterApi',
				data: { apiKey: 'sim_tcn_key', apiPassword: 'sim_tcn_password', baseUrl: paced.url },
			},
		]);
		const pacedOptions = { rateLimitWindow: PACED_WINDOW_S, maxRateLimitWait: 120 };
		const run = await instance.execute(
			chain(
				[
					itemsNode('Items', PACED_CALLS),
					coinRemitterBalance('CoinRemitter', pacedOptions, PACED_CREDENTIAL),
				],
				'crBenchPaced0001',
			),
		);
		const items = nodeItems(run, 'CoinRemitter');
		const elapsedS = nodeTime(run, 'CoinRemitter') / 1000;
		const limitPerS = PACED_LIMIT / PACED_WINDOW_S;
		// N calls at L per window need floor((N - 1) / L) whole windows of waiting, plus the last answer's round trip.
		const bestS =
			Math.floor((PACED_CALLS - 1) / PACED_LIMIT) * PACED_WINDOW_S + PACED_LATENCY_MS / 1000;
		figures.paced = {
			elapsedS,
			perS: PACED_CALLS / elapsedS,
			ofNominal: PACED_CALLS / elapsedS / limitPerS,
			ofBest: bestS / elapsedS,
			items: items.length,
			failed: items.filter((item) => item.error).length,
			at429Gateway: paced.requests.filter((request) => request.status === 429).length,
			requests: paced.requests.length,
		};
		const p = figures.paced;
		console.log(
			`2. ${PACED_CALLS} reads under ${PACED_LIMIT} per ${PACED_WINDOW_S} s at ${PACED_LATENCY_MS} ms latency, CoinRemitter node: ${elapsedS.toFixed(2)} s, ${p.perS.toFixed(2)} reads/s = ${(p.ofNominal * 100).toFixed(0)}% of the nominal ${limitPerS.toFixed(1)}/s (a fixed window lets a full batch through at both edges); the best the limit allows is ${bestS.toFixed(2)} s, so ${(p.ofBest * 100).toFixed(1)}% of the best; items ${p.items}, failed ${p.failed} (429s reaching the user: ${items.filter((item) => item.httpCode === '429' || /1006/.test(String(item.error))).length}); requests ${p.requests}, 429s answered by the gateway: ${p.at429Gateway}`,
		);
		paced.reset();
		const httpRun = await instance.execute(
			chain([itemsNode('Items', PACED_CALLS), httpRequestBalance(paced.url)], 'crBenchPacedHttp'),
		);
		const httpItems = nodeItems(httpRun, 'HTTP Request');
		figures.pacedHttp = {
			ms: nodeTime(httpRun, 'HTTP Request'),
			items: httpItems.length,
			failed: httpItems.filter((item) => item.error).length,
			at429Gateway: paced.requests.filter((request) => request.status === 429).length,
		};
		console.log(
			`   the same batch through the HTTP Request node: ${figures.pacedHttp.ms} ms, items ${figures.pacedHttp.items}, failed ${figures.pacedHttp.failed}, 429s answered by the gateway: ${figures.pacedHttp.at429Gateway}`,
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
		console.log(
			`machine: ${cpus().length} × ${cpus()[0].model}, Node ${process.version}, n8n 1.123 (${n8nDir.trim().split('/').pop()})`,
		);
	} finally {
		await instance.stop();
		instance.cleanup();
		await sim.stop().catch(() => undefined);
		await http.close();
	}
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
