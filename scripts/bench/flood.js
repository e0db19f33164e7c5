'use strict';
// Measure 8: a forged flood. A gateway at the free plan's real limit (100 calls
// a minute per wallet) and 100 ms away; 600 well-formed forged deposit callbacks and 30 genuine ones
// posted by 25 concurrent senders over about a minute, each ONCE (a sender that never retries),
// while a workflow in the same n8n creates 10 invoices on the same wallet. Twice, each in a fresh
// n8n and a fresh gateway window: every forgery on one real deposit address of the wallet (where
// half the genuine deposits arrive too), then every forgery on an address of its own.
// Reported: genuine deposits started exactly once and when; forged ones started; invoices created;
// API calls spent on forgeries; the n8n process's peak RSS growth.
const { randomBytes } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { callbacks } = require('../../simulator/server');
const { sleep, untilRegistered } = require('../n8n-runtime');
const { rssMb, tally } = require('./stats');
const { burstTriggerWorkflow, CREDENTIAL, itemsNode } = require('./workflows');

const FORGED = 600;
const GENUINE = 30;
const SENDERS = 25;
const SPREAD_MS = 60_000;
const INVOICES = 10;
const SETTLE_MS = 5 * 60_000;
const TRIGGER_ID = 'f1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b';
const INVOICE_PATH = 'bench-flood-invoices';

const hex = (bytes) => randomBytes(bytes).toString('hex');
const newAddress = () => 'T' + hex(17).slice(0, 33);

function addAddress(sim, address) {
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'bench flood',
		createdAt: Date.now(),
		expiresAt: Date.now() + 3_600_000,
	});
	return address;
}

/** The workflow beside the flood: a webhook starts 10 invoice creations on the wallet; their tally to the sink. */
function invoiceWorkflow(simUrl) {
	const nodes = [
		{
			id: 'w',
			name: 'Start invoices',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: INVOICE_PATH,
			parameters: { httpMethod: 'POST', path: INVOICE_PATH, options: {} },
		},
		itemsNode('Orders', INVOICES),
		{
			id: 'inv',
			name: 'Create invoice',
			type: 'n8n-nodes-coinremitter.coinRemitter',
			typeVersion: 1,
			parameters: {
				apiVersion: 'v1',
				resource: 'invoice',
				operation: 'create',
				amount: '12.50',
				fiatCurrency: 'USD',
				additionalFields: {},
			},
			credentials: { coinRemitterApi: CREDENTIAL },
			onError: 'continueRegularOutput',
		},
		{
			id: 'tally',
			name: 'Tally',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode:
					'const all = $input.all(); const failed = all.filter((i) => i.json.error); return [{ json: { invoices: { ok: all.length - failed.length, failed: failed.length, error: failed[0] && String(failed[0].json.error).slice(0, 200) } } }];',
			},
		},
		{
			id: 'sink',
			name: 'Invoices done',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${simUrl}/__sim/sink`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify($json) }}',
				options: {},
			},
		},
	];
	nodes.forEach((node, i) => (node.position = [i * 200, 0]));
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id: 'crBenchFloodInv1',
		name: 'bench flood invoices',
		nodes,
		connections,
		active: false,
		settings: {},
		pinData: {},
	};
}

/** 30 genuine deposits (half on the target address) and 600 forgeries, interleaved evenly. */
function floodCallbacks(sim, knownAddress) {
	const target = addAddress(sim, newAddress());
	sim.deposit('sim_tcn_key', target, '0.01000000', 3); // the address the attacker saw on-chain
	const genuine = Array.from({ length: GENUINE }, (_, i) => {
		const address = i % 2 === 0 ? target : addAddress(sim, newAddress());
		const amount = `0.${String(2000 + i).padStart(8, '0')}`;
		const deposit = sim.deposit('sim_tcn_key', address, amount, 3);
		return { genuine: true, payload: callbacks.v1TransactionWebhook(sim, deposit.id) };
	});
	const forged = Array.from({ length: FORGED }, (_, i) => ({
		genuine: false,
		payload: {
			...genuine[i % GENUINE].payload,
			id: hex(12),
			txid: hex(32),
			amount: '3.00000000',
			address: knownAddress ? target : newAddress(),
		},
	}));
	const all = [...forged];
	genuine.forEach((entry, i) =>
		all.splice(Math.floor(((i + 0.5) * all.length) / GENUINE), 0, entry),
	);
	return { all, target };
}

/** Posts every callback once, at its slot of the minute, SENDERS at a time. */
async function sendAll(url, entries, began) {
	const gap = SPREAD_MS / entries.length;
	let next = 0;
	const answers = new Array(entries.length);
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < entries.length) {
				const index = next++;
				const due = began + index * gap;
				if (due > performance.now()) await sleep(due - performance.now());
				answers[index] = await callbacks
					.fireCallback(url, entries[index].payload)
					.catch((error) => ({ status: 0, body: String(error) }));
			}
		}),
	);
	return answers;
}

/** One condition in a fresh n8n from `prepare()`; prints one line and returns its figures. */
async function floodCondition(prepare, sim, knownAddress) {
	const instance = await prepare();
	try {
		await instance.importWorkflow(burstTriggerWorkflow(TRIGGER_ID, sim.url));
		await instance.activate('crBenchBurst0001');
		await instance.importWorkflow(invoiceWorkflow(sim.url));
		await instance.activate('crBenchFloodInv1');
		await instance.start();
		const url = `${instance.baseUrl}/webhook/${TRIGGER_ID}/webhook`;
		await untilRegistered(url);
		sim.reset(); // a fresh gateway window
		const { all, target } = floodCallbacks(sim, knownAddress);
		const genuine = all.filter((entry) => entry.genuine);
		const genuineIds = new Set(genuine.map((entry) => entry.payload.id));
		const pid = instance.process.pid;
		const rssBefore = rssMb(pid);
		let rssPeak = rssBefore;
		const startedAt = new Map();
		const began = performance.now();
		const watch = setInterval(() => {
			const rss = rssMb(pid);
			if (rss !== undefined) rssPeak = Math.max(rssPeak, rss);
			for (const item of sim.sink)
				if (genuineIds.has(item.id) && !startedAt.has(item.id))
					startedAt.set(item.id, (performance.now() - began) / 1000);
		}, 250);
		try {
			const invoicesStarted = fetch(`${instance.baseUrl}/webhook/${INVOICE_PATH}`, {
				method: 'POST',
			});
			const answers = await sendAll(url, all, began);
			await invoicesStarted;
			const sentInS = (performance.now() - began) / 1000;
			const kept = genuine.filter((entry) => {
				const status = answers[all.indexOf(entry)].status;
				return status === 503 || status === 429 || status === 0;
			});
			const accepted = genuine.filter((entry) => {
				const status = answers[all.indexOf(entry)].status;
				return status >= 200 && status < 300;
			});
			const deadline = began + SETTLE_MS;
			while (performance.now() < deadline) {
				const invoicesDone = sim.sink.some((item) => item.invoices);
				const genuineDone = accepted.every((entry) => startedAt.has(entry.payload.id));
				if (invoicesDone && genuineDone) break;
				await sleep(500);
			}
			await sleep(3000); // a late second execution or forgery would show by now
			const executed = sim.sink.filter((item) => item.event === 'deposit');
			const perGenuine = genuine.map(
				(entry) => executed.filter((item) => item.id === entry.payload.id).length,
			);
			const genuineApi = new Set(
				genuine
					.map((entry) => entry.payload.address)
					.filter((address) => !knownAddress || address !== target),
			);
			const apiCalls = sim.requests.filter((r) => r.path.startsWith('/v1/'));
			const onForgeries = apiCalls.filter(
				(r) =>
					r.path !== '/v1/invoice/create' &&
					!genuineApi.has(r.fields?.address) &&
					!genuineIds.has(r.fields?.id),
			).length;
			const times = [...startedAt.values()];
			const figures = {
				knownAddress,
				statuses: tally(answers.map((a) => a.status)),
				genuineStatuses: tally(genuine.map((entry) => answers[all.indexOf(entry)].status)),
				exactlyOnce: perGenuine.filter((n) => n === 1).length,
				maxPerGenuine: Math.max(...perGenuine),
				within5min: times.filter((s) => s <= 300).length,
				lastStartedS: times.length ? Math.max(...times) : undefined,
				keptBySender: kept.length,
				acceptedNotStarted: accepted.filter((entry) => !startedAt.has(entry.payload.id)).length,
				forgedStarted: executed.filter((item) => !genuineIds.has(item.id)).length,
				invoices: sim.sink.find((item) => item.invoices)?.invoices,
				onForgeries,
				apiCalls: apiCalls.length,
				status429: apiCalls.filter((r) => r.status === 429).length,
				rssGrowthMb: rssPeak - rssBefore,
				sentInS,
			};
			printFlood(figures);
			return figures;
		} finally {
			clearInterval(watch);
		}
	} finally {
		await instance.dispose();
	}
}

function printFlood(f) {
	const invoices = f.invoices
		? `${f.invoices.ok}/${INVOICES}${f.invoices.failed ? ` (${f.invoices.failed} failed: ${f.invoices.error})` : ''}`
		: 'not finished';
	console.log(
		`6. flood, forgeries on ${f.knownAddress ? 'ONE KNOWN deposit address' : 'RANDOM addresses'}: ${FORGED} forged + ${GENUINE} genuine deposit callbacks, ${SENDERS} senders, sent in ${f.sentInS.toFixed(1)} s, never resent; gateway 100 per 60 s, 100 ms; ${INVOICES} invoices created meanwhile. ` +
			`Genuine: started exactly once ${f.exactlyOnce}/${GENUINE} (max ${f.maxPerGenuine}), ${f.within5min} within 5 min, last at ${f.lastStartedS?.toFixed(1)} s; answered ${f.genuineStatuses}; kept by the sender (503) ${f.keptBySender}; accepted but not started ${f.acceptedNotStarted}. ` +
			`Forged started: ${f.forgedStarted}. Invoices created: ${invoices}. API calls on forgeries: ${f.onForgeries} (all calls ${f.apiCalls}, 429s ${f.status429}). ` +
			`Answers: ${f.statuses}. Peak RSS growth of n8n: ${f.rssGrowthMb.toFixed(0)} MB.`,
	);
}

/** Both conditions; `prepare(sim)` gives a fresh n8n (not started) whose credential points at `sim`. */
async function measureFlood(prepare, sim) {
	const known = await floodCondition(() => prepare(sim), sim, true);
	const random = await floodCondition(() => prepare(sim), sim, false);
	return { known, random };
}

module.exports = { measureFlood };
