'use strict';
// The workflows the queue-mode suite runs: the trigger alone, the README's exactly-once recipe,
// payouts one at a time, and balance reads of one wallet under a small rate limit.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { CREDENTIALS, EXAMPLES } = require('../../scripts/n8n-runtime');

const V1 = CREDENTIALS.v1;
// The pacing test's wallet, so that its small rate limit does not pace the other tests.
const PACE = { id: 'crQueuePaceLtc01', name: 'CoinRemitter LTC (pacing)' };
const PLAIN_HOOK = 'c1a2b3c4-0001-4a5b-8c6d-7e8f9a0b1c2d';
const RECIPE_HOOK = 'c1a2b3c4-0002-4a5b-8c6d-7e8f9a0b1c2d';
const CLAIM_HOOK = 'c1a2b3c4-0003-4a5b-8c6d-7e8f9a0b1c2d';
// n8n's Redis credential, pointing at the queue's own Redis.
const REDIS = { id: 'crQueueRedis0001', name: 'Redis (the queue)' };
// The keys of the example's claims (a day's expiry for a callback, 30 days for a payout).
const DELIVERY_CLAIM_KEY = 'coinremitter:delivery:';
const PAYOUT_CLAIM_KEY = 'coinremitter:payout:';

const redisCredential = (port) => ({
	...REDIS,
	type: 'redis',
	data: { host: '127.0.0.1', port, database: 0, user: '', password: '', ssl: false },
});

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
const forward = (simUrl, wf, source = '$json') =>
	node('Forward', 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'POST',
		url: `${simUrl}/__sim/sink`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ ...${source}, wf: '${wf}' }) }}`,
		options: {},
	});
// The claims are the example's own nodes (examples/exactly-once-queue-mode.json): n8n's Redis node,
// Increment with an expiry (INCR is atomic: of all the runs with one key exactly one gets 1; its
// output is { <key>: <count> }, the item it got is not passed on), then n8n's If node (only the
// run that got 1 goes on, on its true output).
const EXAMPLE = JSON.parse(readFileSync(join(EXAMPLES, 'exactly-once-queue-mode.json'), 'utf8'));
const exampleNode = (name) => {
	const found = EXAMPLE.nodes.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`examples/exactly-once-queue-mode.json has no node ${name}`);
	return found;
};
const claim = (name) =>
	node(name, 'n8n-nodes-base.redis', exampleNode(name).typeVersion, exampleNode(name).parameters, {
		credentials: { redis: REDIS },
	});
const firstClaim = (name) =>
	node(name, 'n8n-nodes-base.if', exampleNode(name).typeVersion, exampleNode(name).parameters);

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
		// The README's exactly-once claim after the trigger: INCR on the queue's Redis, keyed on deliveryKey.
		chain('crQueueClaim0001', 'Queue: claim on Redis after the trigger', [
			trigger(CLAIM_HOOK),
			claim('Claim Delivery'),
			firstClaim('First Claim?'),
			forward(simUrl, 'claim', "$('CoinRemitter Trigger').first().json"),
		]),
		// The README's exactly-once claim before a withdrawal: INCR keyed on the Payout Key.
		chain('crQueuePayClaim1', 'Queue: claim on Redis before a withdrawal', [
			webhook('q-payout-claim'),
			code(
				'Payout',
				"const body = $input.first().json.body;\nreturn [{ json: { address: 'T' + body.digit.repeat(33), amount: body.amount, key: body.key } }];",
			),
			claim('Claim Payout'),
			firstClaim('First Claim For Payout?'),
			node(
				'Withdraw',
				'n8n-nodes-coinremitter.coinRemitter',
				1,
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: "={{ $('Payout').first().json.address }}",
					amount: "={{ $('Payout').first().json.amount }}",
					payoutKey: "={{ $('Payout').first().json.key }}",
				},
				{ credentials: { coinRemitterApi: V1 }, onError: 'continueRegularOutput' },
			),
			forward(
				simUrl,
				'payoutClaim',
				"{ key: $('Payout').first().json.key, amount: $json.amount ?? null, error: $json.error ?? null }",
			),
		]),
		// A withdrawal on the pacing test's wallet with the default one-minute window, right after the paced run.
		chain('crQueuePacePay01', 'Queue: payout on the paced wallet', [
			webhook('q-pace-payout'),
			node(
				'Withdraw',
				'n8n-nodes-coinremitter.coinRemitter',
				1,
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: `T${'7'.repeat(33)}`,
					amount: '0.01000000',
					payoutKey: '={{ $json.body.key }}',
				},
				{ credentials: { coinRemitterApi: PACE }, onError: 'continueRegularOutput' },
			),
			forward(simUrl, 'pacePayout', '{ amount: $json.amount ?? null, error: $json.error ?? null }'),
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

module.exports = {
	CLAIM_HOOK,
	DELIVERY_CLAIM_KEY,
	PACE,
	PAYOUT_CLAIM_KEY,
	PLAIN_HOOK,
	RECIPE_HOOK,
	redisCredential,
	workflows,
};
