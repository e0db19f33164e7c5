'use strict';
// Forged callbacks in real n8n: a new trigger (typeVersion 3) starts nothing on widget orders until
// a CoinRemitter Widget API credential guards them (403 without it, 401 without the secret); with
// the secret, a widget order that names itself an invoice stays a widget order, its claims under
// unverifiedFields; and the secret appears nowhere in n8n's log.
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const {
	CREDENTIALS,
	webhookRegistered,
	workflow,
	workflowBuilder,
} = require('../../../scripts/n8n-runtime');

const WIDGET_CREDENTIAL = { id: 'crE2eWidgetSec01', name: 'CoinRemitter widgets (e2e)' };
const GUARD = 'e2e-widget-guard_0123456789abcdef';
const OFF = { id: 'crE2eWidgetOff01', hook: 'e2e0bbbb-0000-4ccc-8ddd-000000000033' };
const GUARDED = { id: 'crE2eWidgetOn001', hook: 'e2e0bbbb-1111-4ccc-8ddd-000000000033' };

function widgetWorkflow({ id, hook }, simUrl, guarded) {
	const { coinRemitterTrigger, sink } = workflowBuilder({ idPrefix: `${id}-` });
	const trigger = coinRemitterTrigger(hook, { credential: CREDENTIALS.v1, typeVersion: 3 });
	trigger.parameters.events = ['deposit', 'withdrawal', 'invoice', 'widgetOrder'];
	if (guarded) trigger.credentials.coinRemitterWidgetApi = WIDGET_CREDENTIAL;
	return workflow({
		id,
		name: `E2E widget orders (${guarded ? 'guarded' : 'no secret'})`,
		nodes: [trigger, sink('Forward', simUrl, `={{ JSON.stringify({ ...$json, wf: '${id}' }) }}`)],
	});
}

/** Before n8n starts: the secret's credential and both workflows, active. */
async function prepareWidgetOrders(instance, simUrl) {
	await instance.importCredentials([
		{ ...WIDGET_CREDENTIAL, type: 'coinRemitterWidgetApi', data: { secret: GUARD } },
	]);
	for (const [target, guarded] of [
		[OFF, false],
		[GUARDED, true],
	]) {
		await instance.importWorkflow(widgetWorkflow(target, simUrl, guarded));
		await instance.activate(target.id);
	}
}

async function checkWidgetOrders(instance, sim, tag) {
	const url = (target, query = '') => `${instance.baseUrl}/webhook/${target.hook}/webhook${query}`;
	check(`${tag} widget orders: both triggers registered`, await webhookRegistered(url(GUARDED)));
	const ran = (id) => sim.sink.filter((item) => item.wf === id);
	const order = () => callbacks.widgetOrders.pricing(1);

	const off = await callbacks.fireCallback(url(OFF), order());
	const bare = await callbacks.fireCallback(url(GUARDED), order());
	const wrong = await callbacks.fireCallback(url(GUARDED, '?secret=guess'), order());
	const claims = {
		event: 'invoice',
		interface: 'v1',
		verified: 'true',
		invoice_id: 'INV9',
		status_code: '1',
	};
	const named = await callbacks.fireCallback(url(GUARDED, `?secret=${GUARD}`), {
		...order(),
		...claims,
	});
	const deadline = Date.now() + 15000;
	while (ran(GUARDED.id).length < 1 && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 250));
	await new Promise((resolve) => setTimeout(resolve, 1000));
	check(
		`${tag} widget orders: a new trigger without a CoinRemitter Widget API credential answers 403 and starts nothing`,
		off.status === 403 && ran(OFF.id).length === 0,
		`${off.status} ${off.body}`,
	);
	check(
		`${tag} widget orders: without the secret, or with another, 401 and nothing starts`,
		bare.status === 401 && wrong.status === 401,
		`${bare.status} ${wrong.status}`,
	);
	const [item] = ran(GUARDED.id);
	check(
		`${tag} widget orders: with the secret, one run; the order that names itself an invoice stays a widget order, its claims under unverifiedFields`,
		named.status === 200 &&
			ran(GUARDED.id).length === 1 &&
			item.event === 'widgetOrder' &&
			item.verified === false &&
			item.interface === 'v1' &&
			item.unverifiedFields?.event === 'invoice' &&
			item.unverifiedFields?.verified === 'true',
		JSON.stringify({ status: named.status, item }).slice(0, 900),
	);
	check(
		`${tag} widget orders: the secret appears nowhere in n8n's log or the run's item`,
		!instance.logTail().includes(GUARD) && !JSON.stringify(ran(GUARDED.id)).includes(GUARD),
	);
}

module.exports = { checkWidgetOrders, prepareWidgetOrders };
