'use strict';
// The catch-up of examples/never-miss-a-payment.json in a started n8n: the example as
// shipped, with its Schedule Trigger firing every 6 s, its Set nodes listing a simulator address
// and invoice, and its last node posting each item to the simulator's sink. Deposit A delivered by
// its callback runs once and does not come again through the catch-up; deposit B, whose callback
// was refused (the gateway in maintenance: verification answers 503), arrives once by the catch-up.
// Deposit C's callback comes in a flood of forged callbacks on addresses of their own, while the
// wallet's limit binds and the forgeries fill the callbacks the trigger holds (MAX_HELD_CALLBACKS):
// it is answered 503 at once, as a genuine deposit in such a flood is, and arrives once by the
// catch-up; no forged one starts.
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { EXAMPLES, waitFor, webhookRegistered } = require('../../../scripts/n8n-runtime');

const WORKFLOW_ID = 'crE2eCatchUp0001';
const WEBHOOK_ID = 'e2e-catch-up-0000-0000-000000000001';
const ADDRESS = 'T' + 'c'.repeat(33);
// Longer than a catch-up run that waits out the flood's 429s: two runs at once could both pass one
// key through Remove Duplicates (n8n's store checks, then records), which the shipped 15 minutes
// never meet.
const TICK_S = 6;
// The trigger's bound, from the package as built (the suite runs after `npm run build`).
const { MAX_HELD_CALLBACKS: HELD } = require('../../../dist/nodes/CoinRemitterTrigger/memory');
/** Shorter than the trigger's Verification Wait (5 s) and than TICK_S: the held forgeries are refuted in it. */
const FLOOD_RETRY_AFTER_S = 1;

/** The example, adapted as the brief of the check says; `invoiceId` a simulator invoice. */
function adaptedExample(simUrl, invoiceId) {
	const workflow = JSON.parse(readFileSync(join(EXAMPLES, 'never-miss-a-payment.json'), 'utf8'));
	const byType = (type) => workflow.nodes.filter((node) => node.type === type);
	byType('n8n-nodes-coinremitter.coinRemitterTrigger')[0].webhookId = WEBHOOK_ID;
	byType('n8n-nodes-base.scheduleTrigger')[0].parameters.rule = {
		interval: [{ field: 'seconds', secondsInterval: TICK_S }],
	};
	const [addresses, invoices] = byType('n8n-nodes-base.set');
	addresses.parameters.jsonOutput = JSON.stringify({ addresses: [ADDRESS] });
	invoices.parameters.jsonOutput = JSON.stringify({ invoices: [invoiceId] });
	const last = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.noOp');
	Object.assign(last, {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${simUrl}/__sim/sink`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify({ catchUp: $json.deliveryKey, item: $json }) }}',
			options: {},
		},
	});
	return { ...workflow, id: WORKFLOW_ID, active: false };
}

/** The address and a paid invoice in the simulator's TCN wallet; the workflow imported and active. */
async function installCatchUp(instance, sim) {
	sim.wallet('sim_tcn_key').addresses.set(ADDRESS, {
		address: ADDRESS,
		label: 'catch-up',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	const invoice = sim.createV1Invoice('sim_tcn_key', { amount: '10', fiat_currency: 'USD' });
	callbacks.payInvoice(sim, invoice.invoice_id, invoice.total_amount.TCN);
	await instance.importWorkflow(adaptedExample(sim.url, invoice.invoice_id));
	await instance.activate(WORKFLOW_ID);
	return invoice.invoice_id;
}

/**
 * Deposit C's callback in a flood of forged ones (each on an address of its own) while the wallet's
 * limit binds (every call answered 429, retry-after FLOOD_RETRY_AFTER_S): HELD forged ones are held
 * waiting, and as many more are answered 503 at once, which shows the held ones fill the bound.
 * The gateway opens once C is answered: the held ones are then refuted. Answers C's answer, the
 * forged ones' statuses and their ids.
 */
async function depositInAFlood(sim, url, payload) {
	const hex = (bytes) => randomBytes(bytes).toString('hex');
	const forged = Array.from({ length: 2 * HELD }, () => ({
		...payload,
		id: hex(12),
		txid: hex(32),
		address: 'T' + hex(17).slice(0, 33),
	}));
	Object.assign(sim.faults, { rateLimitBurst: 1000, retryAfterSeconds: FLOOD_RETRY_AFTER_S });
	try {
		const statuses = [];
		const forgedAnswers = Promise.all(
			forged.map(async (callback) => {
				const answer = await callbacks.fireCallback(url, callback);
				statuses.push(answer.status);
				return answer.status;
			}),
		);
		const full = await waitFor(() => statuses.filter((s) => s === 503).length >= HELD, 10000);
		const answer = await callbacks.fireCallback(url, payload);
		sim.faults.rateLimitBurst = 0;
		return {
			full,
			answer,
			forged: await forgedAnswers,
			forgedIds: new Set(forged.map((f) => f.id)),
		};
	} finally {
		sim.faults.rateLimitBurst = 0;
	}
}

const deliveries = (sim, predicate) =>
	sim.sink.filter((entry) => entry.catchUp !== undefined && predicate(entry.item));

async function checkCatchUp(instance, sim, tag) {
	sim.sink.length = 0;
	const invoiceId = await installCatchUp(instance, sim);
	const url = `${instance.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
	check(`${tag} catch-up: the example's webhook is registered`, await webhookRegistered(url));

	const a = sim.deposit('sim_tcn_key', ADDRESS, '0.31000000', 3);
	const aAnswer = await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, a.id));
	const b = sim.deposit('sim_tcn_key', ADDRESS, '0.32000000', 3);
	sim.faults.maintenance = true;
	const bAnswer = await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, b.id));
	sim.faults.maintenance = false;
	check(
		`${tag} catch-up: deposit A's callback is accepted, deposit B's refused (503, gateway in maintenance)`,
		aAnswer.status === 200 && bAnswer.status === 503,
		`${aAnswer.status} ${aAnswer.body} / ${bAnswer.status} ${bAnswer.body}`,
	);
	const c = sim.deposit('sim_tcn_key', ADDRESS, '0.33000000', 3);
	const flood = await depositInAFlood(sim, url, callbacks.v1TransactionWebhook(sim, c.id));
	const forgedRefused = flood.forged.every((status) => [202, 403, 503].includes(status));
	check(
		`${tag} catch-up: in a flood of ${2 * HELD} forged callbacks while the limit binds (${HELD} held, the rest 503), deposit C's callback is answered 503; every forged one 403, 503 or 202`,
		flood.full && flood.answer.status === 503 && forgedRefused,
		`${flood.answer.status} ${flood.answer.body} / ${flood.forged.join(',')}`,
	);
	const ofA = () => deliveries(sim, (item) => item.id === a.id);
	const ofB = () => deliveries(sim, (item) => item.id === b.id);
	const ofC = () => deliveries(sim, (item) => item.id === c.id);
	await waitFor(() => ofB().length > 0 && ofC().length > 0, 20000);
	// Three more catch-up runs finished (n8n's execution list says so): a repeat would show by then.
	const finished = async () =>
		(await instance.executionsOf(WORKFLOW_ID)).filter((execution) => execution.stoppedAt).length;
	const runsAtB = await finished();
	const threeMore = await waitFor(async () => (await finished()) >= runsAtB + 3, 45000);
	// The schedule runs every few seconds: it may find A before A's own execution gets past Remove
	// Duplicates. Either way A must arrive once, and the other path must not bring it again.
	const pathOfA = ofA()[0]?.item.verified === true ? 'its callback' : 'the catch-up';
	check(
		`${tag} catch-up: deposit A (callback accepted) arrived exactly once, through ${pathOfA}, and did not come again in the three catch-up runs after B's`,
		ofA().length === 1 && threeMore,
		`${threeMore ? '' : 'fewer than three catch-up runs finished after B arrived; '}${JSON.stringify(ofA()).slice(0, 600)}`,
	);
	check(
		`${tag} catch-up: deposit B (callback refused) arrived exactly once through the catch-up`,
		ofB().length === 1 && ofB()[0].item.verified === undefined,
		JSON.stringify(sim.sink.map((entry) => [entry.catchUp, entry.item?.id])).slice(0, 1500),
	);
	check(
		`${tag} catch-up: deposit C (refused in the flood) arrived exactly once through the catch-up, and no forged callback started`,
		ofC().length === 1 &&
			ofC()[0].item.verified === undefined &&
			!sim.sink.some((entry) => flood.forgedIds.has(entry.item?.id)),
		JSON.stringify(sim.sink.map((entry) => [entry.catchUp, entry.item?.id])).slice(0, 1500),
	);
	const ofInvoice = deliveries(sim, (item) => item.invoice_id === invoiceId);
	check(
		`${tag} catch-up: the paid invoice arrived exactly once`,
		ofInvoice.length === 1,
		JSON.stringify(ofInvoice).slice(0, 600),
	);
}

module.exports = { checkCatchUp };
