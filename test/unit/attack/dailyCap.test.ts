// Attack: walking around Maximum Total per Day. Many tool calls at once in one process (an agent's
// parallel calls, an MCP client), a loop of executions at the cap, the smallest amounts, and the
// node renamed in the editor.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../nodes/CoinRemitter/CoinRemitter.node';
import { forgetSpendLedgers } from '../../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { editorParameters, shown } from '../../helpers/editor';
import { PACKAGE, nodeClasses, runNode } from '../../helpers/engine';
import type { RunResult } from '../../helpers/engine';
import { useSimulator, v1Credentials } from '../../fixtures/simulator';

const ctx = useSimulator();
const node = new CoinRemitter();
const TOOL = `${PACKAGE}.coinRemitterTool`;
nodeClasses[TOOL] = node;
const A = 'T' + 'A'.repeat(33);

let workflowId = '';
let workflows = 0;
beforeEach(() => {
	workflowId = `wf-cap-attack-${++workflows}`;
});

const call = async (
	amount: string,
	limit: string,
	more: { nodeName?: string; staticData?: IDataObject } = {},
) =>
	await runNode({
		type: TOOL,
		parameters: editorParameters(node.description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: A,
			amount,
			payoutKey: `={{ 'p-' + Math.random() }}`,
			guardrails: { allowedAddresses: A, maxTotalPerDay: limit },
		}) as never,
		credentials: v1Credentials(ctx.sim),
		workflowId,
		continueOnFail: true,
		...more,
	});

const outcome = (result: RunResult) =>
	(result.items[0]?.json.error as string | undefined) ?? 'sent';
const sent = () =>
	ctx.sim.requests
		.filter((request) => request.path === '/v1/wallet/withdraw')
		.map((request) => request.fields.amount);

describe('the daily cap under attack', () => {
	it('ten tool calls at the same moment: exactly as many as fit are sent', async () => {
		const results = await Promise.all(Array.from({ length: 10 }, () => call('0.3', '1')));
		expect(results.filter((result) => outcome(result) === 'sent')).toHaveLength(3);
		expect(sent()).toEqual(['0.3', '0.3', '0.3']);
	});

	it('a loop of 100 executions at the cap sends exactly up to it', async () => {
		for (let run = 0; run < 100; run++) await call('0.01', '0.5');
		expect(sent()).toHaveLength(50);
	});

	it('the smallest amounts add up exactly (no float drift at 8 decimals)', async () => {
		for (let run = 0; run < 4; run++) await call('0.00000001', '0.00000003');
		expect(sent()).toEqual(['0.00000001', '0.00000001', '0.00000001']);
	});

	it('renaming the node does not reset what was spent', async () => {
		const first = await call('1', '1', { nodeName: 'Pay supplier', staticData: {} });
		expect(outcome(first)).toBe('sent');
		forgetSpendLedgers();
		const renamed = await call('1', '1', {
			nodeName: 'Pay supplier (renamed)',
			staticData: first.staticData,
		});
		expect(outcome(renamed)).toMatch(/Maximum Total per Day: item 0 would send 1, but 1 of the 1/);
		expect(sent()).toEqual(['1']);
	});

	it('renaming the node in the same process does not reset what was spent', async () => {
		const first = await call('1', '1', { nodeName: 'Refunds', staticData: {} });
		const renamed = await call('1', '1', { nodeName: 'Refunds 2', staticData: first.staticData });
		expect(outcome(renamed)).toMatch(/Maximum Total per Day/);
		expect(sent()).toEqual(['1']);
	});
});
