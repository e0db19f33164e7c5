'use strict';
// End-to-end check of the package's tools behind n8n's MCP Server Trigger, driven by an outside
// MCP client: the official SDK that n8n itself ships (required from the installed n8n, so the
// project adds no dependency), over Streamable HTTP. Every MCP call is an execution of its own, so
// the daily total is the only limit that holds across calls.
const { join } = require('node:path');
const { check } = require('../../report');
const { webhookRegistered } = require('../../../scripts/n8n-runtime');
const { withdrawCalls } = require('./guardrails');

const WORKFLOW_ID = 'crE2eMcpServer01';
const MCP_PATH = 'coinremitter-e2e-mcp';
const CREDENTIAL = {
	coinRemitterApi: { id: 'crDemoV1Sim00001', name: 'CoinRemitter (simulator)' },
};
const SUPPLIER = 'T9xMcpSupp1ierAddressAAAAAAAAAAAAA';
const STRANGER = 'T9xMcpStrangerAddressBBBBBBBBBBBBB';

const fromAi = {
	address: "={{ $fromAI('address', 'The destination address', 'string') }}",
	amount:
		"={{ $fromAI('amount', 'Amount of TCN to send, as a plain decimal such as 0.5', 'string') }}",
};

function tool(id, name, description, parameters, x) {
	return {
		id,
		name,
		type: 'n8n-nodes-coinremitter.coinRemitterTool',
		typeVersion: 1,
		position: [x, 220],
		parameters: {
			descriptionType: 'manual',
			toolDescription: description,
			apiVersion: 'v1',
			...parameters,
		},
		credentials: CREDENTIAL,
	};
}

/** An MCP server with three CoinRemitter tools: a read, an unguarded withdrawal, a guarded one. */
function mcpWorkflow() {
	const withdrawal = {
		resource: 'withdrawal',
		operation: 'create',
		withdrawalSpeed: '',
		...fromAi,
	};
	const tools = [
		tool(
			'm1',
			'get_balance',
			'Get the balance of the CoinRemitter wallet',
			{ resource: 'wallet', operation: 'getBalance' },
			0,
		),
		tool('m2', 'pay_anyone', 'Send TCN to any address (no guardrails set)', withdrawal, 220),
		tool(
			'm3',
			'pay_supplier',
			`Send TCN only to the supplier address ${SUPPLIER}, at most 1 per payment and 1 a day`,
			{
				...withdrawal,
				guardrails: { allowedAddresses: SUPPLIER, maxAmount: '1', maxTotalPerDay: '1' },
			},
			440,
		),
	];
	return {
		id: WORKFLOW_ID,
		name: 'E2E MCP server',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'm0',
				name: 'MCP Server',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
				parameters: { authentication: 'none', path: MCP_PATH },
			},
			...tools,
		],
		connections: Object.fromEntries(
			tools.map(({ name }) => [
				name,
				{ ai_tool: [[{ node: 'MCP Server', type: 'ai_tool', index: 0 }]] },
			]),
		),
	};
}

/** The MCP client SDK that this n8n ships, from its own node_modules. */
function mcpSdk(instance) {
	const client = (file) =>
		require(
			join(
				instance.n8nDir,
				'node_modules',
				'@modelcontextprotocol',
				'sdk',
				'dist',
				'cjs',
				'client',
				file,
			),
		);
	return { ...client('index.js'), ...client('streamableHttp.js') };
}

const text = (result) => (result?.content ?? []).map((part) => part.text ?? '').join('\n');

/** A connected MCP client, once the trigger's URL is registered. */
async function connect(instance, tag) {
	const { Client, StreamableHTTPClientTransport } = mcpSdk(instance);
	const url = `${instance.baseUrl}/mcp/${MCP_PATH}`;
	check(
		`${tag} MCP: the MCP Server Trigger's URL is registered`,
		await webhookRegistered(url),
		instance.logTail(),
	);
	const client = new Client({ name: 'coinremitter-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	const call = async (name, args) => text(await client.callTool({ name, arguments: args }));
	return { client, call };
}

const DAY_REFUSAL =
	'Guardrails → Maximum Total per Day: item 0 would send 0.5, but 0.6 of the 1 allowed in 24 hours was already sent; 0.4 is left';

async function checkMcp(instance, sim, tag) {
	const { client, call } = await connect(instance, tag);
	try {
		const { tools } = await client.listTools();
		const names = tools.map((entry) => entry.name).sort();
		check(
			`${tag} MCP: an outside client lists the CoinRemitter tools`,
			JSON.stringify(names) === JSON.stringify(['get_balance', 'pay_anyone', 'pay_supplier']) &&
				tools.find((entry) => entry.name === 'pay_supplier')?.description?.includes(SUPPLIER),
			JSON.stringify(tools).slice(0, 800),
		);

		const balance = await call('get_balance', {});
		check(
			`${tag} MCP: a read is answered`,
			/"balance"\s*:\s*"\d+\.\d+"/.test(balance),
			balance.slice(0, 400),
		);

		sim.requests.length = 0;
		const answers = [];
		for (const [name, address, amount] of [
			['pay_anyone', SUPPLIER, '0.1'],
			['pay_supplier', STRANGER, '0.1'],
			['pay_supplier', SUPPLIER, '1.5'],
			['pay_supplier', SUPPLIER, '0.6'],
			['pay_supplier', SUPPLIER, '0.5'],
		])
			answers.push(await call(name, { address, amount }));
		const expected = [
			`This tool sends nothing until Guardrails → Allowed Addresses and Guardrails → Maximum Total per Day are set; it did not send to ${SUPPLIER}`,
			`This tool may only send to the addresses listed under Guardrails → Allowed Addresses; ${STRANGER} is not one of them`,
			'Guardrails → Maximum Amount: item 0 would send 1.5, more than the limit of 1',
			'0.60000000',
			DAY_REFUSAL,
		];
		const labels = [
			'a withdrawal without an allow-list is refused',
			'an address not listed is refused',
			'an amount over the maximum is refused',
			'an allowed withdrawal is sent',
			'the daily total holds across calls (0.6, then 0.5 under 1: refused)',
		];
		labels.forEach((label, index) =>
			check(
				`${tag} MCP: ${label}`,
				answers[index].includes(expected[index]),
				answers[index].slice(0, 600),
			),
		);
	} finally {
		await client.close();
	}

	await instance.stop();
	await instance.start();
	const again = await connect(instance, tag);
	try {
		const answer = await again.call('pay_supplier', { address: SUPPLIER, amount: '0.5' });
		check(
			`${tag} MCP: the daily total holds after n8n restarts`,
			answer.includes(DAY_REFUSAL),
			answer.slice(0, 600),
		);
	} finally {
		await again.client.close();
	}
	const sent = withdrawCalls(sim);
	check(
		`${tag} MCP: exactly one withdrawal reached the gateway, the allowed one`,
		JSON.stringify(sent) === JSON.stringify([`0.6→${SUPPLIER}`]),
		JSON.stringify(sent),
	);
}

module.exports = { checkMcp, mcpWorkflow, MCP_WORKFLOW_ID: WORKFLOW_ID };
