'use strict';
// The workflows the end-to-end suite runs in real n8n.
const {
	CREDENTIALS,
	credentialsFor,
	v1Credential,
	workflow,
	workflowBuilder,
} = require('../../scripts/n8n-runtime');

/** The suite's own credential, never in the n8n `npm start` makes for a person: a wrong password. */
const WRONG_V1 = { id: 'crE2eV1Wrong0001', name: 'CoinRemitter (wrong password)' };

/** The simulator's credentials and the suite's own. */
const suiteCredentials = (simUrl) => [
	...credentialsFor(simUrl),
	v1Credential(WRONG_V1, simUrl, 'sim_tcn_key', 'not-the-password'),
];

const { code, coinRemitter, coinRemitterTrigger, manualTrigger, sink } = workflowBuilder({
	idPrefix: 'node-',
});

/** One manual run through every kind of action: v1 and legacy (v3 and v2), a multipart body carrying legacy credentials, and an error. */
function actionsWorkflow() {
	return workflow({
		id: 'crE2eActions0001',
		name: 'E2E actions',
		nodes: [
			manualTrigger(),
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
				WRONG_V1,
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
		],
	});
}

/** Two payouts; the second is refused by the gateway, so the execution fails after paying the first. */
function payoutRetryWorkflow() {
	return workflow({
		id: 'crE2ePayRetry001',
		name: 'E2E payout retry',
		nodes: [
			manualTrigger(),
			code(
				'Payouts',
				"return [{ json: { address: 'T' + '7'.repeat(33), amount: '0.10000000' } }, { json: { address: 'not-an-address', amount: '0.20000000' } }];",
			),
			coinRemitter(
				'Pay',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.address }}',
					amount: '={{ $json.amount }}',
				},
				CREDENTIALS.v1,
				{ continueOnFail: false },
			),
		],
		settings: { saveDataErrorExecution: 'all' },
	});
}

/** `count` items into Wallet → Get Balance, the node's options left at their defaults. */
function concurrencyWorkflow(count) {
	return workflow({
		id: 'crE2eInFlight001',
		name: 'E2E items in flight',
		nodes: [
			manualTrigger(),
			code('Items', `return Array.from({ length: ${count} }, (_, i) => ({ json: { i } }));`),
			coinRemitter(
				'Get Balance',
				{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
				CREDENTIALS.v1,
			),
		],
	});
}

const TRIGGER_WEBHOOK_ID = 'b7d5a1c2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const TRIGGER_WORKFLOW_ID = 'crE2eTrigger0001';

/** An active workflow: the trigger (verifying with the v1 credential) forwards each item to the simulator's sink. */
function triggerWorkflow(simUrl) {
	return workflow({
		id: TRIGGER_WORKFLOW_ID,
		name: 'E2E trigger',
		nodes: [
			// Order Statuses Paid and Over Paid, stored as the editor stores them: numbers.
			coinRemitterTrigger(TRIGGER_WEBHOOK_ID, {
				options: { statuses: [1, 3] },
				credential: CREDENTIALS.v1,
			}),
			sink('Forward', simUrl),
		],
	});
}

module.exports = {
	actionsWorkflow,
	concurrencyWorkflow,
	payoutRetryWorkflow,
	suiteCredentials,
	triggerWorkflow,
	TRIGGER_WEBHOOK_ID,
	TRIGGER_WORKFLOW_ID,
};
