'use strict';
// Measure 3: CoinRemitter Trigger vs Webhook node on the same multipart callbacks, CONCURRENCY
// at a time: callbacks per second, and the trigger's parse cost per callback. The callbacks go
// through undici's pooled keep-alive client.
const { performance } = require('node:perf_hooks');
const { Agent, request } = require('undici');
const { callbacks } = require('../../simulator/server');
const { parseMultipart } = require('../../simulator/multipart');
const { untilRegistered } = require('../n8n-runtime');
const { triggerWorkflow, webhookWorkflow } = require('./workflows');

const CALLBACKS = 300;
const WARM_UP = 30;
const CONCURRENCY = 10;
const PARSE_ROUNDS = 20;
const TRIGGER_ID = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const WEBHOOK_PATH = 'bench-webhook';

/** CALLBACKS confirmed v1 deposits of one address. */
const depositCallbacks = () =>
	Array.from({ length: CALLBACKS }, (_, i) => ({
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

/** Posts every payload, CONCURRENCY at a time; callbacks per second and how many were not answered 200. */
async function fireAll(http, url, payloads) {
	const bodies = payloads.map((payload) => callbacks.encodeCallback(payload));
	let next = 0;
	let failed = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < bodies.length) {
				const { body, contentType } = bodies[next++];
				const response = await request(url, {
					method: 'POST',
					body,
					headers: { 'content-type': contentType },
					dispatcher: http,
				});
				await response.body.text();
				if (response.statusCode !== 200) failed++;
			}
		}),
	);
	return { perSecond: payloads.length / ((performance.now() - started) / 1000), failed };
}

/** Microseconds the trigger's own parsing takes per callback, outside n8n. */
function parseCostMicroseconds(payloads) {
	const {
		readFields,
		classify,
		typeFields,
	} = require('../../dist/nodes/CoinRemitterTrigger/parse');
	const bodies = payloads.map((payload) => {
		const { body, contentType } = callbacks.encodeCallback(payload);
		return { data: parseMultipart(body, contentType), files: {} };
	});
	const started = performance.now();
	for (let round = 0; round < PARSE_ROUNDS; round++) {
		for (const body of bodies) {
			const fields = readFields(structuredClone(body));
			typeFields(classify(fields).schema, fields);
		}
	}
	return ((performance.now() - started) * 1000) / (PARSE_ROUNDS * bodies.length);
}

/** Both receiving workflows imported, activated and registered in a started n8n; their URLs. */
async function startReceivers(instance) {
	await instance.importWorkflow(triggerWorkflow(TRIGGER_ID));
	await instance.importWorkflow(webhookWorkflow(WEBHOOK_PATH));
	await instance.activate('crBenchTrigger01');
	await instance.activate('crBenchWebhook01');
	await instance.start();
	const urls = {
		trigger: `${instance.baseUrl}/webhook/${TRIGGER_ID}/webhook`,
		webhook: `${instance.baseUrl}/webhook/${WEBHOOK_PATH}`,
	};
	for (const url of Object.values(urls)) await untilRegistered(url);
	return urls;
}

/** Starts n8n; returns { triggerPerS, webhookPerS, callbackRatio, parseUs }. */
async function measureCallbacks(instance) {
	const urls = await startReceivers(instance);
	const payloads = depositCallbacks();
	const http = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
	try {
		await fireAll(http, urls.webhook, payloads.slice(0, WARM_UP));
		await fireAll(http, urls.trigger, payloads.slice(0, WARM_UP));
		const webhook = await fireAll(http, urls.webhook, payloads);
		const trigger = await fireAll(http, urls.trigger, payloads);
		const figures = {
			triggerPerS: trigger.perSecond,
			webhookPerS: webhook.perSecond,
			callbackRatio: trigger.perSecond / webhook.perSecond,
			parseUs: parseCostMicroseconds(payloads),
		};
		console.log(
			`3. ${CALLBACKS} multipart callbacks, ${CONCURRENCY} at a time: CoinRemitter Trigger ${trigger.perSecond.toFixed(1)}/s, Webhook node ${webhook.perSecond.toFixed(1)}/s, ratio ${figures.callbackRatio.toFixed(2)} (higher is faster; failed: ${trigger.failed} / ${webhook.failed}); trigger parse cost ${figures.parseUs.toFixed(1)} µs per callback`,
		);
		return figures;
	} finally {
		await http.close();
	}
}

module.exports = { measureCallbacks };
