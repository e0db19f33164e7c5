// The Payout Key is the wallet's, not the node's: a key recorded by any Withdrawal node on a wallet
// stops every other Withdrawal node on that wallet in the same n8n process (another workflow, a
// copy of one, a second node of one workflow), at once and in turn; a decline alike. Against a
// deduplication store that interleaves as n8n's does (test/helpers/deduplicationStore.ts), with the
// gateway slow enough that the executions overlap there too.
import { forgetPayoutClaims } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutStore';
import { rowKey, rowValues } from '../../../../helpers/deduplicationStore';
import { addressOf as addressIn, withdrawalRuns } from '../../../../helpers/withdrawals';
import { useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { withdraw, sentTo } = withdrawalRuns(ctx);
const addressOf = (n: number) => addressIn(n, '6');
const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const sends = () =>
	[...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send').length;

/** One payout through Withdrawal → Create of workflow `workflowId`. */
const pay = async (
	workflowId: string,
	payoutKey: string,
	n: number,
	more: { nodeId?: string; credentialId?: string; decision?: string } = {},
) =>
	await withdraw(
		workflowId,
		{ address: addressOf(n), amount: '0.1', payoutKey, decision: more.decision ?? 'send' },
		more,
	);

const outcomeOf = (run: Awaited<ReturnType<typeof pay>>) =>
	run.items[0].json.outcome ?? (run.items[0].json.txid ? 'sent' : run.items[0].json.decision);

beforeEach(() => {
	ctx.sim.faults.delayMs = 20;
});

describe('one Payout Key per wallet, across workflows of one n8n', () => {
	it('20 keys, each posted to two workflows at the same moment: 20 withdrawals, the other refused', async () => {
		const runs = await Promise.all(
			range(20).flatMap((i) => [pay('wf-original', `p-${i}`, i), pay('wf-copy', `p-${i}`, i)]),
		);
		expect(sends()).toBe(20);
		for (const i of range(20)) {
			expect(sentTo(addressOf(i))).toBe(1);
			expect([outcomeOf(runs[2 * i]), outcomeOf(runs[2 * i + 1])].sort()).toEqual([
				'alreadyAttempted',
				'sent',
			]);
		}
	});

	it('in turn: a duplicated workflow run after the original pays nothing again, and says so', async () => {
		const original = await Promise.all(range(4).map((i) => pay('wf-payouts', `order-${i}`, i)));
		expect(original.map(outcomeOf)).toEqual(['sent', 'sent', 'sent', 'sent']);
		const copy = await Promise.all(range(4).map((i) => pay('wf-payouts-copy', `order-${i}`, i)));
		expect(copy.map(outcomeOf)).toEqual(range(4).map(() => 'alreadyAttempted'));
		expect(String(copy[0].items[0].json.error)).toBe(
			'This withdrawal was already attempted (Payout Key "order-0"), so it was not sent again',
		);
		expect(sends()).toBe(4);
		// The copy records the keys it was refused in its own row: after a restart it still refuses them.
		expect(rowValues(rowKey('wf-payouts-copy', 'node', 'node-under-test')).sort()).toEqual(
			range(4).map((i) => `key:order-${i}`),
		);
		forgetPayoutClaims();
		const afterRestart = await pay('wf-payouts-copy', 'order-2', 2);
		expect(outcomeOf(afterRestart)).toBe('alreadyAttempted');
		expect(sends()).toBe(4);
	});

	it('a second Withdrawal node of one workflow is held by the first, at once', async () => {
		const [first, second] = await Promise.all([
			pay('wf-two-nodes', 'payout-1', 1, { nodeId: 'withdraw-a' }),
			pay('wf-two-nodes', 'payout-1', 1, { nodeId: 'withdraw-b' }),
		]);
		expect([outcomeOf(first), outcomeOf(second)].sort()).toEqual(['alreadyAttempted', 'sent']);
		expect(sentTo(addressOf(1))).toBe(1);
	});

	it('a decline in one workflow binds an approval in another, and the first decision recorded holds at once', async () => {
		await pay('wf-asks', 'payout-d', 2, { decision: 'decline' });
		const approved = await pay('wf-other', 'payout-d', 2);
		expect(approved.items[0].json).toMatchObject({ outcome: 'declined' });
		const raced = await Promise.all(
			range(10).flatMap((i) => [
				pay('wf-a', `race-${i}`, 10 + i, { decision: 'decline' }),
				pay('wf-b', `race-${i}`, 10 + i),
			]),
		);
		for (const i of range(10)) {
			const [decline, send] = [raced[2 * i], raced[2 * i + 1]];
			const sent = sentTo(addressOf(10 + i));
			expect(sent).toBeLessThanOrEqual(1);
			if (sent === 1) expect(outcomeOf(decline)).toBe('alreadyAttempted');
			else expect([outcomeOf(decline), outcomeOf(send)]).toEqual(['declined', 'declined']);
		}
		expect(sentTo(addressOf(2))).toBe(0);
	});

	it("the default key (no Payout Key) is the wallet's too: another workflow does not send the same amount to the same address", async () => {
		const [a, b] = await Promise.all([
			withdraw('wf-default-a', { address: addressOf(30), amount: '0.3' }),
			withdraw('wf-default-b', { address: addressOf(30), amount: '0.30' }),
		]);
		expect([outcomeOf(a), outcomeOf(b)].sort()).toEqual(['alreadyAttempted', 'sent']);
		expect(sentTo(addressOf(30))).toBe(1);
	});

	it('a key refused by CoinRemitter is free again for every workflow', async () => {
		const tooMuch = { address: addressOf(40), amount: '999999', payoutKey: 'payout-r' };
		const refused = await withdraw('wf-r1', tooMuch);
		expect(String(refused.items[0].json.error)).toMatch(/CoinRemitter rejected a field/);
		const retried = await withdraw('wf-r2', { ...tooMuch, amount: '0.1' });
		expect(outcomeOf(retried)).toBe('sent');
	});

	it('another wallet (another credential) is another payout', async () => {
		await pay('wf-w', 'payout-w', 50);
		const other = await pay('wf-w2', 'payout-w', 51, { credentialId: 'second-wallet' });
		expect(outcomeOf(other)).toBe('sent');
	});

	it('after a restart, a node still refuses the keys it recorded or was refused; a workflow that never met a key does not know it (the limit the README states)', async () => {
		await pay('wf-before', 'payout-x', 60);
		await pay('wf-refused-once', 'payout-x', 60);
		forgetPayoutClaims(); // what an n8n restart does to this process's memory
		expect(outcomeOf(await pay('wf-never-met-it', 'payout-x', 60))).toBe('sent');
		forgetPayoutClaims();
		expect(outcomeOf(await pay('wf-before', 'payout-x', 60))).toBe('alreadyAttempted');
		expect(outcomeOf(await pay('wf-refused-once', 'payout-x', 60))).toBe('alreadyAttempted');
		// The node's refusal above is held again in this process: a workflow that never met it is refused now.
		expect(outcomeOf(await pay('wf-another', 'payout-x', 60))).toBe('alreadyAttempted');
		expect(sentTo(addressOf(60))).toBe(2);
	});

	it('a decline learned from another node is remembered by the refused node across a restart', async () => {
		await pay('wf-asks', 'payout-dl', 70, { decision: 'decline' });
		expect(outcomeOf(await pay('wf-pays-now', 'payout-dl', 70))).toBe('declined');
		forgetPayoutClaims();
		expect(outcomeOf(await pay('wf-pays-now', 'payout-dl', 70))).toBe('declined');
		expect(sentTo(addressOf(70))).toBe(0);
	});
});
