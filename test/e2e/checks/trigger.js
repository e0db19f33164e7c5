'use strict';
// The trigger in an active workflow of a started n8n: callbacks of every kind, duplicates,
// forgeries, callbacks that claim more than their record, malformed bodies, and delivered states
// remembered across a restart.
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const {
	CREDENTIALS,
	untilRegistered,
	waitFor,
	webhookRegistered,
} = require('../../../scripts/n8n-runtime');
const { TRIGGER_WEBHOOK_ID, triggerWorkflow } = require('../workflows');

const LEGACY_WORKFLOW_ID = 'crE2eTrigLegacy1';
const LEGACY_WEBHOOK_ID = 'c8e6b2d3-4f5a-4b6c-9d7e-8f9a0b1c2d3e';

/**
 * A second active trigger: legacy credential, deposits and withdrawals, Only Confirmed on, at
 * typeVersion 1 as workflows saved before version 2 existed keep it (n8n parses its body another way).
 */
function legacyOnlyConfirmedWorkflow(simUrl) {
	const workflow = triggerWorkflow(simUrl);
	const [trigger] = workflow.nodes;
	Object.assign(trigger, {
		typeVersion: 1,
		webhookId: LEGACY_WEBHOOK_ID,
		parameters: { events: ['deposit', 'withdrawal'], options: { confirmedOnly: true } },
		credentials: { coinRemitterLegacyApi: CREDENTIALS.legacyTcn },
	});
	return { ...workflow, id: LEGACY_WORKFLOW_ID, name: 'E2E trigger (legacy, only confirmed)' };
}

/** `[[[…]]]` nested `depth` levels. */
const nestedList = (depth) => '['.repeat(depth) + ']'.repeat(depth);

async function post(url, body, contentType) {
	const response = await fetch(url, {
		method: 'POST',
		body,
		headers: { 'content-type': contentType },
	});
	return { status: response.status, body: await response.text() };
}

const is4xx = (answer) => answer.status >= 400 && answer.status < 500;

async function checkTrigger(instance, sim, tag) {
	const url = `${instance.baseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	const registered = await webhookRegistered(url);
	check(`${tag} the active workflow's webhook is registered`, registered);
	const address = 'T' + 'a'.repeat(33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'e2e',
		createdAt: Date.now(),
		expiresAt: Date.now() + 60000,
	});
	const sinkBefore = () => sim.sink.length;

	const deposit = sim.deposit('sim_tcn_key', address, '0.42000000', 1);
	const first = await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, deposit.id));
	check(
		`${tag} trigger answers a multipart deposit callback with 200`,
		first.status === 200,
		`${first.status} ${first.body}`,
	);
	const arrived = await waitFor(() => sim.sink.length === 1);
	const item = sim.sink[0];
	check(
		`${tag} the next node receives a typed, verified deposit item`,
		arrived &&
			item.event === 'deposit' &&
			item.interface === 'v1' &&
			item.verified === true &&
			item.amount === '0.42000000' &&
			item.confirmations === 1 &&
			item.required_confirmations === 3,
		JSON.stringify(item),
	);

	const duplicate = await callbacks.fireCallback(
		url,
		callbacks.v1TransactionWebhook(sim, deposit.id),
	);
	const forged = await callbacks.fireCallback(url, {
		...callbacks.v1TransactionWebhook(sim, deposit.id),
		id: 'forged',
		amount: '900.00000000',
	});
	await new Promise((resolve) => setTimeout(resolve, 1500));
	check(
		`${tag} a duplicate callback starts nothing`,
		duplicate.status === 200 && duplicate.body.includes('duplicate') && sinkBefore() === 1,
		duplicate.body,
	);
	check(
		`${tag} a forged callback gets 403 and starts nothing`,
		forged.status === 403 && sinkBefore() === 1,
		`${forged.status} ${forged.body}`,
	);

	const order = callbacks.widgetOrders.presale();
	const widget = await callbacks.fireCallback(url, order, { nested: 'brackets' });
	await waitFor(() => sim.sink.length === 2);
	const widgetItem = sim.sink[1];
	check(
		`${tag} a presale widget order in bracket notation arrives typed`,
		widget.status === 200 &&
			widgetItem?.event === 'widgetOrder' &&
			widgetItem?.conversion_rate?.fiat_to_token === '100.00000000' &&
			widgetItem?.status_code === 1,
		JSON.stringify(widgetItem),
	);

	const confirmed = sim.confirm(deposit.id, 3);
	await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, confirmed.id), {
		encoding: 'urlencoded',
	});
	const again = await waitFor(() => sim.sink.length === 3);
	check(
		`${tag} the confirmed state of the same deposit starts the workflow once more`,
		again && sim.sink[2]?.status_code === 1,
	);

	const bad = await fetch(url, {
		method: 'POST',
		body: 'hello=world',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	});
	check(`${tag} an unknown body gets 400`, bad.status === 400);

	// A v1 invoice notification carries merchant_id and coin_symbol: it is v1, verified with the v1 credential.
	const invoice = sim.createV1Invoice('sim_tcn_key', { amount: '10', fiat_currency: 'USD' });
	const pendingInvoice = await callbacks.fireCallback(
		url,
		callbacks.invoiceNotification(sim, invoice.invoice_id),
	);
	const paidNotification = callbacks.payInvoice(sim, invoice.invoice_id, invoice.total_amount.TCN);
	const forgedInvoice = await callbacks.fireCallback(url, {
		...paidNotification,
		invoice_id: 'TCN9999',
	});
	const paidInvoice = await callbacks.fireCallback(url, paidNotification);
	const invoiceArrived = await waitFor(() => sim.sink.length === 4);
	check(
		`${tag} a paid v1 invoice notification (with merchant_id) starts one verified v1 item; Order Statuses stored as numbers`,
		paidInvoice.status === 200 &&
			invoiceArrived &&
			sim.sink[3]?.event === 'invoice' &&
			sim.sink[3]?.interface === 'v1' &&
			sim.sink[3]?.verified === true &&
			sim.sink[3]?.status_code === 1,
		JSON.stringify(sim.sink[3] ?? paidInvoice.body).slice(0, 500),
	);
	check(
		`${tag} a pending invoice is answered 200 and ignored (status not selected)`,
		pendingInvoice.status === 200 && pendingInvoice.body.includes('not selected'),
		pendingInvoice.body,
	);
	check(
		`${tag} a forged paid invoice is refused with 403`,
		forgedInvoice.status === 403,
		`${forgedInvoice.status} ${forgedInvoice.body}`,
	);

	// A v1 notification for a pending invoice that claims it is paid: the record decides (Pending,
	// not among the selected statuses), nothing starts.
	const unpaid = sim.createV1Invoice('sim_tcn_key', { amount: '7', fiat_currency: 'USD' });
	const claimsPaid = await callbacks.fireCallback(url, {
		...callbacks.invoiceNotification(sim, unpaid.invoice_id),
		status: 'Paid',
		status_code: 1,
		paid_amount: unpaid.total_amount,
	});
	check(
		`${tag} a v1 notification claiming a pending invoice is paid is answered 200 and starts nothing (the record says Pending)`,
		claimsPaid.status === 200 && claimsPaid.body.includes('status Pending is not selected'),
		`${claimsPaid.status} ${claimsPaid.body}`,
	);

	// Malformed bodies: 4xx, never 500, and nothing starts (the count after the restart shows it).
	const deposit4 = JSON.stringify({ id: 't1', type: 'receive', coin_symbol: 'TCN' });
	const malformed = {
		'a JSON body nested 100 000 deep': [
			deposit4.replace('}', `,"x":${nestedList(100_000)}}`),
			'application/json',
		],
		'a JSON body nested 20 deep': [
			deposit4.replace('}', `,"x":${nestedList(20)}}`),
			'application/json',
		],
		'a cut-off JSON body': [deposit4.slice(0, -5), 'application/json'],
		'a multipart payment_history nested 30 000 deep': [
			callbacks.encodeCallback({
				invoice_id: 'I1',
				coin_symbol: 'TCN',
				status_code: '1',
				payment_history: nestedList(30_000),
			}),
		],
		'a 2 MB field': [
			JSON.stringify({ id: 't1', type: 'receive', x: 'x'.repeat(2_000_000) }),
			'application/json',
		],
	};
	for (const [name, [body, contentType]] of Object.entries(malformed)) {
		const answer = contentType
			? await post(url, body, contentType)
			: await post(url, body.body, body.contentType);
		check(
			`${tag} ${name} is answered 4xx`,
			is4xx(answer),
			`${answer.status} ${answer.body.slice(0, 200)}`,
		);
	}

	// Deliveries are remembered in the workflow's static data: a restarted n8n still skips them.
	await instance.stop();
	await instance.importWorkflow(legacyOnlyConfirmedWorkflow(sim.url));
	await instance.activate(LEGACY_WORKFLOW_ID);
	await instance.start();
	await untilRegistered(url);
	const afterRestart = await callbacks.fireCallback(
		url,
		callbacks.v1TransactionWebhook(sim, confirmed.id),
	);
	await new Promise((resolve) => setTimeout(resolve, 1500));
	check(
		`${tag} after an n8n restart, an already delivered state still starts nothing`,
		afterRestart.body.includes('duplicate') && sim.sink.length === 4,
		afterRestart.body,
	);

	await checkLegacyClaims(instance, sim, tag, address);
}

/** A legacy pending deposit whose callback claims it is confirmed does not pass Only Confirmed. */
async function checkLegacyClaims(instance, sim, tag, address) {
	const url = `${instance.baseUrl}/webhook/${LEGACY_WEBHOOK_ID}/webhook`;
	check(
		`${tag} the legacy Only Confirmed trigger (a saved typeVersion 1) is registered`,
		await webhookRegistered(url),
	);
	const before = sim.sink.length;
	const pending = sim.deposit('sim_tcn_key', address, '0.31000000', 1);
	const claim = await callbacks.fireCallback(url, {
		...callbacks.legacyTransactionWebhook(sim, pending.id),
		confirmations: 12,
		status: 'confirm',
		status_code: 1,
		required_confirmations: 1,
	});
	check(
		`${tag} a legacy pending deposit whose callback claims confirmed is answered 200 and does not start Only Confirmed`,
		claim.status === 200 && claim.body.includes('not confirmed'),
		`${claim.status} ${claim.body}`,
	);
	sim.confirm(pending.id, 3);
	const genuine = await callbacks.fireCallback(
		url,
		callbacks.legacyTransactionWebhook(sim, pending.id),
	);
	const arrived = await waitFor(() => sim.sink.length > before);
	const items = sim.sink.slice(before).filter((item) => item.id === pending.id);
	check(
		`${tag} once really confirmed, the version-1 trigger starts once, verified, its status derived from the record's confirmations`,
		genuine.status === 200 &&
			arrived &&
			items.length === 1 &&
			items[0].interface === 'legacy' &&
			items[0].verified === true &&
			items[0].confirmations === 3 &&
			items[0].status_code === 1 &&
			items[0].required_confirmations === 3 &&
			items[0].deliveryKey === `legacy:tx:${pending.id}:confirmed`,
		JSON.stringify(items).slice(0, 600),
	);
}

module.exports = { checkTrigger };
