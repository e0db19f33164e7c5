'use strict';
// The example workflows: each imports; the payouts example, the invoice example's steps after its
// trigger and the AI agent example run.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { check } = require('../../report');
const { EXAMPLES, nodeOutput } = require('../../../scripts/n8n-runtime');
const { checkAgentGuardrails } = require('./guardrails');

async function checkExamples(instance, sim, tag) {
	const dir = EXAMPLES;
	const examples = readdirSync(dir).filter((name) => name.endsWith('.json'));
	for (const file of examples) {
		const workflow = JSON.parse(readFileSync(join(dir, file), 'utf8'));
		await instance.importWorkflow(workflow);
		check(`${tag} example ${file} imports`, true);
	}
	const balanceBefore = sim.wallet('sim_tcn_key').balance;
	sim.requests.length = 0;
	const run = await instance.execute(JSON.parse(readFileSync(join(dir, 'payouts.json'), 'utf8')));
	const withdrawals = nodeOutput(run, 'Withdraw');
	check(
		`${tag} the payouts example validates, estimates and withdraws each payout once`,
		withdrawals.length === 2 &&
			withdrawals.map((w) => w.amount).join(',') === '0.50000000,1.25000000' &&
			sim.requests.filter((r) => r.path === '/v1/wallet/withdraw').length === 2 &&
			sim.wallet('sim_tcn_key').balance < balanceBefore,
		JSON.stringify(withdrawals).slice(0, 500) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 500),
	);
	await checkPayoutsNotCovered(instance, sim, tag);
	await checkInvoiceFulfilledOnce(instance, tag);
}

/**
 * examples/payouts.json with rows the wallet cannot cover, fees included: nothing is withdrawn,
 * and "Enough for all, fees included?" says by how much it falls short on its Not Covered output.
 */
async function checkPayoutsNotCovered(instance, sim, tag) {
	const example = JSON.parse(readFileSync(join(EXAMPLES, 'payouts.json'), 'utf8'));
	const held = sim.wallet('sim_tcn_key').balance;
	const rows = [
		{ payoutId: 'short-1', address: 'T9xDemoPayoutAddress11111111111111', amount: '1' },
		{ payoutId: 'short-2', address: 'T9xDemoPayoutAddress22222222222222', amount: '1000' },
	];
	const nodes = example.nodes.map((node) =>
		node.name === 'Payout list'
			? {
					...node,
					parameters: { jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));` },
				}
			: node,
	);
	sim.requests.length = 0;
	const run = await instance.execute({ ...example, id: 'crE2ePayoutsShort', nodes });
	const funds = run.data.resultData.runData['Enough for all, fees included?']?.[0]?.data?.main;
	const short = funds?.[1]?.[0]?.json ?? {};
	check(
		`${tag} the payouts example with rows beyond the balance withdraws nothing and says by how much it falls short`,
		sim.requests.filter((r) => r.path === '/v1/wallet/withdraw').length === 0 &&
			(funds?.[0] ?? []).length === 0 &&
			short.covered === false &&
			typeof short.message === 'string' &&
			short.message.includes(`${short.shortBy} TCN short`) &&
			sim.wallet('sim_tcn_key').balance === held,
		JSON.stringify(short).slice(0, 500) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 300),
	);
}

/**
 * examples/invoice-paid-fulfil.json after its trigger (If verified → Remove Duplicates → fulfil),
 * fed the verified items the trigger emits for one invoice going Paid and then Over Paid, in two
 * executions of one workflow: one fulfilment. The trigger is swapped for a Manual Trigger and a
 * node giving the item, since `n8n execute` cannot wait for a callback.
 */
async function checkInvoiceFulfilledOnce(instance, tag) {
	const example = JSON.parse(readFileSync(join(EXAMPLES, 'invoice-paid-fulfil.json'), 'utf8'));
	const triggerName = example.nodes.find((node) => node.type.endsWith('coinRemitterTrigger')).name;
	const fulfilled = [];
	for (const [status_code, status] of [
		[1, 'Paid'],
		[3, 'Over Paid'],
	]) {
		const item = { event: 'invoice', verified: true, invoice_id: 'TCN0042', status_code, status };
		const workflow = {
			...example,
			id: 'crE2eInvoiceOnce',
			nodes: [
				...example.nodes.filter((node) => node.name !== triggerName),
				{
					id: 'e2eStart',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [-400, 0],
					parameters: {},
				},
				{
					id: 'e2eCallback',
					name: triggerName,
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [-200, 0],
					parameters: { mode: 'raw', jsonOutput: JSON.stringify(item), options: {} },
				},
			],
			connections: {
				...example.connections,
				Start: { main: [[{ node: triggerName, type: 'main', index: 0 }]] },
			},
		};
		const run = await instance.execute(workflow);
		fulfilled.push(nodeOutput(run, 'Mark order as paid').length);
	}
	check(
		`${tag} the invoice example fulfils an invoice once when it goes Paid, then Over Paid`,
		fulfilled.join(',') === '1,0',
		`fulfilments per execution: ${fulfilled.join(',')}`,
	);
}

/** The AI agent example, executed: the model (the simulator's scripted one) calls the CoinRemitter tools. */
async function checkAgent(instance, sim, tag) {
	const dir = EXAMPLES;
	sim.requests.length = 0;
	sim.chats.length = 0;
	const run = await instance.execute(
		JSON.parse(readFileSync(join(dir, 'ai-agent-tools.json'), 'utf8')),
	);
	const invoiceCall = sim.requests.find((request) => request.path === '/v1/invoice/create');
	const balanceCall = sim.requests.find((request) => request.path === '/v1/wallet/balance');
	check(
		`${tag} the AI agent example calls the balance tool and the invoice tool with the model's arguments`,
		balanceCall !== undefined &&
			invoiceCall?.fields.amount === '25' &&
			invoiceCall?.fields.fiat_currency === 'EUR' &&
			invoiceCall?.fields.name === 'Agent order',
		JSON.stringify(sim.requests.map((request) => [request.path, request.fields])).slice(0, 600) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 600),
	);
	const tools = sim.chats[0]?.tools ?? [];
	const invoiceTool = tools.find((tool) => /invoice/i.test(tool.function?.description ?? ''));
	const parameters = invoiceTool?.function?.parameters?.properties ?? {};
	check(
		`${tag} the model is shown the tools with their descriptions and $fromAI parameters`,
		tools.length === 4 &&
			['amount', 'fiat_currency', 'name'].every((name) => parameters[name]?.description),
		JSON.stringify(tools).slice(0, 800),
	);
	const toolResults = (sim.chats.at(-1)?.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content));
	const answer = nodeOutput(run, 'Payments agent')[0]?.output ?? '';
	check(
		`${tag} the tools' answers went back to the model (balance, invoice URL) and the agent answered`,
		toolResults.length === 5 &&
			toolResults[0].includes('balance') &&
			toolResults[1].includes('https://sim.coinremitter.local/invoice/') &&
			answer.startsWith('Done.'),
		JSON.stringify({ toolResults, answer }).slice(0, 800),
	);
	checkAgentGuardrails(sim, run, tag);
}

module.exports = { checkAgent, checkExamples };
