'use strict';
// The workflows the queue-mode suite runs: the trigger alone, the README's exactly-once recipe,
// payouts one at a time, and balance reads of one wallet under a small rate limit.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { CREDENTIALS, EXAMPLES, workflow, workflowBuilder } = require('../../scripts/n8n-runtime');

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

const { code, coinRemitter, coinRemitterTrigger, node, sink, webhook } = workflowBuilder({
	idPrefix: 'q-',
});
const forward = (simUrl, wf, source = '$json') =>
	sink('Forward', simUrl, `={{ JSON.stringify({ ...${source}, wf: '${wf}' }) }}`);
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

const hook = (path) =>
	webhook('Webhook', path, { responseMode: 'onReceived' }, { webhookId: `q-${path}` });

const chain = (id, name, nodes) =>
	workflow({
		id,
		name,
		nodes,
		settings: { saveDataErrorExecution: 'all', saveDataSuccessExecution: 'all' },
	});

const trigger = (webhookId) => coinRemitterTrigger(webhookId, { credential: V1 });

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
			hook('q-payout-claim'),
			code(
				'Payout',
				"const body = $input.first().json.body;\nreturn [{ json: { address: 'T' + body.digit.repeat(33), amount: body.amount, key: body.key } }];",
			),
			claim('Claim Payout'),
			firstClaim('First Claim For Payout?'),
			coinRemitter(
				'Withdraw',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: "={{ $('Payout').first().json.address }}",
					amount: "={{ $('Payout').first().json.amount }}",
					payoutKey: "={{ $('Payout').first().json.key }}",
				},
				V1,
			),
			forward(
				simUrl,
				'payoutClaim',
				"{ key: $('Payout').first().json.key, amount: $json.amount ?? null, error: $json.error ?? null }",
			),
		]),
		// A withdrawal on the pacing test's wallet with the default one-minute window, right after the paced run.
		chain('crQueuePacePay01', 'Queue: payout on the paced wallet', [
			hook('q-pace-payout'),
			coinRemitter(
				'Withdraw',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: `T${'7'.repeat(33)}`,
					amount: '0.01000000',
					payoutKey: '={{ $json.body.key }}',
				},
				PACE,
			),
			forward(simUrl, 'pacePayout', '{ amount: $json.amount ?? null, error: $json.error ?? null }'),
		]),
		// Two payouts, one at a time, each with its Payout Key; a refused or skipped item goes on as an error item.
		chain('crQueuePayout001', 'Queue: payouts', [
			hook('q-payout'),
			code(
				'Payouts',
				"const run = $input.first().json.body.run;\nreturn [{ json: { address: 'T' + '5'.repeat(33), amount: '0.10000000', key: run + '-1' } }, { json: { address: 'T' + '6'.repeat(33), amount: '0.20000000', key: run + '-2' } }];",
			),
			coinRemitter(
				'Withdraw',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.address }}',
					amount: '={{ $json.amount }}',
					payoutKey: '={{ $json.key }}',
				},
				V1,
			),
			code(
				'Summary',
				'return [{ json: { results: $input.all().map((item) => ({ amount: item.json.amount ?? null, error: item.json.error ?? null })) } }];',
			),
			forward(simUrl, 'payout'),
		]),
		// Balance reads of one wallet under a small rate limit, from several executions at once.
		chain('crQueuePacing001', 'Queue: pacing', [
			hook('q-pace'),
			code('Items', 'return Array.from({ length: 10 }, (_, i) => ({ json: { i } }));'),
			coinRemitter(
				'Get Balance',
				{
					apiVersion: 'v1',
					resource: 'wallet',
					operation: 'getBalance',
					options: { rateLimitWindow: 2, maxRateLimitWait: 120 },
				},
				PACE,
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
