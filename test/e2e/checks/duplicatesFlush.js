'use strict';
// Skip Duplicates cannot be flushed for free, in real n8n (issue 33, item 7): a paid invoice
// delivered to a saved trigger (typeVersion 2, where widget orders still start unverified without
// a Widget Secret), then 6,000 forged widget orders over more than two minutes, each its own run;
// the invoice replayed starts no second run.
const { performance } = require('node:perf_hooks');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const {
	CREDENTIALS,
	sleep,
	waitFor,
	webhookRegistered,
	workflow,
	workflowBuilder,
} = require('../../../scripts/n8n-runtime');

const ID = 'crE2eDupFlush001';
const HOOK = 'e2e0cccc-2222-4ccc-8ddd-000000000044';
const FORGED = 6_000;
const SENDERS = 20;
const SPREAD_MS = 125_000;

function flushWorkflow(simUrl) {
	const { coinRemitterTrigger, sink } = workflowBuilder({ idPrefix: `${ID}-` });
	const trigger = coinRemitterTrigger(HOOK, { credential: CREDENTIALS.v1, typeVersion: 2 });
	// Only invoices reach the sink, and no successful run is saved: 6,000 runs stay light.
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

/** Every order once, at its slot of SPREAD_MS, SENDERS at a time; how many were answered 200. */
async function sendForged(url) {
	const began = performance.now();
	const gap = SPREAD_MS / FORGED;
	let next = 0;
	let accepted = 0;
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < FORGED) {
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

async function checkDuplicatesFlush(instance, sim, tag) {
	const url = `${instance.baseUrl}/webhook/${HOOK}/webhook`;
	check(`${tag} Skip Duplicates flood: trigger registered`, await webhookRegistered(url));
	const runs = (event) => sim.sink.filter((item) => item.wf === ID && item.event === event).length;
	const paid = callbacks.samples.invoice(sim);
	const notification = callbacks.invoiceNotification(sim, String(paid.invoice_id));
	const first = await callbacks.fireCallback(url, notification);
	await waitFor(() => runs('invoice') === 1, 15_000);

	const forged = await sendForged(url);
	const replay = await callbacks.fireCallback(url, notification);
	await sleep(3_000);
	// The delivery memory records a delivery when it is answered, before its run: more forged
	// orders taken than its unverified lane holds (5,000) is what could have pushed the invoice out.
	check(
		`${tag} Skip Duplicates: a paid invoice, ${forged.accepted} of ${FORGED} forged widget orders taken over ${forged.seconds.toFixed(0)} s, the invoice replayed: no second run`,
		first.status === 200 &&
			forged.seconds > 120 &&
			forged.accepted > 5_000 &&
			JSON.parse(replay.body).ignored === 'duplicate delivery' &&
			runs('invoice') === 1,
		`first ${first.status}, forged taken ${forged.accepted}, replay ${replay.status} ${replay.body}, invoice runs ${runs('invoice')}`,
	);
}

module.exports = { checkDuplicatesFlush, prepareDuplicatesFlush };
