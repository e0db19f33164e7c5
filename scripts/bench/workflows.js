'use strict';
// The workflows the bench runs: CoinRemitter node vs HTTP Request node on the same reads,
// CoinRemitter Trigger vs Webhook node on the same callbacks.
const { nodeOutput, workflow, workflowBuilder } = require('../n8n-runtime');

const CREDENTIAL = { id: 'crBenchV1Sim0001', name: 'CoinRemitter (bench)' };
// The paced batch uses a wallet of its own, as a real second wallet would be.
const PACED_CREDENTIAL = { id: 'crBenchV1Paced01', name: 'CoinRemitter (bench, paced)' };

const {
	code,
	coinRemitter,
	coinRemitterTrigger,
	httpRequest,
	manualTrigger,
	noOp,
	postJson,
	sink,
	webhook,
} = workflowBuilder();

/** A Code node that outputs `count` items, whatever came in. */
const itemsNode = (name, count) =>
	code(name, `return Array.from({ length: ${count} }, (_, i) => ({ json: { i } }));`);

/** An HTTP Request node that sets the simulator's latency once, whatever came in. */
const latencyNode = (name, simUrl, ms) =>
	postJson(name, `${simUrl}/__sim/latency`, JSON.stringify({ ms }), { executeOnce: true });

/** A manual workflow running `nodes` one after another. */
const chain = (nodes, id) => workflow({ id, nodes: [manualTrigger({ id: 'start' }), ...nodes] });

const coinRemitterBalance = (name = 'CoinRemitter', options = {}, credential = CREDENTIAL) =>
	coinRemitter(
		name,
		{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance', options },
		credential,
	);

/** The simulator wallet's keys as an HTTP Request node's headers (n8n's own node, for contrast). */
const SIMULATOR_KEY_HEADERS = {
	sendHeaders: true,
	headerParameters: {
		parameters: [
			{ name: 'x-api-key', value: 'sim_tcn_key' },
			{ name: 'x-api-password', value: 'sim_tcn_password' },
		],
	},
};

const httpRequestBalance = (simUrl, name = 'HTTP Request') =>
	httpRequest(
		name,
		{
			method: 'POST',
			url: `${simUrl}/v1/wallet/balance`,
			...SIMULATOR_KEY_HEADERS,
		},
		{ onError: 'continueRegularOutput' },
	);

/** An active-able workflow: `first` (a webhook-style node) into a No Operation node. */
const receiverWorkflow = (id, name, first, staticData) =>
	workflow({ id, name, nodes: [first, noOp('Done', { id: 'n' })], staticData });

/** The trigger without verification or duplicate skipping: its own cost only. */
const triggerWorkflow = (webhookId) =>
	receiverWorkflow(
		'crBenchTrigger01',
		'bench trigger',
		coinRemitterTrigger(webhookId, { options: { skipDuplicates: false, verify: false }, id: 't' }),
	);

/**
 * The trigger as merchants run it (Skip Duplicates on), Verify With the API on or off; `staticData`
 * seeds the workflow's static data (a delivery history); `typeVersion` as the builder's default (2) unless given.
 */
const costTriggerWorkflow = (
	id,
	webhookId,
	{ verify = false, skipDuplicates, staticData, typeVersion } = {},
) =>
	receiverWorkflow(
		id,
		id,
		coinRemitterTrigger(webhookId, {
			events: ['deposit'],
			options: { verify, ...(skipDuplicates === false ? { skipDuplicates } : {}) },
			credential: verify ? CREDENTIAL : undefined,
			typeVersion,
			id: 't',
		}),
		staticData,
	);

const webhookWorkflow = (path) =>
	receiverWorkflow('crBenchWebhook01', 'bench webhook', webhook('Webhook', path, {}, { id: 'w' }));

/** The burst's receiver: the trigger as a merchant sets it up (verified, duplicates skipped), each item to the sink. */
const burstTriggerWorkflow = (webhookId, simUrl) =>
	workflow({
		id: 'crBenchBurst0001',
		nodes: [
			coinRemitterTrigger(webhookId, { events: ['deposit'], credential: CREDENTIAL, id: 't' }),
			sink('Executed', simUrl),
		],
	});

const BURST_BATCH_PATH = 'bench-burst-batch';

/** The batch beside the burst: a webhook starts `count` balance reads on the same wallet; their tally to the sink. */
const burstBatchWorkflow = (simUrl, count) =>
	workflow({
		id: 'crBenchBatch0001',
		nodes: [
			webhook('Start batch', BURST_BATCH_PATH, {}, { id: 'w' }),
			itemsNode('Items', count),
			coinRemitterBalance('Balance'),
			code(
				'Tally',
				'const all = $input.all(); const failed = all.filter((i) => i.json.error).length; return [{ json: { batch: { ok: all.length - failed, failed } } }];',
				{ id: 'tally' },
			),
			sink('Batch done', simUrl),
		],
	});

const nodeTime = (run, name) => run.data.resultData.runData[name][0].executionTime;

module.exports = {
	SIMULATOR_KEY_HEADERS,
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
	nodeItems: nodeOutput,
	nodeTime,
	PACED_CREDENTIAL,
	triggerWorkflow,
	webhookWorkflow,
};
