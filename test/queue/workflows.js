'use strict';
// The workflows the queue-mode suite runs: the trigger alone, the README's exactly-once recipe,
// payouts one at a time, payouts claimed on the queue's Postgres (the example's recipe) and with
// the node's Payout Key and Maximum Total per Day alone, and balance reads of one wallet under a
// small rate limit.
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
// n8n's Postgres credential, pointing at the queue's own PostgreSQL (n8n's database).
const POSTGRES = { id: 'crQueuePostgres1', name: 'Postgres (the queue)' };
// The key prefix of the example's claim after the trigger (a day's expiry).
const DELIVERY_CLAIM_KEY = 'coinremitter:delivery:';
// The payout workflows: the example's claim on Postgres, and the node's own Payout Key and
// Maximum Total per Day alone (two workflows, so that each keeps its own daily total).
const PAYOUT_WORKFLOWS = {
	recipe: { id: 'crQueuePgClaim01', hook: 'q-payout-pg' },
	keyOnly: { id: 'crQueuePayKey001', hook: 'q-payout-key' },
	capOnly: { id: 'crQueuePayCap001', hook: 'q-payout-cap' },
};
// The payees of the payout checks: T + one digit 33 times, digits 1 to 9 allowed ('0' is not).
const payee = (digit) => 'T' + String(digit).repeat(33);
const PAYEES = '123456789'.split('').map(payee).join(',');

const redisCredential = (port) => ({
	...REDIS,
	type: 'redis',
	data: { host: '127.0.0.1', port, database: 0, user: '', password: '', ssl: false },
});

const postgresCredential = (port) => ({
	...POSTGRES,
	type: 'postgres',
	data: {
		host: '127.0.0.1',
		port,
		database: 'n8n',
		user: 'postgres',
		password: '',
		ssl: 'disable',
		allowUnauthorizedCerts: false,
		maxConnections: 100,
		sshTunnel: false,
	},
});

const { code, coinRemitter, coinRemitterTrigger, node, sink, webhook } = workflowBuilder({
	idPrefix: 'q-',
});
const forward = (simUrl, wf, source = '$json', name = 'Forward') =>
	sink(name, simUrl, `={{ JSON.stringify({ ...${source}, wf: '${wf}' }) }}`);
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
// An example node as the example has it, with the suite's credential for its type.
const fromExample = (name) => {
	const { type, typeVersion, parameters, credentials, onError } = exampleNode(name);
	const ours = {
		'n8n-nodes-base.redis': { redis: REDIS },
		'n8n-nodes-base.postgres': { postgres: POSTGRES },
	}[type];
	return node(name, type, typeVersion, parameters, {
		...(credentials ? { credentials: ours } : {}),
		...(onError ? { onError } : {}),
	});
};
const claim = fromExample;
const firstClaim = fromExample;
// The query of one of the example's Postgres nodes ("Create the tables": the setup, run by psql).
const exampleQuery = (name) => exampleNode(name).parameters.query;

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

/** A workflow of `nodes` (laid out left to right) joined by `links`: [from, to, output index]. */
function graph(id, name, nodes, links) {
	const connections = {};
	for (const [from, to, output = 0] of links) {
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= output) main.push([]);
		main[output].push({ node: to, type: 'main', index: 0 });
	}
	return {
		...chain(id, name, nodes),
		connections,
	};
}

// The payout of a post: { key, digit, amount } → the payee T<digit×33> (a Set node, as in the
// example: no Code node's task runner in the way).
const payoutFromPost = () =>
	node('Payout', 'n8n-nodes-base.set', 3.4, {
		mode: 'raw',
		jsonOutput:
			"={{ JSON.stringify({ address: 'T' + $json.body.digit.repeat(33), amount: $json.body.amount, key: $json.body.key }) }}",
		options: {},
	});
// The withdrawal of the payout checks: the example's fields (read from the Payout node), its
// Payout Key, its own guardrails (Allowed Addresses: the payees 1 to 9; Maximum Total per Day 1,
// or `maxTotalPerDay` where the recipe's budget is what is checked, over several checks of a day),
// and On Error → Continue as in the example.
const payoutWithdraw = (maxTotalPerDay = '1') => {
	const { parameters } = exampleNode('Withdraw');
	return coinRemitter(
		'Withdraw',
		{
			...parameters,
			guardrails: {
				allowedAddresses: PAYEES,
				maxAmount: '1',
				maxTotalPerExecution: '1',
				maxTotalPerDay,
			},
		},
		V1,
	);
};
// What a payout workflow forwards to the sink: the Withdraw node's item, or the claim's refusal.
const withdrawResult = (simUrl, wf) =>
	forward(
		simUrl,
		wf,
		"{ key: $('Payout').first().json.key, amount: $json.amount ?? null, error: $json.error ?? null, outcome: $json.outcome ?? null }",
		'Forward Withdrawal',
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
		// The example's claim before a withdrawal, on the queue's Postgres: the Payout Key and the
		// day's budget in one statement, the If on `claimed`, the withdrawal, and the release of both
		// when the withdrawal surely sent nothing. Each outcome goes on to the sink.
		graph(
			PAYOUT_WORKFLOWS.recipe.id,
			'Queue: payout claim and budget on Postgres',
			[
				hook(PAYOUT_WORKFLOWS.recipe.hook),
				payoutFromPost(),
				fromExample('Claim Payout and Budget'),
				fromExample('Claimed?'),
				payoutWithdraw('10'),
				withdrawResult(simUrl, 'pgPayout'),
				fromExample('Surely Not Sent?'),
				fromExample('Release Payout and Budget'),
				forward(
					simUrl,
					'pgRelease',
					"{ key: $('Payout').first().json.key, released: $json.released ?? null }",
					'Forward Release',
				),
				forward(
					simUrl,
					'pgRefused',
					"{ key: $('Payout').first().json.key, result: $json.result }",
					'Forward Refusal',
				),
			],
			[
				['Webhook', 'Payout'],
				['Payout', 'Claim Payout and Budget'],
				['Claim Payout and Budget', 'Claimed?'],
				['Claimed?', 'Withdraw'],
				['Claimed?', 'Forward Refusal', 1],
				['Withdraw', 'Forward Withdrawal'],
				['Withdraw', 'Surely Not Sent?'],
				['Surely Not Sent?', 'Release Payout and Budget'],
				['Release Payout and Budget', 'Forward Release'],
			],
		),
		// The same payouts with only the node's Payout Key and Maximum Total per Day (two workflows,
		// each with its own daily total).
		...['keyOnly', 'capOnly'].map((which) =>
			chain(PAYOUT_WORKFLOWS[which].id, `Queue: payout, node's guardrails only (${which})`, [
				hook(PAYOUT_WORKFLOWS[which].hook),
				payoutFromPost(),
				payoutWithdraw(),
				withdrawResult(simUrl, which),
			]),
		),
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
	exampleQuery,
	PACE,
	payee,
	PAYOUT_WORKFLOWS,
	PLAIN_HOOK,
	postgresCredential,
	RECIPE_HOOK,
	redisCredential,
	workflows,
};
