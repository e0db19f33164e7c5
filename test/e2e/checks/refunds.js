'use strict';
// Invoices that went wrong, settled by the node in real n8n (issue 59's proof): Invoice → Refund and
// Invoice → Bill the Rest against the simulator's under, over and exactly paid invoices, the
// withdrawals counted at the simulator. examples/invoice-refunds.json asks the customer for a
// refund address in an emailed n8n form and a person on Slack, so it is not run whole: its
// CoinRemitter nodes (type, version, parameters, error output) are, each behind a Webhook whose
// body gives the invoice id and the customer's address, with Allowed Addresses added to their
// guardrails; and its trigger → Verified? → By status → "Refund the excess" wiring is, as shipped
// but for the refund address (fixed), beside a trigger with Verify off straight into a refund.
//   An Over Paid invoice: the excess is refunded once, exactly; the same webhook posted again (a
//   retry) and a copy of the workflow (another id and path) send nothing more.
//   A Paid invoice: an amount above what it received is refused; two partial refunds that add up
//   past it: the second is refused.
//   An Under Paid invoice: Bill the Rest creates an invoice for exactly the shortfall in the
//   invoice's fiat, with the original's id in its custom data.
//   A forged callback claiming Over Paid for a Paid invoice: no refund, verified or not.
const { check } = require('../../report');
const { workflow, workflowBuilder, waitFor } = require('../../../scripts/n8n-runtime');
const callbacks = require('../../../simulator/callbacks');
const { fromUnits, toUnits } = require('../../../simulator/decimal');
const { ADDRESS_FORMAT } = require('../../../simulator/state');
const { example, post, runDataOf, sendsSince, snapshot } = require('./approvals');

const EXCESS = { id: 'crE2eRefunds0001', path: 'e2e-refund-excess' };
const EXCESS_COPY = { id: 'crE2eRefunds0002', path: 'e2e-refund-excess-copy' };
const AMOUNT = { id: 'crE2eRefunds0003', path: 'e2e-refund-amount' };
const BILL = { id: 'crE2eRefunds0004', path: 'e2e-bill-rest' };
const CALLBACK_ID = 'crE2eRefunds0005';
const VERIFIED_HOOK = 'c0ffee59-0000-4000-8000-000000000001';
const UNVERIFIED_HOOK = 'c0ffee59-0000-4000-8000-000000000002';
const WALLET = 'sim_tcn_key';

/** Customers' refund addresses the simulator's wallet validates (a TCN address: T and 33 base58). */
const addressOf = (label) => `T${label}${'1'.repeat(33 - label.length)}`;
const CUSTOMER = {
	excess: addressOf('RefundExcess'),
	amount: addressOf('RefundAmount'),
	forged: addressOf('RefundForged'),
};
for (const address of Object.values(CUSTOMER))
	if (!ADDRESS_FORMAT.test(address)) throw new Error(`${address} is not a simulator address`);
const ALLOWED = Object.values(CUSTOMER).join('\n');

const { coinRemitterTrigger, webhook } = workflowBuilder({ idPrefix: 'refund-' });

const shippedNode = (name) => {
	const node = example('invoice-refunds.json').nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`examples/invoice-refunds.json has no node "${name}"`);
	return structuredClone(node);
};

/** The example's CoinRemitter node `name`, its parameters changed by `parameters`, Allowed Addresses added to its guardrails. */
function fromExample(name, parameters, newName = name) {
	const node = shippedNode(name);
	const merged = { ...node.parameters, ...parameters };
	if (merged.guardrails) merged.guardrails = { ...merged.guardrails, allowedAddresses: ALLOWED };
	return { ...node, name: newName, parameters: merged };
}

const fromBody = {
	invoiceId: '={{ $json.body.invoiceId }}',
	address: '={{ $json.body.address }}',
};

/** Webhook at `path` → one node of the example. */
const behindWebhook = ({ id, path }, node) =>
	workflow({ id, name: `E2E refunds ${path}`, nodes: [webhook('Start', path), node] });

const excessWorkflow = (where) => behindWebhook(where, fromExample('Refund the excess', fromBody));

/** "Refund the late payment" as "an amount": the amount from the webhook's body. */
const amountWorkflow = () =>
	behindWebhook(
		AMOUNT,
		fromExample(
			'Refund the late payment',
			{ ...fromBody, whatToRefund: 'amount', amount: '={{ $json.body.amount }}' },
			'Refund an amount',
		),
	);

const billWorkflow = () =>
	behindWebhook(BILL, fromExample('Bill the rest', { invoiceId: fromBody.invoiceId }));

const link = (node, index = 0) => ({ node, type: 'main', index });

/**
 * The example's trigger → Verified? → By status (Paid: Fulfil the order; Over Paid: Fulfil and
 * "Refund the excess", the address fixed); beside it a trigger with Verify off, its item straight
 * into a refund of the excess.
 */
function callbackWorkflow() {
	const verified = { ...shippedNode('Invoice settled'), webhookId: VERIFIED_HOOK };
	const unverified = coinRemitterTrigger(UNVERIFIED_HOOK, {
		events: ['invoice'],
		options: { statuses: [1, 2, 3, 4], verify: false },
		typeVersion: verified.typeVersion,
	});
	unverified.name = 'Invoice callback (Verify off)';
	const nodes = [
		verified,
		shippedNode('Verified?'),
		shippedNode('By status'),
		shippedNode('Fulfil the order'),
		fromExample('Refund the excess', { address: CUSTOMER.forged }),
		{ ...unverified, position: [0, 600] },
		{
			...fromExample(
				'Refund the excess',
				{ invoiceId: '={{ $json.invoice_id }}', address: CUSTOMER.forged },
				'Refund the excess (unverified item)',
			),
			id: 'refund-unverified',
			position: [940, 600],
		},
	];
	return {
		id: CALLBACK_ID,
		name: 'E2E refunds: forged callbacks',
		nodes,
		connections: {
			'Invoice settled': { main: [[link('Verified?')]] },
			'Verified?': { main: [[link('By status')], []] },
			'By status': {
				main: [
					[link('Fulfil the order')],
					[],
					[link('Fulfil the order'), link('Refund the excess')],
					[],
				],
			},
			'Invoice callback (Verify off)': {
				main: [[link('Refund the excess (unverified item)')]],
			},
		},
		active: false,
		settings: {},
		pinData: {},
	};
}

/** Before n8n starts: the workflows imported and active. */
async function prepareRefunds(instance) {
	for (const wf of [
		excessWorkflow(EXCESS),
		{ ...excessWorkflow(EXCESS_COPY), name: 'E2E refunds (a copy)' },
		amountWorkflow(),
		billWorkflow(),
		callbackWorkflow(),
	]) {
		await instance.importWorkflow(wf);
		await instance.activate(wf.id);
	}
}

const executionIds = async (instance, workflowId) =>
	new Set((await instance.executionsOf(workflowId)).map((execution) => execution.id));

/** The run data of the first `count` executions of `workflowId` not in `earlier`, once ended and saved. */
async function runsAfter(instance, workflowId, earlier, count = 1) {
	let ended = [];
	const found = await waitFor(async () => {
		ended = (await instance.executionsOf(workflowId)).filter(
			(execution) =>
				!earlier.has(execution.id) && !['new', 'running', 'waiting'].includes(execution.status),
		);
		return ended.length >= count;
	}, 30000);
	if (!found) throw new Error(`no ended execution of ${workflowId} after a post`);
	const runs = [];
	for (const execution of ended) {
		let runData = {};
		// n8n 2.x can list the execution as ended a moment before its run data is saved.
		await waitFor(
			async () =>
				Object.keys((runData = await runDataOf(instance, execution.id).catch(() => ({})))).length >
				0,
			15000,
		);
		runs.push(runData);
	}
	return runs;
}

/** What `node` output in `runData`: its items with the output they left on (0: sent, 1: ask a person, 2: error). */
const outputOf = (runData, node) =>
	(runData[node]?.[0]?.data?.main ?? []).flatMap((items, output) =>
		(items ?? []).map((item) => ({ output, ...item.json })),
	);

/** Posts `body` to the webhook workflow `where`; resolves to what `node` output. */
async function postAndRead(instance, where, node, body) {
	const earlier = await executionIds(instance, where.id);
	await post(instance, where.path, body);
	const [runData] = await runsAfter(instance, where.id, earlier);
	return outputOf(runData, node);
}

const brief = (items) =>
	items.map(({ output, outcome, refunded, error, message }) => ({
		output,
		outcome,
		refunded,
		said: String(error ?? message ?? '').slice(0, 220),
	}));

/** A v1 invoice in the TCN wallet for `amount` EUR, paid `pay(totalUnits)` units of TCN. */
async function paidInvoice(sim, amount, pay, extra = {}) {
	const invoice = sim.createV1Invoice(WALLET, { amount, fiat_currency: 'EUR', ...extra });
	const total = toUnits(invoice.total_amount.TCN);
	await sim.payInvoice(invoice.invoice_id, fromUnits(pay(total)));
	return sim.state.invoices.get(invoice.invoice_id);
}

const amountText = (units) => fromUnits(units).replace(/\.?0+$/, '');

async function checkRefunds(instance, sim, tag) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const began = Date.now();

	// 1. Over Paid: the excess once; a retry and a copy send nothing more.
	const excessUnits = 12345678n;
	const over = await paidInvoice(sim, '0.45', (total) => total + excessUnits);
	const excess = amountText(excessUnits);
	const overBody = { invoiceId: over.invoice_id, address: CUSTOMER.excess };
	const before = snapshot(sim);
	const first = await postAndRead(instance, EXCESS, 'Refund the excess', overBody);
	const afterFirst = sendsSince(sim, before);
	const retry = await postAndRead(instance, EXCESS, 'Refund the excess', overBody);
	const copy = await postAndRead(instance, EXCESS_COPY, 'Refund the excess', overBody);
	const afterCopy = sendsSince(sim, before);
	const nothingLeft = (items) =>
		items.length === 1 &&
		items[0].outcome === 'nothingToRefund' &&
		items[0].refunded === '0' &&
		items[0].refundedBefore === excess;
	check(
		`${tag} refunds: an Over Paid invoice's excess (${excess} TCN) is refunded once, exactly, to the customer's address; the same webhook posted again and a copy of the workflow send nothing more (nothing left to refund)`,
		over.status === 'Over Paid' &&
			JSON.stringify(afterFirst) === JSON.stringify([`${excess}→${CUSTOMER.excess}`]) &&
			JSON.stringify(afterCopy) === JSON.stringify(afterFirst) &&
			first.length === 1 &&
			first[0].output === 0 &&
			first[0].outcome === 'sent' &&
			first[0].refunded === excess &&
			first[0].payoutKey === `refund:${over.invoice_id}:1` &&
			nothingLeft(retry) &&
			nothingLeft(copy),
		JSON.stringify({
			invoice: [over.invoice_id, over.status, over.total_amount.TCN, over.paid_amount.TCN],
			walletBalance: fromUnits(sim.wallet(WALLET).balance),
			sent: afterCopy,
			first: brief(first),
			retry: brief(retry),
			copy: brief(copy),
		}),
	);

	// 2. A Paid invoice of 0.8 TCN: more than it received refused; 0.5 then 0.5: the second refused.
	const paid = await paidInvoice(sim, '0.36', (total) => total);
	const received = toUnits(paid.paid_amount.TCN);
	const amountBody = (amount) => ({
		invoiceId: paid.invoice_id,
		address: CUSTOMER.amount,
		amount,
	});
	const beforeAmounts = snapshot(sim);
	const tooMuch = await postAndRead(
		instance,
		AMOUNT,
		'Refund an amount',
		amountBody(amountText(received + 1n)),
	);
	const afterTooMuch = sendsSince(sim, beforeAmounts);
	const part = amountText((received * 5n) / 8n);
	const partOne = await postAndRead(instance, AMOUNT, 'Refund an amount', amountBody(part));
	const partTwo = await postAndRead(instance, AMOUNT, 'Refund an amount', amountBody(part));
	const afterParts = sendsSince(sim, beforeAmounts);
	const refused = (items, pattern) =>
		items.length === 1 &&
		items[0].output === 2 &&
		pattern.test(String(items[0].error)) &&
		items[0].outcome === undefined;
	check(
		`${tag} refunds: an amount above what a Paid invoice received (${amountText(received)} TCN) is refused and nothing is sent`,
		paid.status === 'Paid' &&
			afterTooMuch.length === 0 &&
			refused(tooMuch, /^Amount: .* is more than the .* left to refund of invoice/),
		JSON.stringify({ sent: afterTooMuch, tooMuch: brief(tooMuch) }),
	);
	check(
		`${tag} refunds: two partial refunds of ${part} TCN that add up past what the invoice received: the first is sent, the second refused`,
		JSON.stringify(afterParts) === JSON.stringify([`${part}→${CUSTOMER.amount}`]) &&
			partOne.length === 1 &&
			partOne[0].outcome === 'sent' &&
			partOne[0].refunded === part &&
			refused(
				partTwo,
				new RegExp(`left to refund of invoice ${paid.invoice_id} .*${part} refunded before`),
			),
		JSON.stringify({ sent: afterParts, partOne: brief(partOne), partTwo: brief(partTwo) }),
	);

	// 3. Under Paid: a new invoice for exactly the shortfall in EUR, linked to the original.
	const under = await paidInvoice(sim, '9', (total) => (total * 5n) / 8n, {
		custom_data1: 'order-59',
	});
	const shortfall = toUnits(under.total_amount.EUR) - toUnits(under.paid_amount.EUR);
	const billed = await postAndRead(instance, BILL, 'Bill the rest', {
		invoiceId: under.invoice_id,
	});
	const rest = billed[0]?.invoice_id ? sim.state.invoices.get(billed[0].invoice_id) : undefined;
	check(
		`${tag} refunds: Bill the Rest of an Under Paid invoice creates an invoice for exactly the shortfall (${fromUnits(shortfall)} EUR), in the invoice's fiat, with the original's id in its custom data`,
		under.status === 'Under Paid' &&
			billed.length === 1 &&
			billed[0].output === 0 &&
			rest !== undefined &&
			rest.invoice_id !== under.invoice_id &&
			rest.fiat_currency === 'EUR' &&
			rest.total_amount.EUR === fromUnits(shortfall) &&
			rest.custom_data1 === under.invoice_id &&
			rest.custom_data2 === 'order-59' &&
			rest.status === 'Pending',
		JSON.stringify({
			original: [under.invoice_id, under.total_amount, under.paid_amount],
			billed: billed.map(({ output, invoice_id: id, error }) => ({ output, id, error })),
			rest: rest && {
				id: rest.invoice_id,
				total: rest.total_amount,
				fiat: rest.fiat_currency,
				custom: [rest.custom_data1, rest.custom_data2],
			},
		}),
	);

	// 4. A forged callback claiming Over Paid for a Paid invoice: no refund, verified or not.
	const exact = await paidInvoice(sim, '0.45', (total) => total);
	const forged = callbacks.invoiceNotification(sim, exact.invoice_id);
	const claimed = fromUnits(toUnits(forged.total_amount.TCN) + 50000000n);
	Object.assign(forged, {
		status: 'Over Paid',
		status_code: 3,
		paid_amount: { ...forged.paid_amount, TCN: claimed },
	});
	const beforeForged = snapshot(sim);
	const earlier = await executionIds(instance, CALLBACK_ID);
	const answers = [];
	for (const hook of [VERIFIED_HOOK, UNVERIFIED_HOOK]) {
		const url = `${instance.baseUrl}/webhook/${hook}/webhook`;
		const answer = await callbacks.fireCallback(url, forged);
		answers.push(`${answer.status} ${answer.body.slice(0, 120)}`);
	}
	const runs = await runsAfter(instance, CALLBACK_ID, earlier, 2);
	const byTrigger = (name) => runs.find((runData) => name in runData) ?? {};
	const verifiedRun = byTrigger('Invoice settled');
	const unverifiedRun = byTrigger('Invoice callback (Verify off)');
	const verifiedItem = outputOf(verifiedRun, 'Invoice settled')[0];
	const unverifiedItem = outputOf(unverifiedRun, 'Invoice callback (Verify off)')[0];
	const unverifiedRefund = outputOf(unverifiedRun, 'Refund the excess (unverified item)');
	const forgedSent = sendsSince(sim, beforeForged);
	check(
		`${tag} refunds: a forged callback claiming Over Paid for a Paid invoice refunds nothing: the example's verified trigger routes it as Paid (no refund run); with Verify off, the item claims Over Paid and Refund the excess refuses it by the invoice's record`,
		exact.status === 'Paid' &&
			forgedSent.length === 0 &&
			verifiedItem?.verified === true &&
			Number(verifiedItem?.status_code) === 1 &&
			'Fulfil the order' in verifiedRun &&
			!('Refund the excess' in verifiedRun) &&
			unverifiedItem?.verified === false &&
			Number(unverifiedItem?.status_code) === 3 &&
			refused(unverifiedRefund, /^What to Refund: .* was not paid beyond its amount/),
		JSON.stringify({
			sent: forgedSent,
			answers,
			verified: verifiedItem && [verifiedItem.verified, verifiedItem.status_code],
			verifiedNodes: Object.keys(verifiedRun),
			unverified: unverifiedItem && [unverifiedItem.verified, unverifiedItem.status_code],
			refund: brief(unverifiedRefund),
			seconds: Math.round((Date.now() - began) / 1000),
		}),
	);
}

module.exports = { checkRefunds, prepareRefunds };
