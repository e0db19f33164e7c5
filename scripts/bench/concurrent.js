'use strict';
// Measure 6: what one callback costs under concurrency, in one n8n.
//   a. 600 confirmed deposit callbacks from 25 concurrent senders, to the CoinRemitter Trigger (as
//      merchants run it: Skip Duplicates on) and to n8n's Webhook node answering on receipt,
//      interleaved in rounds of 100 after a warm-up; Verify With the API off, then on with the
//      gateway 100 ms away (a limit that does not bind): all on one address (the shape of a flood,
//      so the trigger shares reads of it), then each deposit on an address of its own (`spread`).
//      Answer times p50 / p95 and their ratios.
//   b. The same trigger with 100, 1,000 and 5,000 deliveries already remembered (seeded in the
//      workflow's static data, in the earlier `delivered` form, which the trigger folds in on its
//      first callback): 200 callbacks each, 25 senders, p50 / p95.
//   nodup. The trigger with Verify off and Skip Duplicates off, interleaved with the Webhook node the
//      same way: without the delivery memory's claim and the static-data write n8n makes for it,
//      what is left of the trigger's cost is n8n's part for a node (and the parse and typing).
//   c. 40 random-binary `text/xml` bodies, 10 at a time, to the trigger and to the Webhook node:
//      how many are left unanswered after 15 s; and to n8n's Webhook node at typeVersion 1, which
//      n8n 2.x handles like the trigger (an expression isolate held for the whole webhook phase, the
//      body parsed for a version-1 node), to tell n8n's part from the package's.
// COINREMITTER_BENCH_PHASES=off,nodup,on,spread,100,1000,5000,xml (comma-separated) runs only those parts, and
// activates only their workflows: `5000` alone measures the longest history in a fresh n8n, without
// the executions the earlier parts leave behind. COINREMITTER_BENCH_TRIGGER_VERSION=1 measures the
// trigger at typeVersion 1, as workflows saved before version 2 have it (default 2).
const { percentile } = require('./stats');
const { randomBytes } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { Agent, request } = require('undici');
const { callbacks } = require('../../simulator/server');
const { untilRegistered } = require('../n8n-runtime');
const { costTriggerWorkflow, webhookWorkflow } = require('./workflows');

const SENDERS = 25;
const ROUND = 100;
const ROUNDS = 6;
const WARM_UP = 50;
const HISTORY_CALLBACKS = 200;
const HISTORIES = [100, 1000, 5000];
const XML_BODIES = 40;
const XML_AT_ONCE = 10;
const ANSWER_TIMEOUT_MS = 15_000;
const ADDRESS = 'T' + 'c'.repeat(33);
const WEBHOOK_PATH = 'bench-cost-webhook';
const WEBHOOK_V1_PATH = 'bench-cost-webhook-v1';
const PHASES = (
	process.env.COINREMITTER_BENCH_PHASES ?? 'off,nodup,on,spread,100,1000,5000,xml'
).split(',');
const runs = (phase) => PHASES.includes(String(phase));
const TRIGGER_VERSION = Number(process.env.COINREMITTER_BENCH_TRIGGER_VERSION ?? 2);

/** n8n's own Webhook node at typeVersion 1: n8n handles its webhook like the trigger's (see c). */
const webhookV1Workflow = () => {
	const workflow = webhookWorkflow(WEBHOOK_V1_PATH);
	return {
		...workflow,
		id: 'crBenchWebhookV1',
		name: 'bench webhook v1',
		nodes: workflow.nodes.map((node) => (node.id === 'w' ? { ...node, typeVersion: 1 } : node)),
	};
};
const triggerPath = (id) => `c0ffee00-0000-4000-8000-${id.slice(-12).padStart(12, '0')}`;

const summary = (ms) => ({ p50: percentile(ms, 50), p95: percentile(ms, 95) });

/** `count` genuine confirmed deposits (the gateway knows them, so Verify can look them up). */
function deposits(sim, count, { spread = false } = {}) {
	const addressOf = (i) => (spread ? 'T' + String(i).padStart(33, 'd') : ADDRESS);
	return Array.from({ length: count }, (_, i) => {
		const address = addressOf(i);
		sim.wallet('sim_tcn_key').addresses.set(address, {
			address,
			label: 'bench cost',
			createdAt: Date.now(),
			expiresAt: Date.now() + 3_600_000,
		});
		const deposit = sim.deposit('sim_tcn_key', address, `0.${String(1 + i).padStart(8, '0')}`, 3);
		return callbacks.encodeCallback(callbacks.v1TransactionWebhook(sim, deposit.id));
	});
}

/**
 * Runs `measure` with the gateway 100 ms away (one API round trip), then restores its latency. Adds
 * what the trigger asked of the gateway meanwhile: API calls per callback, and each call's time at
 * the gateway (its receipt to its answer: the 100 ms plus the simulator's own work, which shares the
 * bench's process with the senders), the round trip the trigger cannot do without.
 */
async function withGatewayLatency(sim, callbacksSent, measure) {
	const latency = sim.options.latencyMs;
	const before = sim.requests.length;
	sim.options.latencyMs = 100;
	try {
		const figures = await measure();
		const calls = sim.requests.slice(before).filter((call) => call.path.startsWith('/v1/'));
		const gatewayMs = calls.map((call) => call.answeredAt - call.at).filter(Number.isFinite);
		return {
			...figures,
			api: { perCallback: calls.length / callbacksSent, ...summary(gatewayMs) },
		};
	} finally {
		sim.options.latencyMs = latency;
	}
}

/** Posts every body, `senders` at a time; the answer time of each (ms) and the answers that were not 200. */
async function post(http, url, bodies, senders = SENDERS) {
	const times = [];
	const failures = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: senders }, async () => {
			while (next < bodies.length) {
				const { body, contentType } = bodies[next++];
				const sentAt = performance.now();
				try {
					const response = await request(url, {
						method: 'POST',
						body,
						headers: { 'content-type': contentType },
						dispatcher: http,
						headersTimeout: ANSWER_TIMEOUT_MS,
						bodyTimeout: ANSWER_TIMEOUT_MS,
					});
					const text = await response.body.text();
					times.push(performance.now() - sentAt);
					if (response.statusCode !== 200) failures.push(`${response.statusCode} ${text}`);
				} catch (error) {
					failures.push(`unanswered: ${error.name} ${error.code ?? ''} ${error.message}`.trim());
				}
			}
		}),
	);
	return { times, failures };
}

/** Trigger and Webhook node in rounds of ROUND, one after the other, after a warm-up of each. */
async function interleaved(http, triggerUrl, webhookUrl, bodies) {
	await post(http, webhookUrl, bodies.slice(0, WARM_UP));
	await post(http, triggerUrl, bodies.slice(0, WARM_UP));
	const trigger = { times: [], failures: [] };
	const webhook = { times: [], failures: [] };
	for (let round = 0; round < ROUNDS; round++) {
		const slice = bodies.slice(WARM_UP + round * ROUND, WARM_UP + (round + 1) * ROUND);
		for (const [into, url] of [
			[trigger, triggerUrl],
			[webhook, webhookUrl],
		]) {
			const result = await post(http, url, slice);
			into.times.push(...result.times);
			into.failures.push(...result.failures);
		}
	}
	const t = summary(trigger.times);
	const w = summary(webhook.times);
	return {
		trigger: t,
		webhook: w,
		ratio: { p50: t.p50 / w.p50, p95: t.p95 / w.p95 },
		failures: { trigger: trigger.failures.length, webhook: webhook.failures.length },
		sample: [...trigger.failures, ...webhook.failures].slice(0, 3),
	};
}

/** The earlier form of the memory, `count` delivered confirmed deposits (the form main keeps). */
const seededHistory = (count) => ({
	'node:CoinRemitter Trigger': {
		delivered: Object.fromEntries(
			Array.from({ length: count }, (_, i) => [
				`v1:tx:seed${String(i).padStart(20, '0')}:confirmed`,
				Date.now() - count + i,
			]),
		),
	},
});

async function activated(instance, workflows) {
	for (const workflow of workflows) await instance.importWorkflow(workflow);
	for (const workflow of workflows) await instance.activate(workflow.id);
	await instance.start();
}

/** Random bytes sent as `text/xml`, 10 at a time: what was answered, and how many were not. */
async function xmlBodies(http, url) {
	const bodies = Array.from({ length: XML_BODIES }, () => ({
		body: randomBytes(2048),
		contentType: 'text/xml',
	}));
	const { failures } = await post(http, url, bodies, XML_AT_ONCE);
	const unanswered = failures.filter((failure) => failure.startsWith('unanswered')).length;
	const statuses = {};
	for (const failure of failures) {
		const status = failure.split(' ')[0];
		statuses[status] = (statuses[status] ?? 0) + 1;
	}
	return { unanswered, statuses, sample: failures.find((f) => f.startsWith('unanswered')) };
}

const ms = (value) => `${Math.round(value)}`;
const line = (name, r) =>
	`   ${name}: trigger p50/p95 ${ms(r.trigger.p50)} / ${ms(r.trigger.p95)} ms, Webhook node ${ms(r.webhook.p50)} / ${ms(r.webhook.p95)} ms, ratio ${r.ratio.p50.toFixed(2)} / ${r.ratio.p95.toFixed(2)} (not 200: ${r.failures.trigger} / ${r.failures.webhook}${r.sample.length ? `; ${r.sample.join(' | ').slice(0, 200)}` : ''})`;

const signed = (value) => `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))}`;
const apiLine = (r) =>
	`     trigger − Webhook node p50/p95 ${signed(r.trigger.p50 - r.webhook.p50)} / ${signed(r.trigger.p95 - r.webhook.p95)} ms; ${r.api.perCallback.toFixed(2)} API calls per callback, each ${ms(r.api.p50)} / ${ms(r.api.p95)} ms at the gateway (p50/p95)`;

/** Runs a, b and c in a started-for-the-purpose n8n; returns the figures. */
async function measureConcurrent(instance, sim, label) {
	const ids = {
		off: 'crBenchCostOff01',
		nodup: 'crBenchCostNoDup',
		on: 'crBenchCostOn001',
		...Object.fromEntries(HISTORIES.map((n) => [n, `crBenchCostH${String(n).padStart(4, '0')}`])),
	};
	const histories = HISTORIES.filter(runs);
	await activated(instance, [
		...(runs('off') || runs('xml')
			? [costTriggerWorkflow(ids.off, triggerPath(ids.off), { typeVersion: TRIGGER_VERSION })]
			: []),
		...(runs('nodup')
			? [
					costTriggerWorkflow(ids.nodup, triggerPath(ids.nodup), {
						skipDuplicates: false,
						typeVersion: TRIGGER_VERSION,
					}),
				]
			: []),
		...(runs('on') || runs('spread')
			? [
					costTriggerWorkflow(ids.on, triggerPath(ids.on), {
						verify: true,
						typeVersion: TRIGGER_VERSION,
					}),
				]
			: []),
		...histories.map((n) =>
			costTriggerWorkflow(ids[n], triggerPath(ids[n]), {
				staticData: seededHistory(n),
				typeVersion: TRIGGER_VERSION,
			}),
		),
		webhookWorkflow(WEBHOOK_PATH),
		webhookV1Workflow(),
	]);
	const url = (id) => `${instance.baseUrl}/webhook/${triggerPath(id)}/webhook`;
	const webhookUrl = await untilRegistered(`${instance.baseUrl}/webhook/${WEBHOOK_PATH}`);
	const webhookV1Url = await untilRegistered(`${instance.baseUrl}/webhook/${WEBHOOK_V1_PATH}`);
	if (runs('off') || runs('xml')) await untilRegistered(url(ids.off));
	if (runs('nodup')) await untilRegistered(url(ids.nodup));
	if (runs('on') || runs('spread')) await untilRegistered(url(ids.on));
	for (const n of histories) await untilRegistered(url(ids[n]));
	const http = new Agent({ connections: SENDERS, keepAliveTimeout: 10_000 });
	const figures = { label };
	try {
		const total = WARM_UP + ROUNDS * ROUND;
		console.log(
			`6. [${label}] ${ROUNDS * ROUND} deposit callbacks, ${SENDERS} senders, rounds of ${ROUND}, trigger typeVersion ${TRIGGER_VERSION}; parts ${PHASES.join(', ')}:`,
		);
		if (runs('off')) {
			figures.off = await interleaved(http, url(ids.off), webhookUrl, deposits(sim, total));
			console.log(line('Verify off', figures.off));
		}
		if (runs('nodup')) {
			figures.nodup = await interleaved(http, url(ids.nodup), webhookUrl, deposits(sim, total));
			console.log(
				line('Verify off, Skip Duplicates off (no claim, no static-data write)', figures.nodup),
			);
		}
		if (runs('on')) {
			figures.on = await withGatewayLatency(sim, total, async () =>
				interleaved(http, url(ids.on), webhookUrl, deposits(sim, total)),
			);
			console.log(line('Verify on, gateway 100 ms away', figures.on));
			console.log(apiLine(figures.on));
		}
		if (runs('spread')) {
			figures.spread = await withGatewayLatency(sim, total, async () =>
				interleaved(http, url(ids.on), webhookUrl, deposits(sim, total, { spread: true })),
			);
			console.log(line('Verify on, each deposit on an address of its own', figures.spread));
			console.log(apiLine(figures.spread));
		}

		figures.history = {};
		for (const n of histories) {
			const bodies = deposits(sim, HISTORY_CALLBACKS);
			const seededAgain = callbacks.encodeCallback({
				...callbacks.v1TransactionWebhook(sim, sim.deposit('sim_tcn_key', ADDRESS, '1', 3).id),
				id: `seed${String(0).padStart(20, '0')}`,
			});
			// The first answer folds the seeded history in; a seeded key must be a duplicate.
			const first = await request(url(ids[n]), {
				method: 'POST',
				body: seededAgain.body,
				headers: { 'content-type': seededAgain.contentType },
				dispatcher: http,
			});
			const firstAnswer = `${first.statusCode} ${await first.body.text()}`;
			const result = await post(http, url(ids[n]), bodies);
			figures.history[n] = { ...summary(result.times), failures: result.failures.length };
			console.log(
				`   ${n} remembered: p50/p95 ${ms(figures.history[n].p50)} / ${ms(figures.history[n].p95)} ms (${HISTORY_CALLBACKS} callbacks; not 200: ${result.failures.length}; a seeded delivery again: ${firstAnswer})`,
			);
		}
		if (!runs('xml')) return figures;

		figures.xml = {
			trigger: await xmlBodies(http, url(ids.off)),
			webhook: await xmlBodies(http, webhookUrl),
			webhookV1: await xmlBodies(http, webhookV1Url),
		};
		const xml = (r) =>
			`${r.unanswered} unanswered (${JSON.stringify(r.statuses)}${r.sample ? `; ${r.sample.slice(0, 120)}` : ''})`;
		console.log(
			`   ${XML_BODIES} random-binary text/xml bodies, ${XML_AT_ONCE} at a time: trigger ${xml(figures.xml.trigger)}, Webhook node ${xml(figures.xml.webhook)}, Webhook node v1 ${xml(figures.xml.webhookV1)}`,
		);
		return figures;
	} finally {
		await http.close();
	}
}

const PHASE_NAMES = {
	off: 'Verify off',
	nodup: 'Verify off, Skip Duplicates off',
	on: 'Verify on (gateway 100 ms away)',
	spread: 'Verify on, an address each',
};

/**
 * One table of every line's answer times (`costs`: measureConcurrent's figures, one per n8n line):
 * the trigger beside the Webhook node of the same n8n. For Verify on, also what the trigger adds
 * beyond one API round trip (its p50 at the gateway).
 */
function printCostTable(costs) {
	if (costs.length === 0) return;
	console.log(
		'\n| n8n | part | trigger p50 / p95 ms | Webhook node p50 / p95 ms | ratio p50 / p95 | trigger − Webhook node − one API round trip, p50 / p95 ms |',
	);
	console.log('| --- | --- | --- | --- | --- | --- |');
	for (const figures of costs)
		for (const [phase, name] of Object.entries(PHASE_NAMES)) {
			const r = figures[phase];
			if (!r) continue;
			const beyond = r.api
				? `${signed(r.trigger.p50 - r.webhook.p50 - r.api.p50)} / ${signed(r.trigger.p95 - r.webhook.p95 - r.api.p50)}`
				: '';
			console.log(
				`| ${figures.label} | ${name} | ${ms(r.trigger.p50)} / ${ms(r.trigger.p95)} | ${ms(r.webhook.p50)} / ${ms(r.webhook.p95)} | ${r.ratio.p50.toFixed(2)} / ${r.ratio.p95.toFixed(2)} | ${beyond} |`,
			);
		}
}

module.exports = { measureConcurrent, printCostTable };
