'use strict';
// The trigger in an active workflow of a started n8n: callbacks of every kind, duplicates,
// forgeries, and delivered states remembered across a restart.
const { callbacks } = require('../../../simulator/server');
const { check, waitFor, webhookRegistered } = require('../../harness');
const { TRIGGER_WEBHOOK_ID } = require('../workflows');

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

	// Deliveries are remembered in the workflow's static data: a restarted n8n still skips them.
	await instance.stop();
	await instance.start();
	await webhookRegistered(url);
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
}

module.exports = { checkTrigger };
