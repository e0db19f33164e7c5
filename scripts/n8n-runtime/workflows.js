'use strict';
// Workflows as n8n imports them, for the suites and the bench: node builders (the CoinRemitter
// action and trigger with their credentials; n8n's Manual Trigger, Webhook, Code, HTTP Request and
// No Operation nodes) and `workflow()`, which lays the nodes out left to right, each into the next.

const ALL_EVENTS = ['deposit', 'withdrawal', 'invoice', 'widgetOrder'];
const STEP = 220;

/** The node builders. A node's id is `idPrefix` + its name as lower-case words joined by '-' (no `idPrefix`: the name); `extra.id` overrides. */
function workflowBuilder({ idPrefix } = {}) {
	const nodeId = (name) =>
		idPrefix === undefined ? name : `${idPrefix}${name.replace(/\W+/g, '-').toLowerCase()}`;

	const node = (name, type, typeVersion, parameters, extra = {}) => ({
		id: nodeId(name),
		name,
		type,
		typeVersion,
		parameters,
		...extra,
	});

	/** The action node with `credential` of its API version; a failed item goes on as an error item unless `continueOnFail: false`. */
	const coinRemitter = (name, parameters, credential, { continueOnFail = true, ...extra } = {}) =>
		node(name, 'n8n-nodes-coinremitter.coinRemitter', 1, parameters, {
			credentials: {
				[parameters.apiVersion === 'legacy' ? 'coinRemitterLegacyApi' : 'coinRemitterApi']:
					credential,
			},
			...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
			...extra,
		});

	/** The trigger at `webhookId`; `credential` (v1) when it verifies; `typeVersion` 1 as saved workflows of earlier releases have it. */
	const coinRemitterTrigger = (
		webhookId,
		{ events = ALL_EVENTS, options = {}, credential, typeVersion = 2, ...extra } = {},
	) =>
		node(
			'CoinRemitter Trigger',
			'n8n-nodes-coinremitter.coinRemitterTrigger',
			typeVersion,
			{ events, options },
			{
				webhookId,
				...(credential ? { credentials: { coinRemitterApi: credential } } : {}),
				...extra,
			},
		);

	const manualTrigger = (extra = {}) => node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, extra);

	const code = (name, jsCode, extra = {}) =>
		node(name, 'n8n-nodes-base.code', 2, { jsCode }, extra);

	/** n8n's Webhook node answering POSTs at `path`; `parameters` go before its (empty) options. */
	const webhook = (name, path, parameters = {}, extra = {}) =>
		node(
			name,
			'n8n-nodes-base.webhook',
			2,
			{ httpMethod: 'POST', path, ...parameters, options: {} },
			{ webhookId: path, ...extra },
		);

	/** n8n's HTTP Request node with its own `parameters` (method, url…). */
	const httpRequest = (name, parameters, extra = {}) =>
		node(name, 'n8n-nodes-base.httpRequest', 4.2, { ...parameters, options: {} }, extra);

	/** An HTTP Request node POSTing `jsonBody` (an expression or JSON text) to `url`, once per item. */
	const postJson = (name, url, jsonBody, extra = {}) =>
		httpRequest(
			name,
			{ method: 'POST', url, sendBody: true, specifyBody: 'json', jsonBody },
			extra,
		);

	/** Each item (or what `jsonBody` makes of it) to the simulator's sink, where the checks read it. */
	const sink = (name, simUrl, jsonBody = '={{ JSON.stringify($json) }}') =>
		postJson(name, `${simUrl}/__sim/sink`, jsonBody);

	const noOp = (name, extra = {}) => node(name, 'n8n-nodes-base.noOp', 1, {}, extra);

	return {
		code,
		coinRemitter,
		coinRemitterTrigger,
		httpRequest,
		manualTrigger,
		node,
		noOp,
		postJson,
		sink,
		webhook,
	};
}

/** Each node's main output into the next node. */
function chained(nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

/** An inactive workflow as n8n imports it: `nodes` placed left to right, each into the next. */
function workflow({ id, name = id, nodes, settings = {}, staticData }) {
	return {
		id,
		name,
		nodes: nodes.map((node, i) => ({ ...node, position: [(i + 1) * STEP, 300] })),
		connections: chained(nodes),
		active: false,
		settings,
		pinData: {},
		...(staticData ? { staticData } : {}),
	};
}

module.exports = { ALL_EVENTS, workflow, workflowBuilder };
