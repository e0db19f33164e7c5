'use strict';
// Measure 5: a merchant's busy minute. A gateway at the free plan's real limit (100 calls
// a minute per wallet) and 100 ms away; 150 genuine deposit callbacks and 20 forged ones posted by
// 25 concurrent senders over about a minute, each ONCE (a sender that never retries); with and
// without a workflow in the same n8n reading the balance 100 times on the same wallet (same
// credential). Each condition gets a fresh n8n (fresh limiter) and a fresh gateway window.
// Executions are counted in n8n: the trigger's workflow posts each item to the simulator's sink.
const { percentile } = require('./stats');
const { performance } = require('node:perf_hooks');
const { callbacks } = require('../../simulator/server');
const { sleep, waitFor, untilRegistered } = require('../n8n-runtime');
const { BURST_BATCH_PATH, burstBatchWorkflow, burstTriggerWorkflow } = require('./workflows');

const GENUINE = 150;
const FORGED = 20;
const SENDERS = 25;
const SPREAD_MS = 60_000;
const BATCH_ITEMS = 100;
const ADDRESS = 'T' + 'd'.repeat(33);
const TRIGGER_ID = 'b0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e';
const SETTLE_TIMEOUT_MS = 5 * 60_000;

/** 150 confirmed deposits and 20 forgeries (10 with a made-up amount, 10 with an unknown id), interleaved. */
function burstCallbacks(sim) {
	sim.wallet('sim_tcn_key').addresses.set(ADDRESS, {
		address: ADDRESS,
		label: 'bench burst',
		createdAt: Date.now(),
		expiresAt: Date.now() + 3_600_000,
	});
	const genuine = Array.from({ length: GENUINE }, (_, i) => {
		const amount = `0.${String(1000 + i).padStart(8, '0')}`;
		const deposit = sim.deposit('sim_tcn_key', ADDRESS, amount, 3);
		return { genuine: true, payload: callbacks.v1TransactionWebhook(sim, deposit.id) };
	});
	const forged = Array.from({ length: FORGED }, (_, i) => {
		const { payload } = genuine[i * 7];
		const fake = i % 2 ? { ...payload, amount: '900.00000000' } : { ...payload, id: `forged${i}` };
		return { genuine: false, payload: fake };
	});
	const all = [...genuine];
	forged.forEach((entry, i) =>
		all.splice(Math.floor(((i + 1) * all.length) / (FORGED + 1)), 0, entry),
	);
	return all;
}

/** Posts every callback once, at its slot of the minute, SENDERS at a time; the answers. */
async function sendAll(url, entries) {
	const started = performance.now();
	const gap = SPREAD_MS / entries.length;
	let next = 0;
	const answers = new Array(entries.length);
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < entries.length) {
				const index = next++;
				const due = started + index * gap;
				if (due > performance.now()) await sleep(due - performance.now());
				const sentAt = performance.now();
				const answer = await callbacks
					.fireCallback(url, entries[index].payload)
					.catch((error) => ({ status: 0, body: String(error) }));
				answers[index] = { ...answer, ms: performance.now() - sentAt };
			}
		}),
	);
	return answers;
}

/** Executions per genuine id, and the forged ones that started any. */
function countExecutions(sim, entries) {
	const executed = sim.sink.filter((item) => item.event === 'deposit');
	const perGenuine = entries
		.filter((entry) => entry.genuine)
		.map((entry) => executed.filter((item) => item.id === entry.payload.id).length);
	const genuineIds = new Set(entries.filter((e) => e.genuine).map((e) => e.payload.id));
	const forgedExecuted = executed.filter(
		(item) => !genuineIds.has(item.id) || item.amount === '900.00000000',
	).length;
	return { perGenuine, forgedExecuted, executions: executed.length };
}

/** The trigger (and the batch) active in a started n8n; the trigger's URL. */
async function startBurstN8n(instance, sim, withBatch) {
	await instance.importWorkflow(burstTriggerWorkflow(TRIGGER_ID, sim.url));
	await instance.activate('crBenchBurst0001');
	if (withBatch) {
		await instance.importWorkflow(burstBatchWorkflow(sim.url, BATCH_ITEMS));
		await instance.activate('crBenchBatch0001');
	}
	await instance.start();
	const url = `${instance.baseUrl}/webhook/${TRIGGER_ID}/webhook`;
	await untilRegistered(url);
	sim.reset(); // forget the registration probes: a fresh gateway window
	return url;
}

/** One condition, in a fresh n8n from `prepare()`; prints one line and returns its figures. */
async function burstCondition(prepare, sim, withBatch) {
	const instance = await prepare();
	try {
		const url = await startBurstN8n(instance, sim, withBatch);
		const entries = burstCallbacks(sim);
		const began = performance.now();
		if (withBatch)
			await fetch(`${instance.baseUrl}/webhook/${BURST_BATCH_PATH}`, { method: 'POST' });
		const answers = await sendAll(url, entries);
		const sentInS = (performance.now() - began) / 1000;
		const genuineAnswers = answers.filter((_, i) => entries[i].genuine);
		const accepted = genuineAnswers.filter((a) => a.status >= 200 && a.status < 300).length;
		await waitFor(
			() =>
				countExecutions(sim, entries).perGenuine.every((n) => n > 0) &&
				(!withBatch || sim.sink.some((item) => item.batch !== undefined)),
			SETTLE_TIMEOUT_MS,
		);
		const allInS = (performance.now() - began) / 1000;
		await sleep(3000); // a late second execution or forgery would show by now
		const counted = countExecutions(sim, entries);
		const apiCalls = sim.requests.filter((r) => r.path.startsWith('/v1/'));
		const figures = {
			withBatch,
			accepted,
			acknowledged: genuineAnswers.filter((a) => a.status === 202).length,
			statuses: tally(answers.map((a) => a.status)),
			p50: percentile(
				answers.map((a) => a.ms),
				50,
			),
			p95: percentile(
				answers.map((a) => a.ms),
				95,
			),
			exactlyOnce: counted.perGenuine.filter((n) => n === 1).length,
			maxPerGenuine: Math.max(...counted.perGenuine),
			forgedExecuted: counted.forgedExecuted,
			apiCalls: apiCalls.length,
			status429: apiCalls.filter((r) => r.status === 429).length,
			batch: sim.sink.find((item) => item.batch !== undefined)?.batch,
			sentInS,
			allInS,
		};
		printBurst(figures);
		return figures;
	} finally {
		await instance.dispose();
	}
}

const tally = (list) =>
	Object.entries(list.reduce((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {}))
		.map(([status, n]) => `${n}×${status}`)
		.join(', ');

function printBurst(f) {
	const batch = f.withBatch
		? ` Batch of ${BATCH_ITEMS} balance reads: ${f.batch ? `${f.batch.ok} ok, ${f.batch.failed} failed` : 'not finished'}.`
		: '';
	console.log(
		`5. burst ${f.withBatch ? 'WITH' : 'without'} the batch: ${GENUINE} genuine + ${FORGED} forged callbacks, ${SENDERS} senders, sent in ${f.sentInS.toFixed(1)} s, never resent; gateway 100 per 60 s, 100 ms. ` +
			`Genuine accepted at first delivery: ${f.accepted}/${GENUINE} = ${((100 * f.accepted) / GENUINE).toFixed(1)} % (${f.acknowledged} of them 202, verified later); answers: ${f.statuses}; answer time p50 ${f.p50.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms. ` +
			`Executions: exactly one for ${f.exactlyOnce}/${GENUINE} genuine (max ${f.maxPerGenuine}), all in ${f.allInS.toFixed(1)} s after the first callback; forged that started one: ${f.forgedExecuted}. ` +
			`API calls ${f.apiCalls}, 429s at the gateway ${f.status429}.${batch}`,
	);
}

/** Both conditions; `prepare(sim)` gives a fresh n8n (not started) whose credential points at `sim`. */
async function measureBurst(prepare, sim) {
	const without = await burstCondition(() => prepare(sim), sim, false);
	const withBatch = await burstCondition(() => prepare(sim), sim, true);
	return { without, withBatch };
}

module.exports = { measureBurst };
