// Withdrawal → Create as a tool (AI agent, MCP): the model cannot make an attempted payout look
// new, neither by choosing the Payout Key nor by changing the last decimal, and after an answer
// that is not CoinRemitter's own it is told that a person must check, never to send again.
import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../../../helpers/editor';
import { PACKAGE, nodeClasses, runNode } from '../../../../helpers/engine';
import { useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const node = new CoinRemitter();
const TOOL = `${PACKAGE}.coinRemitterTool`;
nodeClasses[TOOL] = node;

const SUPPLIER = 'T' + 'S'.repeat(33);
const OTHER = 'T' + 'R'.repeat(33);
const GUARDRAILS = { allowedAddresses: `${SUPPLIER} ${OTHER}`, maxTotalPerDay: '10' };

const callTool = async (
	args: { address: string; amount: string },
	choices: Record<string, unknown> = {},
	type = TOOL,
) =>
	(
		await runNode({
			type,
			parameters: editorParameters(node.description, {
				apiVersion: 'v1',
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: args.address,
				amount: args.amount,
				guardrails: GUARDRAILS,
				...choices,
			}) as never,
			credentials: v1Credentials(ctx.sim),
			workflowId: `wf-agent-${expect.getState().currentTestName}`,
			continueOnFail: true,
		})
	).items[0].json;

const sends = () =>
	[...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send').length;

describe('Withdrawal → Create as a tool', () => {
	it('refuses a Payout Key the model fills in ($fromAI), sending nothing', async () => {
		const answer = await callTool(
			{ address: SUPPLIER, amount: '0.4' },
			{ payoutKey: "={{ $fromAI('key', 'A unique key', 'string') }}" },
		);
		expect(answer.error).toBe('Payout Key: may not be filled in by the AI model ($fromAI)');
		expect(answer.outcome).toBe('notSent');
		expect(sends()).toBe(0);
	});

	it('refuses a decline under a Payout Key the model fills in, and a Decision the model fills in, recording nothing', async () => {
		const declineAny = await callTool(
			{ address: SUPPLIER, amount: '0.4' },
			{ decision: 'decline', payoutKey: "={{ $fromAI('key', 'A key', 'string') }}" },
		);
		expect(declineAny.error).toBe('Payout Key: may not be filled in by the AI model ($fromAI)');
		const modelDecides = await callTool(
			{ address: SUPPLIER, amount: '0.4' },
			{ decision: "={{ $fromAI('decision', 'send or decline', 'string') }}" },
		);
		expect(modelDecides.error).toBe('Decision: may not be filled in by the AI model ($fromAI)');
		expect(sends()).toBe(0);
	});

	it("after an answer that is not the API's own, the same payout with the last decimal changed is refused, and the model is told a person must check", async () => {
		ctx.sim.faults.foreignAfterWithdraw.push({ status: 503 });
		const unknown = await callTool({ address: SUPPLIER, amount: '0.4' });
		expect(unknown.outcome).toBe('unknown');
		expect(unknown.error).toBe(
			`This withdrawal of 0.4 to ${SUPPLIER} may have been sent: the outcome is unknown. Do not send it again, under any amount: a person must first check the wallet's transactions in the CoinRemitter dashboard, and send it by hand if it was not made.`,
		);
		expect(`${unknown.error} ${unknown.description}`).not.toMatch(
			/Payout Key that was never used|new Payout Key/,
		);

		const nudged = await callTool({ address: SUPPLIER, amount: '0.40000001' });
		expect(nudged.error).toBe(
			`A withdrawal to ${SUPPLIER} was already attempted through this tool in the last 7 days, so nothing was sent now`,
		);
		expect(nudged.description).toMatch(/a person must first check/);
		expect(nudged.outcome).toBe('alreadyAttempted');
		expect(sends()).toBe(1);
	});

	it('after a withdrawal that went out, another amount to the same address is refused; another allowed address is not', async () => {
		expect((await callTool({ address: SUPPLIER, amount: '0.4' })).amount).toBe('0.40000000');
		expect(String((await callTool({ address: SUPPLIER, amount: '0.41' })).error)).toMatch(
			/already attempted through this tool/,
		);
		expect((await callTool({ address: OTHER, amount: '0.4' })).amount).toBe('0.40000000');
		expect(sends()).toBe(2);
	});

	it('a Payout Key the workflow sets (not the model) decides as it does outside a tool', async () => {
		const keyed = (key: string, amount: string) =>
			callTool({ address: SUPPLIER, amount }, { payoutKey: key });
		expect((await keyed('ticket-1', '0.4')).amount).toBe('0.40000000');
		expect((await keyed('ticket-2', '0.5')).amount).toBe('0.50000000');
		const again = await keyed('ticket-1', '0.40000001');
		expect(again.error).toBe(
			'This withdrawal was already attempted (Payout Key "ticket-1"), so it was not sent again',
		);
		expect(again.description).toMatch(/a person must first check/);
		expect(sends()).toBe(2);
	});

	it('outside a tool, the default key still tells amounts apart', async () => {
		const plain = `${PACKAGE}.coinRemitter`;
		expect((await callTool({ address: SUPPLIER, amount: '0.4' }, {}, plain)).amount).toBe(
			'0.40000000',
		);
		expect((await callTool({ address: SUPPLIER, amount: '0.41' }, {}, plain)).amount).toBe(
			'0.41000000',
		);
	});
});
