'use strict';
// End-to-end checks of the money guardrails (Withdrawal → Create → Guardrails) in real n8n: a
// payout list with an address that is not allowed and amounts at the limits, and the AI agent
// example's withdrawal tool, refused for an address that is not allowed and the model told why;
// and the daily total across executions, each `n8n execute` a process of its own (so a restart too).
const { check } = require('../../report');
const { nodeOutput: output } = require('../../../scripts/n8n-runtime');
const { ALLOWED_ADDRESS, NOT_ALLOWED_ADDRESS } = require('../../../simulator/openai');

const CREDENTIAL = { id: 'crDemoV1Sim00001', name: 'CoinRemitter (simulator)' };
const LISTED = ['T9xGuardrai1AddressAAAAAAAAAAAAAAA', 'T9xGuardrai1AddressBBBBBBBBBBBBBBB'];
const NOT_LISTED = 'T9xGuardrai1AddressCCCCCCCCCCCCCCC';

const withdrawCalls = (sim) =>
	sim.requests
		.filter((request) => request.path === '/v1/wallet/withdraw')
		.map((request) => `${request.fields.amount}→${request.fields.address}`);

/** Five payouts: at the maximum, one unit over it, to an address not listed, up to the total, one unit over the total. */
function guardrailsWorkflow() {
	const payouts = [
		{ key: 'g-0', address: LISTED[0], amount: '1.5' },
		{ key: 'g-1', address: LISTED[1], amount: '1.50000001' },
		{ key: 'g-2', address: NOT_LISTED, amount: '0.1' },
		{ key: 'g-3', address: LISTED[1], amount: '1' },
		{ key: 'g-4', address: LISTED[0], amount: '0.00000001' },
	];
	return {
		id: 'crE2eGuardrail01',
		name: 'E2E guardrails',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Start: { main: [[{ node: 'Payout list', type: 'main', index: 0 }]] },
			'Payout list': { main: [[{ node: 'Withdraw', type: 'main', index: 0 }]] },
		},
		nodes: [
			{
				id: 'g0',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'g1',
				name: 'Payout list',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					jsCode: `return ${JSON.stringify(payouts)}.map((json) => ({ json }));`,
				},
			},
			{
				id: 'g2',
				name: 'Withdraw',
				type: 'n8n-nodes-coinremitter.coinRemitter',
				typeVersion: 1,
				position: [440, 0],
				onError: 'continueRegularOutput',
				parameters: {
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.address }}',
					amount: '={{ $json.amount }}',
					withdrawalSpeed: '',
					payoutKey: '={{ $json.key }}',
					guardrails: {
						allowedAddresses: `${LISTED[0]},\n${LISTED[1]}`,
						maxAmount: '1.5',
						maxTotalPerExecution: '2.5',
					},
				},
				credentials: { coinRemitterApi: CREDENTIAL },
			},
		],
	};
}

async function checkGuardrails(instance, sim, tag) {
	sim.requests.length = 0;
	const run = await instance.execute(guardrailsWorkflow());
	const results = output(run, 'Withdraw').map((item) => item.error ?? item.amount);
	const expected = [
		'1.50000000',
		'Guardrails → Maximum Amount: item 1 would send 1.50000001, more than the limit of 1.5',
		`Guardrails → Allowed Addresses: item 2 would send to ${NOT_LISTED}, which is not one of the 2 allowed addresses`,
		'1.00000000',
		"Guardrails → Maximum Total per Execution: item 4 would send 0.00000001, bringing this execution's total to 2.50000001, more than the limit of 2.5",
	];
	check(
		`${tag} guardrails: a payout list sends each allowed payout once and fails the one not on the list, the one over the maximum and the one over the total, exactly at the limits`,
		JSON.stringify(results) === JSON.stringify(expected) &&
			JSON.stringify(withdrawCalls(sim)) === JSON.stringify([`1.5→${LISTED[0]}`, `1→${LISTED[1]}`]),
		JSON.stringify({ results, sent: withdrawCalls(sim) }).slice(0, 1200),
	);
	await checkDailyCap(instance, sim, tag);
}

const DAY_CAP_WORKFLOW = 'crE2eGuardDay001';

/** One withdrawal of 0.6 under "Maximum Total per Day: 1"; each run gets its own Payout Key. */
function dailyCapWorkflow() {
	const workflow = guardrailsWorkflow();
	const withdraw = workflow.nodes.find((node) => node.name === 'Withdraw');
	const payouts = workflow.nodes.find((node) => node.name === 'Payout list');
	payouts.parameters.jsCode = `return [{ json: { address: '${LISTED[0]}', amount: '0.6' } }];`;
	withdraw.parameters.payoutKey = "={{ 'day-' + $execution.id }}";
	withdraw.parameters.guardrails = { allowedAddresses: LISTED[0], maxTotalPerDay: '1' };
	return { ...workflow, id: DAY_CAP_WORKFLOW, name: 'E2E guardrails: daily total' };
}

async function checkDailyCap(instance, sim, tag) {
	sim.requests.length = 0;
	const first = output(await instance.execute(dailyCapWorkflow()), 'Withdraw');
	const second = output(await instance.executeImported(DAY_CAP_WORKFLOW), 'Withdraw');
	const results = [...first, ...second].map((item) => item.error ?? item.amount);
	const expected = [
		'0.60000000',
		'Guardrails → Maximum Total per Day: item 0 would send 0.6, but 0.6 of the 1 allowed in 24 hours was already sent; 0.4 is left',
	];
	check(
		`${tag} guardrails: the daily total holds across executions, each in an n8n process of its own (0.6 sent, then 0.6 refused under 1)`,
		JSON.stringify(results) === JSON.stringify(expected) &&
			JSON.stringify(withdrawCalls(sim)) === JSON.stringify([`0.6→${LISTED[0]}`]),
		JSON.stringify({ results, sent: withdrawCalls(sim) }).slice(0, 1200),
	);
}

/**
 * After the AI agent example ran: one withdrawal, to the allowed address; the model was told why
 * the other was refused, and that the same payout with its last decimal changed was already attempted.
 */
function checkAgentGuardrails(sim, run, tag) {
	const sent = withdrawCalls(sim);
	check(
		`${tag} the agent's withdrawal tool sent exactly one withdrawal, to the allowed address`,
		sent.length === 1 && sent[0] === `0.5→${ALLOWED_ADDRESS}`,
		JSON.stringify(sent),
	);
	const refusal = `This tool may only send to the addresses listed under Guardrails → Allowed Addresses; ${NOT_ALLOWED_ADDRESS} is not one of them`;
	const toolMessages = (sim.chats.at(-1)?.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content));
	check(
		`${tag} the model received the refusal of the address that is not allowed, then the withdrawal to the allowed one`,
		toolMessages.length === 5 &&
			toolMessages[2].includes(refusal) &&
			toolMessages[3].includes(ALLOWED_ADDRESS) &&
			toolMessages[3].includes('0.50000000'),
		JSON.stringify(toolMessages.slice(2)).slice(0, 1200) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 400),
	);
	check(
		`${tag} the agent's second withdrawal to the same address, its last decimal changed, is refused as already attempted and the model is told a person must check`,
		toolMessages[4]?.includes(
			`A withdrawal to ${ALLOWED_ADDRESS} was already attempted through this tool in the last 7 days`,
		) && toolMessages[4]?.includes('a person must first check'),
		JSON.stringify(toolMessages.slice(4)).slice(0, 1200),
	);
	const tool = (sim.chats[0]?.tools ?? []).find((entry) =>
		/withdraw/i.test(entry.function?.name ?? ''),
	);
	check(
		`${tag} the model is told the withdrawal tool's guardrails in its description`,
		tool?.function?.description?.includes(`only to the supplier address ${ALLOWED_ADDRESS}`) ===
			true,
		JSON.stringify(tool).slice(0, 600),
	);
}

/** The workflows these checks run with `n8n execute`, to import with the others in one call. */
const guardrailWorkflows = () => [guardrailsWorkflow(), dailyCapWorkflow()];

module.exports = {
	checkGuardrails,
	checkAgentGuardrails,
	guardrailsWorkflow,
	guardrailWorkflows,
	withdrawCalls,
};
