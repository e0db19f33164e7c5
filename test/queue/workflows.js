'use strict';
// The workflows the queue-mode suite runs: the trigger alone, the README's exactly-once recipe,
// payouts one at a time, and balance reads of one wallet under a small rate limit.
const { CREDENTIALS } = require('../harness');

const V1 = CREDENTIALS.v1;
// The pacing test's wallet, so that its small rate limit does not pace the other tests.
const PACE = { id: 'crQueuePaceLtc01', name: 'CoinRemitter LTC (pacing)' };
const PLAIN_HOOK = 'c1a2b3c4-0001-4a5b-8c6d-7e8f9a0b1c2d';
const RECIPE_HOOK = 'c1a2b3c4-0002-4a5b-8c6d-7e8f9a0b1c2d';

let x = 0;
const node = (name, type, typeVersion, parameters, extra = {}) => ({
	id: `q-${name.replace(/\W+/g, '-').toLowerCase()}`,
	name,
	type,
	typeVersion,
	position: [(x += 220), 300],
	parameters,
	...extra,
});
const code = (name, jsCode) => node(name, 'n8n-nodes-base.code', 2, { jsCode });
const forward = (simUrl, wf) =>
	node('Forward', 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'POST',
		url: `${simUrl}/__sim/sink`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ ...$json, wf: '${wf}' }) }}`,
		options: {},
	});
const webhook = (path) =>
	node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		{ webhookId: `q-${path}` },
	);

function chain(id, name, nodes) {
	x = 0;
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name,
		nodes,
		connections,
		active: false,
		settings: { saveDataErrorExecution: 'all', saveDataSuccessExecution: 'all' },
		pinData: {},
	};
}

const trigger = (webhookId) =>
	node(
		'CoinRemitter Trigger',
		'n8n-nodes-coinremitter.coinRemitterTrigger',
		1,
		{ events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'], options: {} },
		{ webhookId, credentials: { coinRemitterApi: V1 } },
	);

function workflows(simUrl) {
	return [
		// The trigger's own duplicate skipping only.
		chain('crQueuePlain0001', 'Queue: trigger only', [
			trigger(PLAIN_HOOK),
			forward(simUrl, 'plain'),
		]),
		// The README's exactly-once recipe: n8n's Remove Duplicates on deliveryKey before the business steps.
		chain('crQueueRecipe001', 'Queue: exactly-once recipe', [
			trigger(RECIPE_HOOK),
			node('Remove Duplicates', 'n8n-nodes-base.removeDuplicates', 2, {
				operation: 'removeItemsSeenInPreviousExecutions',
				logic: 'removeItemsWithAlreadySeenKeyValues',
				dedupeValue: '={{ $json.deliveryKey }}',
				options: { scope: 'workflow', historySize: 100000 },
			}),
			forward(simUrl, 'recipe'),
		]),
		// Two payouts, one at a time, each with its Payout Key; a refused or skipped item goes on as an error item.
		chain('crQueuePayout001', 'Queue: payouts', [
			webhook('q-payout'),
			code(
				'Payouts',
				"const run = $input.first().json.body.run;\nreturn [{ json: { address: 'T' + '5'.repeat(33), amount: '0.10000000', key: run + '-1' } }, { json: { address: 'T' + '6'.repeat(33), amount: '0.20000000', key: run + '-2' } }];",
			),
			node(
				'Withdraw',
				'n8n-nodes-coinremitter.coinRemitter',
				1,
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.address }}',
					amount: '={{ $json.amount }}',
					payoutKey: '={{ $json.key }}',
				},
				{ credentials: { coinRemitterApi: V1 }, onError: 'continueRegularOutput' },
			),
			code(
				'Summary',
				'return [{ json: { results: $input.all().map((item) => ({ amount: item.json.amount ?? null, error: item.json.error ?? null })) } }];',
			),
			forward(simUrl, 'payout'),
		]),
		// Balance reads of one wallet under a small rate limit, from several executions at once.
		chain('crQueuePacing001', 'Queue: pacing', [
			webhook('q-pace'),
			code('Items', 'return Array.from({ length: 10 }, (_, i) => ({ json: { i } }));'),
			node(
				'Get Balance',
				'n8n-nodes-coinremitter.coinRemitter',
				1,
				{
					apiVersion: 'v1',
					resource: 'wallet',
					operation: 'getBalance',
					options: { rateLimitWindow: 2, maxRateLimitWait: 120 },
				},
				{ credentials: { coinRemitterApi: PACE }, onError: 'continueRegularOutput' },
			),
			code(
				'Summary',
				"const items = $input.all();\nreturn [{ json: { ok: items.filter((item) => typeof item.json.balance === 'string').length, errors: items.filter((item) => item.json.error).map((item) => String(item.json.error) + ' ' + String(item.json.description ?? '')) } }];",
			),
			forward(simUrl, 'pace'),
		]),
	];
}

module.exports = { PACE, PLAIN_HOOK, RECIPE_HOOK, workflows };
