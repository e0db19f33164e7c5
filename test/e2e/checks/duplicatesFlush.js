'use strict';
// Skip Duplicates cannot be flushed for free, in real n8n: a paid invoice delivered to a saved
// trigger (typeVersion 2, where widget orders still start unverified without a Widget Secret), then
// more forged widget orders than the delivery memory holds, each its own run, over longer than n8n
// may write a request's static data back; the invoice replayed starts no second run. CI crosses
// both bounds at a small size: its n8n starts with them set small (test/e2e/smallBounds.js), this
// check runs first, and the next restart sets them back. `npm run bench -- duplicates` runs the
// same at full size (6,000 forged over 125 s against 5,000 and 120 s).
const { join } = require('node:path');
const { BOUNDS_SET } = require('../smallBounds');
const { performance } = require('node:perf_hooks');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const {
	CREDENTIALS,
	sleep,
	waitFor,
	untilRegistered,
	workflow,
	workflowBuilder,
} = require('../../../scripts/n8n-runtime');

const ID = 'crE2eDupFlush001';
const HOOK = 'e2e0cccc-2222-4ccc-8ddd-000000000044';
const SENDERS = 20;
/** The bounds of dedupe.ts (deliveryMemoryBounds) as CI sets them, and a flood that crosses them. */
const SMALL_BOUNDS = { maxRemembered: 40, pruneSlack: 5, liveMs: 3_000 };
const SMALL_FLOOD = { forged: 60, spreadMs: 4_000 };
/** The bounds as shipped, and the flood the bench sends. */
const FULL_BOUNDS = { maxRemembered: 5_000, liveMs: 120_000 };
const FULL_FLOOD = { forged: 6_000, spreadMs: 125_000 };

function flushWorkflow(simUrl) {
	const { coinRemitterTrigger, sink } = workflowBuilder({ idPrefix: `${ID}-` });
	const trigger = coinRemitterTrigger(HOOK, { credential: CREDENTIALS.v1, typeVersion: 2 });
	// Only invoices reach the sink, and no successful run is saved: thousands of runs stay light.
	trigger.parameters.events = ['invoice', 'widgetOrder'];
	const forward = sink(
		'Forward',
		simUrl,
		`={{ $json.event === 'invoice' ? JSON.stringify({ wf: '${ID}', event: $json.event }) : '{}' }}`,
	);
	return workflow({
		id: ID,
		name: 'E2E Skip Duplicates under forged widget orders',
		nodes: [trigger, forward],
		settings: { saveDataSuccessExecution: 'none' },
	});
}

async function prepareDuplicatesFlush(instance, simUrl) {
	await instance.importWorkflow(flushWorkflow(simUrl));
	await instance.activate(ID);
}

/** Every order once, at its slot of `spreadMs`, SENDERS at a time; how many were answered 200. */
async function sendForged(url, { forged, spreadMs }) {
	const began = performance.now();
	const gap = spreadMs / forged;
	let next = 0;
	let accepted = 0;
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < forged) {
				const index = next++;
				const due = began + index * gap;
				if (due > performance.now()) await sleep(due - performance.now());
				const order = { ...callbacks.widgetOrders.pricing(1), order_id: `forged-${index}` };
				const answer = await callbacks.fireCallback(url, order).catch(() => ({ status: 0 }));
				if (answer.status === 200) accepted++;
			}
		}),
	);
	return { accepted, seconds: (performance.now() - began) / 1000 };
}

/**
 * A paid invoice, the forged flood, the invoice replayed, on the running n8n whose trigger holds
 * `bounds`: whether the replay started no second run, with the figures.
 */
async function floodDuplicates(instance, sim, flood, bounds) {
	const url = `${instance.baseUrl}/webhook/${HOOK}/webhook`;
	await untilRegistered(url);
	const runs = (event) => sim.sink.filter((item) => item.wf === ID && item.event === event).length;
	const paid = callbacks.samples.invoice(sim);
	const notification = callbacks.invoiceNotification(sim, String(paid.invoice_id));
	const before = runs('invoice');
	const first = await callbacks.fireCallback(url, notification);
	await waitFor(() => runs('invoice') === before + 1, 15_000);
	const forged = await sendForged(url, flood);
	const replay = await callbacks.fireCallback(url, notification);
	// A second paid invoice, sent after the replay: once its run has come, a run the replay had
	// started (before its answer, as every started callback's) would have come too.
	const marker = callbacks.samples.invoice(sim);
	await callbacks.fireCallback(url, callbacks.invoiceNotification(sim, String(marker.invoice_id)));
	await waitFor(() => runs('invoice') >= before + 2, 15_000);
	// The delivery memory records a delivery when it is answered, before its run: more forged
	// orders taken than its unverified lane holds is what could have pushed the invoice out.
	const held =
		first.status === 200 &&
		forged.seconds * 1000 > bounds.liveMs &&
		forged.accepted > bounds.maxRemembered &&
		JSON.parse(replay.body).ignored === 'duplicate delivery' &&
		runs('invoice') === before + 2;
	const detail = `first ${first.status}, forged taken ${forged.accepted} of ${flood.forged} over ${forged.seconds.toFixed(0)} s (bounds: ${bounds.maxRemembered} remembered, ${bounds.liveMs / 1000} s), replay ${replay.status} ${replay.body}, invoice runs ${runs('invoice') - before} (2 expected: the invoice and the second one)`;
	return { held, forged, detail };
}

/**
 * Sets the delivery memory's bounds small for n8n's next start (the suite's first), so that the
 * check needs no restart of its own; the next restart (the MCP check's, right after it) ends them.
 */
function startWithSmallBounds(instance) {
	instance.baseExtraEnv ??= { ...instance.extraEnv };
	instance.extraEnv = {
		...instance.baseExtraEnv,
		NODE_OPTIONS: `--require ${join(__dirname, '..', 'smallBounds.js')}`,
		COINREMITTER_TEST_DELIVERY_BOUNDS: JSON.stringify(SMALL_BOUNDS),
	};
}

/** Restarts n8n with its own bounds if the running n8n still has the small ones (the MCP check was skipped). */
async function endSmallBounds(instance) {
	instance.extraEnv = { ...(instance.baseExtraEnv ?? instance.extraEnv) };
	if (!instance.log.includes(BOUNDS_SET)) return;
	await instance.stop();
	await instance.start();
}

async function checkDuplicatesFlush(instance, sim, tag) {
	try {
		const { held, forged, detail } = await floodDuplicates(
			instance,
			sim,
			SMALL_FLOOD,
			SMALL_BOUNDS,
		);
		const set = new RegExp(`${BOUNDS_SET} (.*)`).exec(instance.log)?.[1];
		check(
			`${tag} Skip Duplicates: the trigger in n8n runs with the delivery memory's bounds set small`,
			set !== undefined &&
				Object.entries(SMALL_BOUNDS).every(([name, value]) => JSON.parse(set)[name] === value),
			`n8n printed: ${set ?? 'nothing'}`,
		);
		check(
			`${tag} Skip Duplicates: a paid invoice, ${forged.accepted} of ${SMALL_FLOOD.forged} forged widget orders taken over ${forged.seconds.toFixed(0)} s (past the delivery memory's bounds, set to ${SMALL_BOUNDS.maxRemembered} and ${SMALL_BOUNDS.liveMs / 1000} s), the invoice replayed: no second run`,
			held,
			detail,
		);
	} finally {
		// Back to its own bounds at n8n's next restart: the MCP check's, run right after this one.
		instance.extraEnv = { ...instance.baseExtraEnv };
	}
}

module.exports = {
	FULL_BOUNDS,
	FULL_FLOOD,
	checkDuplicatesFlush,
	endSmallBounds,
	floodDuplicates,
	flushWorkflow,
	prepareDuplicatesFlush,
	startWithSmallBounds,
};
