'use strict';
// The workflows the end-to-end suite runs in real n8n.
const { CREDENTIALS } = require('../../scripts/n8n-runtime');

let position = 0;
function node(name, type, parameters, extra = {}) {
	position += 220;
	return {
		id: `node-${name.replace(/\W+/g, '-').toLowerCase()}`,
		name,
		type,
		typeVersion: 1,
		position: [position, 300],
		parameters,
		...extra,
	};
}

const coinRemitter = (name, parameters, credential) =>
	node(name, 'n8n-nodes-coinremitter.coinRemitter', parameters, {
		credentials: {
			[parameters.apiVersion === 'legacy' ? 'coinRemitterLegacyApi' : 'coinRemitterApi']:
				credential,
		},
		onError: 'continueRegularOutput',
	});

/** One manual run through every kind of action: v1 and legacy (v3 and v2), a multipart body carrying legacy credentials, and an error. */
function actionsWorkflow() {
	position = 0;
	const steps = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		coinRemitter(
			'V1 Balance',
			{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
			CREDENTIALS.v1,
		),
		coinRemitter(
			'V1 New Address',
			{ apiVersion: 'v1', resource: 'address', operation: 'create', label: 'e2e1' },
			CREDENTIALS.v1,
		),
		coinRemitter(
			'V1 Estimate',
			{
				apiVersion: 'v1',
				resource: 'withdrawal',
				operation: 'estimate',
				amount: '0.12345678',
				withdrawalSpeed: 'medium',
				additionalFields: { address: '={{ $json.address }}' },
			},
			CREDENTIALS.v1,
		),
		coinRemitter(
			'V1 Invoice',
			{
				apiVersion: 'v1',
				resource: 'invoice',
				operation: 'create',
				amount: '19.99',
				fiatCurrency: 'EUR',
				additionalFields: { name: 'E2E order', customData1: 'e2e-42' },
			},
			CREDENTIALS.v1,
		),
		coinRemitter(
			'V1 Wrong Keys',
			{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
			CREDENTIALS.wrongV1,
		),
		coinRemitter(
			'Legacy V3 Invoice',
			{
				apiVersion: 'legacy',
				resource: 'invoice',
				operation: 'create',
				amount: '5',
				fiatCurrency: 'USD',
				additionalFields: { name: 'Legacy order', successUrl: 'https://shop.example/ok' },
			},
			CREDENTIALS.legacyTcn,
		),
		coinRemitter(
			'Legacy V2 Balance',
			{ apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance' },
			CREDENTIALS.legacyLtc,
		),
		coinRemitter(
			'Legacy V2 Invoice',
			{
				apiVersion: 'legacy',
				resource: 'invoice',
				operation: 'create',
				amount: '3',
				fiatCurrency: 'USD',
				additionalFields: { successUrl: 'https://shop.example/ok' },
			},
			CREDENTIALS.legacyLtc,
		),
		coinRemitter(
			'Legacy Coin Prices',
			{ apiVersion: 'legacy', resource: 'rate', operation: 'getCoinPrices' },
			CREDENTIALS.legacyLtc,
		),
		// Every Coin: the empty option value, as the editor stores it.
		coinRemitter(
			'V1 Rates Every Coin',
			{
				apiVersion: 'v1',
				resource: 'rate',
				operation: 'fiatToCrypto',
				fiatCurrency: 'USD',
				fiatAmount: '50',
				coin: '',
			},
			CREDENTIALS.v1,
		),
	];
	const connections = {};
	for (let i = 0; i < steps.length - 1; i++) {
		connections[steps[i].name] = { main: [[{ node: steps[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		id: 'crE2eActions0001',
		name: 'E2E actions',
		nodes: steps,
		connections,
		active: false,
		settings: {},
		pinData: {},
	};
}

/** Two payouts; the second is refused by the gateway, so the execution fails after paying the first. */
function payoutRetryWorkflow() {
	position = 0;
	const start = node('Start', 'n8n-nodes-base.manualTrigger', {});
	const list = node('Payouts', 'n8n-nodes-base.code', {
		jsCode:
			"return [{ json: { address: 'T' + '7'.repeat(33), amount: '0.10000000' } }, { json: { address: 'not-an-address', amount: '0.20000000' } }];",
	});
	const pay = node(
		'Pay',
		'n8n-nodes-coinremitter.coinRemitter',
		{
			apiVersion: 'v1',
			resource: 'withdrawal',
			operation: 'create',
			address: '={{ $json.address }}',
			amount: '={{ $json.amount }}',
		},
		{ credentials: { coinRemitterApi: CREDENTIALS.v1 } },
	);
	return {
		id: 'crE2ePayRetry001',
		name: 'E2E payout retry',
		nodes: [start, { ...list, typeVersion: 2 }, pay],
		connections: {
			Start: { main: [[{ node: 'Payouts', type: 'main', index: 0 }]] },
			Payouts: { main: [[{ node: 'Pay', type: 'main', index: 0 }]] },
		},
		active: false,
		settings: { saveDataErrorExecution: 'all' },
		pinData: {},
	};
}

/** `count` items into Wallet → Get Balance, the node's options left at their defaults. */
function concurrencyWorkflow(count) {
	position = 0;
	const steps = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		{
			...node('Items', 'n8n-nodes-base.code', {
				jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { i } }));`,
			}),
			typeVersion: 2,
		},
		coinRemitter(
			'Get Balance',
			{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
			CREDENTIALS.v1,
		),
	];
	const connections = {};
	for (let i = 0; i < steps.length - 1; i++)
		connections[steps[i].name] = { main: [[{ node: steps[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id: 'crE2eInFlight001',
		name: 'E2E items in flight',
		nodes: steps,
		connections,
		active: false,
		settings: {},
		pinData: {},
	};
}

const TRIGGER_WEBHOOK_ID = 'b7d5a1c2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

/** An active workflow: the trigger (verifying with the v1 credential) forwards each item to the simulator's sink. */
function triggerWorkflow(simUrl) {
	position = 0;
	const trigger = node(
		'CoinRemitter Trigger',
		'n8n-nodes-coinremitter.coinRemitterTrigger',
		// Order Statuses Paid and Over Paid, stored as the editor stores them: numbers.
		{ events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'], options: { statuses: [1, 3] } },
		{ webhookId: TRIGGER_WEBHOOK_ID, credentials: { coinRemitterApi: CREDENTIALS.v1 } },
	);
	const forward = {
		...node('Forward', 'n8n-nodes-base.httpRequest', {
			method: 'POST',
			url: `${simUrl}/__sim/sink`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify($json) }}',
			options: {},
		}),
		typeVersion: 4.2,
	};
	return {
		id: 'crE2eTrigger0001',
		name: 'E2E trigger',
		nodes: [trigger, forward],
		connections: { [trigger.name]: { main: [[{ node: forward.name, type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
	};
}

module.exports = {
	actionsWorkflow,
	concurrencyWorkflow,
	payoutRetryWorkflow,
	triggerWorkflow,
	TRIGGER_WEBHOOK_ID,
};
