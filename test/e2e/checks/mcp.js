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
// Two more addresses of the supplier, allowed too.
const SUPPLIER_2 = 'T9xMcpSupp1ierAddressCCCCCCCCCCCCC';
const SUPPLIER_3 = 'T9xMcpSupp1ierAddressDDDDDDDDDDDDD';

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

/**
 * An MCP server with four CoinRemitter tools: a read, an unguarded withdrawal, a guarded one, and
 * a guarded one whose Payout Key the model would fill in.
 */
function mcpWorkflow() {
	const guardrails = {
		allowedAddresses: [SUPPLIER, SUPPLIER_2, SUPPLIER_3].join('\n'),
		maxAmount: '1',
		maxTotalPerDay: '1',
	};
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
			`Send TCN only to the supplier addresses ${SUPPLIER}, ${SUPPLIER_2} and ${SUPPLIER_3}, at most 1 per payment and 1 a day`,
			{ ...withdrawal, guardrails },
			440,
		),
		tool(
			'm4',
			'pay_with_key',
			'Send TCN to the supplier under a key of your choice',
			{
				...withdrawal,
				payoutKey: "={{ $fromAI('key', 'A key unique to this payment', 'string') }}",
				guardrails,
			},
			660,
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
	'Guardrails → Maximum Total per Day: item 0 would send 0.5, but 0.9 of the 1 allowed in 24 hours was already sent; 0.1 is left';
const UNKNOWN = `This withdrawal of 0.3 to ${SUPPLIER} may have been sent: the outcome is unknown. Do not send it again, under any amount: a person must first check`;

async function checkMcp(instance, sim, tag) {
	const { client, call } = await connect(instance, tag);
	try {
		const { tools } = await client.listTools();
		const names = tools.map((entry) => entry.name).sort();
		check(
			`${tag} MCP: an outside client lists the CoinRemitter tools`,
			JSON.stringify(names) ===
				JSON.stringify(['get_balance', 'pay_anyone', 'pay_supplier', 'pay_with_key']) &&
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
		for (const [name, args, foreign] of [
			['pay_anyone', { address: SUPPLIER, amount: '0.1' }],
			['pay_supplier', { address: STRANGER, amount: '0.1' }],
			['pay_supplier', { address: SUPPLIER, amount: '1.5' }],
			['pay_with_key', { address: SUPPLIER, amount: '0.1', key: 'refund-7' }],
			// A refund whose answer is a proxy's 503 page: made at the gateway, outcome unknown.
			['pay_supplier', { address: SUPPLIER, amount: '0.3' }, true],
			['pay_supplier', { address: SUPPLIER, amount: '0.30000001' }],
			['pay_supplier', { address: SUPPLIER_2, amount: '0.6' }],
			['pay_supplier', { address: SUPPLIER_3, amount: '0.5' }],
		]) {
			if (foreign) sim.faults.foreignAfterWithdraw.push({ status: 503 });
			answers.push(await call(name, args));
		}
		const expected = [
			`This tool sends nothing until Guardrails → Allowed Addresses and Guardrails → Maximum Total per Day are set; it did not send to ${SUPPLIER}`,
			`This tool may only send to the addresses listed under Guardrails → Allowed Addresses; ${STRANGER} is not one of them`,
			'Guardrails → Maximum Amount: item 0 would send 1.5, more than the limit of 1',
			'Payout Key: may not be filled in by the AI model ($fromAI)',
			UNKNOWN,
			`A withdrawal to ${SUPPLIER} was already attempted through this tool in the last 7 days, so nothing was sent now`,
			'0.60000000',
			DAY_REFUSAL,
		];
		const labels = [
			'a withdrawal without an allow-list is refused',
			'an address not listed is refused',
			'an amount over the maximum is refused',
			'a Payout Key the model fills in is refused',
			'a withdrawal answered by a proxy: the client is told a person must check, not to send again',
			'the same refund with its last decimal changed is refused as already attempted',
			'an allowed withdrawal is sent',
			'the daily total holds across calls (0.3 and 0.6, then 0.5 under 1: refused)',
		];
		labels.forEach((label, index) =>
			check(
				`${tag} MCP: ${label}`,
				answers[index].includes(expected[index]),
				answers[index].slice(0, 600),
			),
		);
		check(
			`${tag} MCP: no answer tells the client to send under a new Payout Key`,
			answers.every((answer) => !/Payout Key that was never used|new Payout Key/.test(answer)),
			answers.join('\n').slice(0, 1200),
		);
	} finally {
		await client.close();
	}

	await instance.stop();
	await instance.start();
	const again = await connect(instance, tag);
	try {
		const answer = await again.call('pay_supplier', { address: SUPPLIER_3, amount: '0.5' });
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
		`${tag} MCP: exactly two withdrawals reached the gateway: the refund answered by a proxy, and the allowed one`,
		JSON.stringify(sent) === JSON.stringify([`0.3→${SUPPLIER}`, `0.6→${SUPPLIER_2}`]),
		JSON.stringify(sent),
	);
}

module.exports = { checkMcp, mcpWorkflow, MCP_WORKFLOW_ID: WORKFLOW_ID };
