// Decision: Decline records a payout's Payout Key as declined and sends nothing; the first decision
// recorded for a payout holds, also when an approval and a decline come at the same moment (n8n
// 1.x resumes one waiting execution once per link opened). Against a deduplication store that
// interleaves as n8n's does (test/helpers/deduplicationStore.ts).
import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { rowKey, rowValues } from '../../../../helpers/deduplicationStore';
import { editorParameters, shown } from '../../../../helpers/editor';
import { addressOf as addressIn, withdrawalRuns } from '../../../../helpers/withdrawals';
import { runNode } from '../../../../helpers/engine';
import {
	LTC,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { withdraw, sentTo } = withdrawalRuns(ctx);
const addressOf = (n: number) => addressIn(n, '8');
const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** One execution of Withdrawal → Create for one payout, with `decision` (send or decline). */
const decide = async (
	workflowId: string,
	decision: string,
	payoutKey: string,
	address = addressOf(0),
	amount = '1.5',
) => await withdraw(workflowId, { address, amount, payoutKey, decision });

const withdrawals = () =>
	ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');

describe('Decision: Decline', () => {
	it('sends nothing, says so, and a later approval of the same payout sends nothing', async () => {
		const declined = await decide('wf-decline', 'decline', 'payout-0103');
		expect(declined.items[0].json).toEqual({
			sent: false,
			decision: 'declined',
			payoutKey: 'payout-0103',
			address: addressOf(0),
			amount: '1.5',
		});
		expect(ctx.sim.requests).toHaveLength(0);
		const approved = await decide('wf-decline', 'send', 'payout-0103');
		expect(approved.items[0].json).toMatchObject({
			error: 'This payout was declined (Payout Key "payout-0103"), so it was not sent',
			outcome: 'declined',
		});
		expect(withdrawals()).toHaveLength(0);
	});

	it('after the payout was sent, a decline fails its item and says the payout went out', async () => {
		const sent = await decide('wf-late', 'send', 'payout-7');
		expect(sent.items[0].json.amount).toBe('1.50000000');
		const declined = await decide('wf-late', 'decline', 'payout-7');
		expect(declined.items[0].json).toMatchObject({
			error:
				'This payout was already sent, or started to be, before this decline (Payout Key "payout-7"): the decline changes nothing',
			outcome: 'alreadyAttempted',
		});
		expect(withdrawals()).toHaveLength(1);
	});

	it('declining twice gives the same answer twice and leaves one record', async () => {
		const [first, second] = await Promise.all([
			decide('wf-twice', 'decline', 'payout-9'),
			decide('wf-twice', 'decline', 'payout-9'),
		]);
		expect(first.items[0].json).toEqual(second.items[0].json);
		expect(first.items[0].json.sent).toBe(false);
		expect(rowValues(rowKey('wf-twice', 'node', 'node-under-test'))).toEqual(['declined:payout-9']);
	});

	it('takes "Decline" from an expression in any case, and declines on the legacy API alike', async () => {
		const shouting = await withdraw('wf-case', {
			address: addressOf(2),
			amount: '1',
			payoutKey: 'payout-case',
			decision: "={{ 'Decline' }}",
		});
		expect(shouting.items[0].json.decision).toBe('declined');
		const legacy = await withdraw(
			'wf-legacy',
			{
				apiVersion: 'legacy',
				address: addressOf(3),
				amount: '1',
				payoutKey: 'payout-legacy',
				decision: 'decline',
			},
			{ credentials: legacyCredentials(ctx.sim, 'LTC', LTC) },
		);
		expect(legacy.items[0].json).toMatchObject({ sent: false, decision: 'declined' });
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('needs a Payout Key, and records nothing without one', async () => {
		const result = await decide('wf-nokey', 'decline', '');
		expect(result.items[0].json.error).toBe('Payout Key: is required to decline a payout');
		expect(rowValues(rowKey('wf-nokey', 'node', 'node-under-test'))).toEqual([]);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('an expression that gives neither send nor decline sends nothing and names the field', async () => {
		const result = await decide('wf-unknown', '={{ $json.decision }}', 'payout-1');
		expect(result.items[0].json.error).toBe('Decision: "" is not one of send, decline');
		expect(withdrawals()).toHaveLength(0);
	});
});

describe('an approval and a decline of one payout at the same moment', () => {
	beforeEach(() => {
		ctx.sim.faults.delayMs = 20; // the gateway takes a moment: the executions overlap there too
	});

	it('20 payouts, each approved and declined at once: the first decision recorded holds for each', async () => {
		const outcomes = await Promise.all(
			range(20).map(async (i) => {
				const key = `race-${i}`;
				// Alternate which decision starts first, so that both orders are raced.
				const [a, b] = i % 2 ? (['send', 'decline'] as const) : (['decline', 'send'] as const);
				const runs = await Promise.all([
					decide('wf-race', a, key, addressOf(i)),
					decide('wf-race', b, key, addressOf(i)),
				]);
				const [send, decline] = (a === 'send' ? runs : [...runs].reverse()).map(
					(run) => run.items[0].json,
				);
				return { i, send, decline };
			}),
		);
		for (const { i, send, decline } of outcomes) {
			if (sentTo(addressOf(i)) === 1) {
				expect(send.amount).toBe('1.50000000');
				expect(decline.outcome).toBe('alreadyAttempted');
			} else {
				expect(sentTo(addressOf(i))).toBe(0);
				expect(decline.decision).toBe('declined');
				expect(send.outcome).toBe('declined');
			}
		}
		// Each payout is sent at most once, and none both sent and declined.
		expect(withdrawals().length).toBeLessThanOrEqual(20);
		expect(
			outcomes.filter(({ decline }) => decline.decision === 'declined').length +
				withdrawals().length,
		).toBe(20);
	});

	it('one execution holding the decline and then the approval of one payout sends nothing', async () => {
		const result = await withdraw(
			'wf-mixed',
			{
				address: addressOf(1),
				amount: '2',
				payoutKey: 'payout-mixed',
				decision: '={{ $json.decision }}',
			},
			{ items: [{ decision: 'decline' }, { decision: 'send' }] },
		);
		expect(result.items.map((item) => item.json.decision ?? item.json.outcome)).toEqual([
			'declined',
			'declined',
		]);
		expect(withdrawals()).toHaveLength(0);
	});
});

describe('Decision is version 1 only: one way to approve from version 2', () => {
	it('a version 1 node keeps Decision, set as an expression too: Decline still sends nothing', async () => {
		const run = await withdraw(
			'wf-v1-expression',
			{ address: addressOf(3), amount: '1', payoutKey: 'v1-expr', decision: '={{ "Decline" }}' },
			{ typeVersion: 1 },
		);
		expect(run.items[0].json).toMatchObject({ sent: false, decision: 'declined' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('a new (version 2) Withdrawal → Create shows no Decision, beside Ask a Person', () => {
		const { description } = new CoinRemitter();
		expect(description.defaultVersion).toBe(2);
		const decision = description.properties.find((property) => property.name === 'decision');
		expect(decision?.displayOptions?.show?.['@version']).toEqual([1]);
		const v2 = editorParameters(
			description,
			{ apiVersion: 'v1', resource: shown('Withdrawal'), operation: shown('Create') },
			2,
		);
		expect(v2).not.toHaveProperty('decision');
		expect(v2).toHaveProperty('askAPerson', 'never');
	});

	it('a version 2 node runs as its form shows: n8n drops a Decision it cannot show', async () => {
		const { description } = new CoinRemitter();
		const parameters = editorParameters(
			description,
			{
				apiVersion: 'v1',
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: addressOf(4),
				amount: '1',
				payoutKey: 'v2-pasted',
			},
			2,
		);
		const run = await runNode({
			parameters: { ...parameters, decision: 'decline' } as never,
			credentials: v1Credentials(ctx.sim),
			typeVersion: 2,
			continueOnFail: true,
		});
		expect(run.items[0].json).toMatchObject({ to_address: addressOf(4) });
		expect(withdrawals()).toHaveLength(1);
	});
});
