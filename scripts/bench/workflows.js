'use strict';
// The workflows the bench runs: CoinRemitter node vs HTTP Request node on the same reads,
// CoinRemitter Trigger vs Webhook node on the same callbacks.

const CREDENTIAL = { id: 'crBenchV1Sim0001', name: 'CoinRemitter (bench)' };
// The paced batch uses a wallet of its own, as a real second wallet would be.
const PACED_CREDENTIAL = { id: 'crBenchV1Paced01', name: 'CoinRemitter (bench, paced)' };

let position = 0;
const place = () => [(position += 200), 0];

/** A Code node that outputs `count` items, whatever came in. */
const itemsNode = (name, count) => ({
	id: name,
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: place(),
	parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { i } }));` },
});

/** An HTTP Request node that sets the simulator's latency once, whatever came in. */
const latencyNode = (name, simUrl, ms) => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: place(),
	executeOnce: true,
	parameters: {
		method: 'POST',
		url: `${simUrl}/__sim/latency`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: JSON.stringify({ ms }),
		options: {},
	},
});

/** A manual workflow running `nodes` one after another. */
function chain(nodes, id) {
	position = 0;
	const all = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: place(),
			parameters: {},
		},
		...nodes,
	];
	const connections = {};
	for (let i = 0; i < all.length - 1; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name: id, nodes: all, connections, active: false, settings: {}, pinData: {} };
}

const coinRemitterBalance = (name = 'CoinRemitter', options = {}, credential = CREDENTIAL) => ({
	id: name,
	name,
	type: 'n8n-nodes-coinremitter.coinRemitter',
	typeVersion: 1,
	position: place(),
	parameters: { apiVersion: 'v1', resource: 'wallet', operation: 'getBalance', options },
	credentials: { coinRemitterApi: credential },
	onError: 'continueRegularOutput',
});

const httpRequestBalance = (simUrl, name = 'HTTP Request') => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: place(),
	parameters: {
		method: 'POST',
		url: `${simUrl}/v1/wallet/balance`,
		sendHeaders: true,
		headerParameters: {
			parameters: [
				{ name: 'x-api-key', value: 'sim_tcn_key' },
				{ name: 'x-api-password', value: 'sim_tcn_password' },
			],
		},
		options: {},
	},
	onError: 'continueRegularOutput',
});

/** An active-able workflow: `first` (a webhook-style node) into a No Operation node. */
function receiverWorkflow(id, name, first) {
	return {
		id,
		name,
		nodes: [
			{ ...first, position: [0, 0] },
			{
				id: 'n',
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [200, 0],
				parameters: {},
			},
		],
		connections: { [first.name]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		active: false,
		settings: {},
		pinData: {},
	};
}

/** The trigger without verification or duplicate skipping: its own cost only. */
const triggerWorkflow = (webhookId) =>
	receiverWorkflow('crBenchTrigger01', 'bench trigger', {
		id: 't',
		name: 'CoinRemitter Trigger',
		type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
		typeVersion: 1,
		webhookId,
		parameters: {
			events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'],
			options: { skipDuplicates: false, verify: false },
		},
	});

/**
 * The trigger as merchants run it (Skip Duplicates on), Verify With the API on or off; `staticData`
 * seeds the workflow's static data (a delivery history).
 */
const costTriggerWorkflow = (id, webhookId, { verify = false, staticData } = {}) => ({
	...receiverWorkflow(id, id, {
		id: 't',
		name: 'CoinRemitter Trigger',
		type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
		typeVersion: 1,
		webhookId,
		parameters: { events: ['deposit'], options: { verify } },
		...(verify ? { credentials: { coinRemitterApi: CREDENTIAL } } : {}),
	}),
	...(staticData ? { staticData } : {}),
});

const webhookWorkflow = (path) =>
	receiverWorkflow('crBenchWebhook01', 'bench webhook', {
		id: 'w',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: path,
		parameters: { httpMethod: 'POST', path, options: {} },
	});

/** An HTTP Request node posting each item (as `body`, an expression) to the simulator's sink. */
const sinkNode = (name, simUrl, body = '={{ JSON.stringify($json) }}') => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: place(),
	parameters: {
		method: 'POST',
		url: `${simUrl}/__sim/sink`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: body,
		options: {},
	},
});

/** Nodes one after another, from the first, in an active-able workflow. */
function linked(id, nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name: id, nodes, connections, active: false, settings: {}, pinData: {} };
}

/** The burst's receiver: the trigger as a merchant sets it up (verified, duplicates skipped), each item to the sink. */
function burstTriggerWorkflow(webhookId, simUrl) {
	position = 0;
	const trigger = {
		id: 't',
		name: 'CoinRemitter Trigger',
		type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
		typeVersion: 1,
		webhookId,
		position: place(),
		parameters: { events: ['deposit'], options: {} },
		credentials: { coinRemitterApi: CREDENTIAL },
	};
	return linked('crBenchBurst0001', [trigger, sinkNode('Executed', simUrl)]);
}

const BURST_BATCH_PATH = 'bench-burst-batch';

/** The batch beside the burst: a webhook starts `count` balance reads on the same wallet; their tally to the sink. */
function burstBatchWorkflow(simUrl, count) {
	position = 0;
	const start = {
		id: 'w',
		name: 'Start batch',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: BURST_BATCH_PATH,
		position: place(),
		parameters: { httpMethod: 'POST', path: BURST_BATCH_PATH, options: {} },
	};
	const tally = {
		id: 'tally',
		name: 'Tally',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: place(),
		parameters: {
			jsCode:
				'const all = $input.all(); const failed = all.filter((i) => i.json.error).length; return [{ json: { batch: { ok: all.length - failed, failed } } }];',
		},
	};
	return linked('crBenchBatch0001', [
		start,
		itemsNode('Items', count),
		coinRemitterBalance('Balance'),
		tally,
		sinkNode('Batch done', simUrl),
	]);
}

const nodeTime = (run, name) => run.data.resultData.runData[name][0].executionTime;
const nodeItems = (run, name) =>
	run.data.resultData.runData[name][0].data.main[0].map((item) => item.json);

module.exports = {
	BURST_BATCH_PATH,
	burstBatchWorkflow,
	burstTriggerWorkflow,
	chain,
	coinRemitterBalance,
	costTriggerWorkflow,
	CREDENTIAL,
	httpRequestBalance,
	itemsNode,
	latencyNode,
	nodeItems,
	nodeTime,
	PACED_CREDENTIAL,
	triggerWorkflow,
	webhookWorkflow,
};
