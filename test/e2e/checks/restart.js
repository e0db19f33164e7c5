'use strict';
// Delivered states survive n8n being stopped and started again, with a long delivery history: a
// trigger whose workflow already remembers 5,000 deliveries in the form earlier versions kept
// (`delivered: { key: time }`) takes a new deposit once, answers a remembered one as a duplicate,
// and after a restart answers the same callbacks again without a second execution.
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { waitFor, webhookRegistered } = require('../../../scripts/n8n-runtime');

const WORKFLOW_ID = 'crE2eRestart0001';
const WEBHOOK_ID = 'e2e0aaaa-bbbb-4ccc-8ddd-000000000026';
const HISTORY = 5000;
const ADDRESS = 'T' + 'r'.repeat(33);

/** The trigger (Verify off, Skip Duplicates on) posting each item to the simulator's sink. */
function restartWorkflow(simUrl, remembered) {
	const trigger = {
		id: 'restart-trigger',
		name: 'CoinRemitter Trigger',
		type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		parameters: { events: ['deposit'], options: { verify: false } },
	};
	const forward = {
		id: 'restart-forward',
		name: 'Forward',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [220, 0],
		parameters: {
			method: 'POST',
			url: `${simUrl}/__sim/sink`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify({ restart: true, ...$json }) }}',
			options: {},
		},
	};
	return {
		id: WORKFLOW_ID,
		name: 'E2E restart and redelivery',
		nodes: [trigger, forward],
		connections: { [trigger.name]: { main: [[{ node: forward.name, type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
		staticData: { 'node:CoinRemitter Trigger': { delivered: remembered } },
	};
}

async function checkRestartRedelivery(instance, sim, tag) {
	sim.wallet('sim_tcn_key').addresses.set(ADDRESS, {
		address: ADDRESS,
		label: 'e2e restart',
		createdAt: Date.now(),
		expiresAt: Date.now() + 3_600_000,
	});
	const fresh = sim.deposit('sim_tcn_key', ADDRESS, '0.26000000', 3);
	const old = sim.deposit('sim_tcn_key', ADDRESS, '0.25000000', 3);
	// The history: HISTORY - 1 made-up deliveries and the old deposit's confirmed state, the newest.
	const remembered = Object.fromEntries(
		Array.from({ length: HISTORY - 1 }, (_, i) => [`v1:tx:history${i}:confirmed`, 1_000 + i]),
	);
	remembered[`v1:tx:${old.id}:confirmed`] = Date.now();

	// Imported beside the running n8n and activated through its REST API: no restart needed here.
	await instance.importWorkflow(restartWorkflow(sim.url, remembered));
	await instance.activate(WORKFLOW_ID);
	const url = `${instance.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;
	check(`${tag} restart: the trigger's webhook is registered`, await webhookRegistered(url));
	const runs = () => sim.sink.filter((item) => item.restart === true);
	const deliver = (deposit) =>
		callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, deposit.id));

	const first = await deliver(fresh);
	const arrived = await waitFor(() => runs().length === 1);
	const rememberedBefore = await deliver(old);
	check(
		`${tag} restart: with ${HISTORY} deliveries remembered (earlier form), a new deposit runs once and a remembered one is a duplicate`,
		first.status === 200 && arrived && rememberedBefore.body.includes('duplicate'),
		`${first.status} ${first.body} | ${rememberedBefore.body} | runs ${runs().length}`,
	);

	await instance.stop();
	await instance.start();
	check(`${tag} restart: registered again after the restart`, await webhookRegistered(url));
	const again = await deliver(fresh);
	const oldAgain = await deliver(old);
	// n8n's list of the workflow's executions, once all have ended (rather than a pause): one.
	const executions = await instance.endedExecutionsSince(WORKFLOW_ID, new Set());
	check(
		`${tag} restart: the same callbacks delivered again after n8n restarted start no second execution`,
		again.body.includes('duplicate') &&
			oldAgain.body.includes('duplicate') &&
			executions?.length === 1 &&
			runs().length === 1,
		`${again.body} | ${oldAgain.body} | executions ${executions?.length ?? 'still running'}, runs ${runs().length}`,
	);
}

module.exports = { checkRestartRedelivery };
