// Ask a Person (Withdrawal → Create) and Send Approved, in n8n's engine against the simulator and a
// deduplication store that interleaves as n8n's does. A payout above a no-person limit leaves on the
// Ask a Person output, sealed; Send Approved sends exactly that payout, once, and only on n8n's exact
// approval shape; every other answer records a decline. Each outcome says so in `message`.
import type { IDataObject } from 'n8n-workflow';

import { forgetPayoutClaims } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutStore';
import { forgetSpendLedgers } from '../../../../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { rowKey, rowValues } from '../../../../helpers/deduplicationStore';
import { ASKER, approvalRuns } from '../../../../helpers/approvals';
import { useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const {
	withdraw,
	sentTo,
	addressOf,
	withdrawals,
	ALLOWED,
	payOrAsk,
	row,
	asked,
	sentItems,
	sendApproved,
} = approvalRuns(ctx);

const APPROVE = { data: { approved: true } };
const DECLINE = { data: { approved: false } };

beforeEach(() => forgetSpendLedgers());

describe('Withdrawal → Create with Ask a Person', () => {
	it('sends what is within the no-person limits and asks about the rest, sealed, with a message', async () => {
		const run = await payOrAsk('wf-ask', [row(0, '0.5'), row(1, '2.5'), row(2, '1')]);
		expect(sentItems(run).map((json) => json.to_address)).toEqual([addressOf(0), addressOf(2)]);
		const [item] = asked(run);
		expect(item).toMatchObject({
			status: 'waitingForPerson',
			payoutKey: 'payout-1',
			address: addressOf(1),
			amount: '2.5',
			coin: 'TCN',
			api: 'v1',
			reason: 'it is above Sent With No Person → Most per Payout (1)',
		});
		expect(item.seal).toMatch(/^v2\./);
		expect(item.message).toMatch(new RegExp(`^Send 2\\.5 TCN to ${addressOf(1)} from the wallet `));
		expect(item.message).toContain('Payout Key "payout-1"');
		expect(item.message).toContain('from the wallet');
		expect(sentTo(addressOf(1))).toBe(0);
		expect(rowValues(rowKey('wf-ask', 'node', 'pay-or-ask'))).toContain('asked:payout-1');
		expect(run.outputs[1]?.[0].pairedItem).toEqual({ item: 1 });
	});

	it("reads the wallet's coin once per run, however many payouts it asks about", async () => {
		const run = await payOrAsk('wf-one-read', [row(1, '2'), row(2, '3'), row(3, '4')]);
		expect(asked(run)).toHaveLength(3);
		expect(
			ctx.sim.requests.filter((request) => request.path === '/v1/wallet/balance'),
		).toHaveLength(1);
	});

	it('CoinRemitter under maintenance while the wallet is read: not sent, and nothing stays asked', async () => {
		ctx.sim.faults.maintenance = true;
		const down = await payOrAsk('wf-read-down', [row(2, '2.5')]);
		ctx.sim.faults.maintenance = false;
		expect(asked(down)).toHaveLength(0);
		expect(sentItems(down)[0]).toMatchObject({ outcome: 'notSent' });
		const later = await payOrAsk('wf-read-down', [row(2, '2.5')]);
		expect(asked(later).map((json) => json.payoutKey)).toEqual(['payout-2']);
	});

	it('3 × 0.9 under a no-person total of 2 per execution: two sent, the third asked about', async () => {
		const run = await payOrAsk('wf-total', [row(0, '0.9'), row(1, '0.9'), row(2, '0.9')]);
		expect(sentItems(run)).toHaveLength(2);
		expect(asked(run).map((json) => json.payoutKey)).toEqual(['payout-2']);
		expect(asked(run)[0].reason).toBe(
			"it brings this execution's total to 2.7 above Sent With No Person → Most per Execution (2)",
		);
	});

	it('past the no-person day total, a later execution asks instead of sending', async () => {
		await payOrAsk('wf-day', [row(0, '1'), row(1, '1')]);
		const later = await payOrAsk('wf-day', [row(2, '1'), row(3, '0.5')]);
		expect(sentItems(later).map((json) => json.to_address)).toEqual([addressOf(2)]);
		expect(asked(later)[0]).toMatchObject({ payoutKey: 'payout-3' });
		expect(String(asked(later)[0].reason)).toContain('Most per Day (3)');
	});

	it("a row's own fields never reach the asked item (an approval it carries included)", async () => {
		const run = await payOrAsk('wf-fields', [
			{ ...row(1, '2'), data: { approved: true }, approved: true, note: 'x' },
		]);
		const [item] = asked(run);
		expect(item.data).toBeUndefined();
		expect(item.approved).toBeUndefined();
		expect(item.note).toBeUndefined();
	});

	it('the guardrails still refuse before anyone is asked', async () => {
		const run = await payOrAsk('wf-refuse', [row(9, '2'), row(1, '6')]);
		expect(asked(run)).toHaveLength(0);
		expect(sentItems(run).map((json) => json.error)).toEqual([
			expect.stringContaining('Allowed Addresses'),
			expect.stringContaining('Maximum Amount'),
		]);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('needs a Payout Key to ask, and names a no-person limit that is set but unusable', async () => {
		const noKey = await payOrAsk('wf-nokey', [row(1, '2', '')]);
		expect(sentItems(noKey)[0].error).toBe('Payout Key: is required to ask a person');
		const bad = await payOrAsk('wf-bad', [row(1, '0.5')], {
			noPersonLimits: { maxAmount: '={{ $json.limit }}' },
		});
		expect(String(sentItems(bad)[0].error)).toContain('Sent With No Person → Most per Payout');
		expect(withdrawals()).toHaveLength(0);
	});

	it('a key waiting for a person is neither asked about again nor sent by any node of the wallet', async () => {
		await payOrAsk('wf-wait', [row(1, '2')]);
		const again = await payOrAsk('wf-wait', [row(1, '2')]);
		expect(sentItems(again)[0]).toMatchObject({ outcome: 'waitingForPerson' });
		const direct = await withdraw('wf-other', {
			address: addressOf(1),
			amount: '0.5',
			payoutKey: 'payout-1',
		});
		expect(direct.items[0].json).toMatchObject({ outcome: 'waitingForPerson' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('returns a second output only when a payout leaves on it', async () => {
		const plain = await withdraw('wf-plain', {
			address: addressOf(0),
			amount: '0.5',
			payoutKey: 'p-0',
		});
		expect(plain.outputs).toHaveLength(1);
		const asked = await payOrAsk('wf-two', [row(0, '0.5'), row(1, '2.5')]);
		expect(asked.outputs).toHaveLength(2);
		expect(asked.outputs[1]).toHaveLength(1);
	});
});

describe('Withdrawal → Send Approved', () => {
	const askOne = async (workflowId: string, n = 1, amount = '2.5') =>
		asked(await payOrAsk(workflowId, [row(n, amount)]))[0];

	it('on a click on Approve, sends exactly the payout shown, once, and says so', async () => {
		const item = await askOne('wf-approve');
		const run = await sendApproved('wf-approve', item, APPROVE);
		const result = run.items[0].json;
		expect(result).toMatchObject({
			sent: true,
			outcome: 'sent',
			answer: 'approved',
			payoutKey: 'payout-1',
			address: addressOf(1),
			amount: '2.5',
			coin: 'TCN',
		});
		expect(result.message).toBe(
			`2.5 TCN to ${addressOf(1)} (Payout Key "payout-1"): sent. Approved by whoever opened the link at ${String(result.answeredAt)}. CoinRemitter transaction id ${String(result.id)}, blockchain txid ${String(result.txid)}.`,
		);
		expect(withdrawals().map((request) => request.fields)).toEqual([
			{ address: addressOf(1), amount: '2.5' },
		]);
		const twice = await sendApproved('wf-approve', item, APPROVE);
		expect(twice.items[0].json).toMatchObject({ sent: false, outcome: 'alreadyAttempted' });
		expect(String(twice.items[0].json.message)).toContain('not sent now');
		expect(withdrawals()).toHaveLength(1);
	});

	it.each([
		['Decline', DECLINE, 'declined', 'declined. Nothing was sent'],
		[
			'no answer in time (the asked item passed on)',
			undefined,
			'timedOut',
			'no answer came in time',
		],
		['free text', { data: { text: 'yes please' } }, 'notAnApproval', 'not a click on Approve'],
		['a custom form', { data: { Approve: 'yes' } }, 'notAnApproval', 'not a click on Approve'],
	])(
		'%s: sends nothing, records a decline, and a later approval sends nothing',
		async (_, answer, outcome, words) => {
			const item = await askOne(`wf-${outcome}-${String(_).length}`);
			const workflowId = `wf-${outcome}-${String(_).length}`;
			const run = await sendApproved(workflowId, item, (answer as IDataObject) ?? item);
			expect(run.items[0].json).toMatchObject({ sent: false, outcome });
			expect(String(run.items[0].json.message)).toContain(words);
			const late = await sendApproved(workflowId, item, APPROVE);
			expect(late.items[0].json).toMatchObject({ sent: false, outcome: 'declinedBefore' });
			expect(withdrawals()).toHaveLength(0);
		},
	);

	it.each([
		['approved as text', { data: { approved: 'true' } }],
		['approved with more beside it', { data: { approved: true }, extra: 1 }],
		['approved with more inside', { data: { approved: true, text: 'ok' } }],
		['approved at the top', { approved: true }],
		['data as a list', { data: [{ approved: true }] }],
		['empty', {}],
		['the asked item carrying an approval', 'asked+data'],
	])('a hostile shape (%s) is not an approval: nothing sent', async (name, answer) => {
		const workflowId = `wf-hostile-${name.length}`;
		const item = await askOne(workflowId);
		const given = answer === 'asked+data' ? { ...item, data: { approved: true } } : answer;
		const run = await sendApproved(workflowId, item, given as IDataObject);
		expect(run.items[0].json.sent).toBe(false);
		expect(withdrawals()).toHaveLength(0);
	});

	it('a payout changed since the ask, another wallet, or no ask at all: nothing sent, and why', async () => {
		const item = await askOne('wf-tamper');
		const changed = await sendApproved('wf-tamper', { ...item, amount: '4.5' }, APPROVE);
		expect(changed.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(String(changed.items[0].json.message)).toContain('changed since the ask');
		const moved = await sendApproved('wf-tamper', { ...item, address: addressOf(2) }, APPROVE);
		expect(moved.items[0].json.outcome).toBe('notWaiting');
		const otherWallet = await sendApproved('wf-tamper', item, APPROVE, {
			credentialId: 'wallet-b',
		});
		expect(otherWallet.items[0].json.outcome).toBe('notWaiting');
		const neverAsked = await sendApproved('wf-tamper', item, APPROVE, { payoutKey: 'payout-77' });
		expect(String(neverAsked.items[0].json.message)).toContain('no payout waiting for a person');
		expect(withdrawals()).toHaveLength(0);
		// The real one still goes, once.
		expect((await sendApproved('wf-tamper', item, APPROVE)).items[0].json.sent).toBe(true);
	});

	it('after an n8n restart while waiting, the click sends exactly what was shown, once', async () => {
		const item = await askOne('wf-restart');
		forgetPayoutClaims();
		forgetSpendLedgers();
		const run = await sendApproved('wf-restart', item, APPROVE);
		expect(run.items[0].json).toMatchObject({ sent: true, amount: '2.5', address: addressOf(1) });
		forgetPayoutClaims();
		const again = await sendApproved('wf-restart', item, APPROVE);
		expect(again.items[0].json.outcome).toBe('alreadyAttempted');
		expect(sentTo(addressOf(1))).toBe(1);
	});

	it('20 payouts, each approved and declined at once, and each approval link opened twice: at most one send each', async () => {
		const items = asked(
			await payOrAsk(
				'wf-race',
				Array.from({ length: 20 }, (_, n) => row(n % 6, '1.5', `race-${n}`)),
				{ guardrails: { allowedAddresses: ALLOWED, maxAmount: '5' } },
			),
		);
		expect(items).toHaveLength(20);
		ctx.sim.faults.delayMs = 10;
		const results = await Promise.all(
			items.map(async (item, n) => {
				const answers = n % 2 ? [APPROVE, DECLINE, APPROVE] : [DECLINE, APPROVE, APPROVE];
				const runs = await Promise.all(
					answers.map(async (answer) => await sendApproved('wf-race', item, answer)),
				);
				return runs.map((run) => run.items[0].json);
			}),
		);
		for (const runs of results) {
			const sends = runs.filter((json) => json.sent === true);
			expect(sends.length).toBeLessThanOrEqual(1);
			const declined = runs.some((json) => json.outcome === 'declined');
			// The first decision recorded holds: either it was sent and the decline changed nothing, or
			// it was declined and nothing was sent.
			expect(declined).toBe(sends.length === 0);
		}
		const sendsPerKey = results.map((runs) => runs.filter((json) => json.sent === true).length);
		expect(withdrawals()).toHaveLength(sendsPerKey.reduce((a, b) => a + b, 0));
	});

	it('a copy of the workflow, given the same asked payout, pays nothing the original paid', async () => {
		const item = await askOne('wf-original');
		expect((await sendApproved('wf-original', item, APPROVE)).items[0].json.sent).toBe(true);
		const copy = await sendApproved('wf-copy', item, APPROVE);
		expect(copy.items[0].json).toMatchObject({ sent: false, outcome: 'alreadyAttempted' });
		expect(withdrawals()).toHaveLength(1);
	});

	it("the approved payout still passes Send Approved's own guardrails", async () => {
		const item = await askOne('wf-guard', 1, '4');
		const run = await withdraw(
			'wf-guard',
			{ operation: 'sendApproved', payoutKey: 'payout-1', guardrails: { maxAmount: '3' } },
			{
				items: [APPROVE],
				nodeId: 'send-approved',
				upstream: [
					{ name: 'One payout to approve', items: [item] },
					{ name: 'Ask by email', items: [APPROVE], parameters: ASKER },
				],
			},
		);
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'refused' });
		expect(String(run.items[0].json.message)).toContain('Maximum Amount');
		expect(withdrawals()).toHaveLength(0);
	});

	it('credentials never appear in what it outputs', async () => {
		const item = await askOne('wf-secret');
		const run = await sendApproved('wf-secret', item, APPROVE);
		const text = JSON.stringify([item, run.items]);
		const { coinRemitterApi } = v1Credentials(ctx.sim);
		expect(text).not.toContain(String(coinRemitterApi.apiPassword));
		expect(text).not.toContain(String(coinRemitterApi.apiKey));
	});
});

describe('only the click of the person shown the payout decides it', () => {
	const askTwo = async (workflowId: string) =>
		asked(await payOrAsk(workflowId, [row(1, '2', 'shown'), row(2, '4.5', 'other')]));

	it('two payouts reaching one execution (Execute Workflow not run once per item): nothing sent, nothing declined', async () => {
		const [shown, other] = await askTwo('wf-two-keys');
		const run = await sendApproved('wf-two-keys', shown, APPROVE, {
			payoutKey: 'other',
			upstream: [
				{ name: 'One payout to approve', items: [shown, other] },
				{ name: 'Ask on Slack', items: [APPROVE], parameters: ASKER },
			],
		});
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(String(run.items[0].json.message)).toContain('Run once for each item');
		expect(withdrawals()).toHaveLength(0);
		expect((await sendApproved('wf-two-keys', other, APPROVE)).items[0].json.sent).toBe(true);
	});

	it("a second approver's time-out passing the first one's click on is not an approval", async () => {
		const [item] = await askTwo('wf-chain');
		const run = await sendApproved('wf-chain', item, APPROVE, {
			upstream: [
				{ name: 'One payout to approve', items: [item] },
				{ name: 'Approver 1', items: [APPROVE], parameters: ASKER },
				{ name: 'Approver 2', items: [APPROVE], parameters: ASKER },
			],
		});
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('an approval made by another node (a Set node, an HTTP answer) is not an approval', async () => {
		const [item] = await askTwo('wf-made');
		const run = await sendApproved('wf-made', item, APPROVE, { asker: {} });
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(String(run.items[0].json.message)).toContain('did not come from a Send and Wait node');
		expect(withdrawals()).toHaveLength(0);
	});

	it("n8n 2.x's approval (with respondedAt) sends; a Free Text or Custom Form answer never does", async () => {
		const [item, other] = await askTwo('wf-shapes');
		const form = { operation: 'sendAndWait', responseType: 'customForm' };
		const formed = await sendApproved('wf-shapes', other, APPROVE, { asker: form });
		expect(formed.items[0].json).toMatchObject({ sent: false, outcome: 'notAnApproval' });
		const badTime = { data: { approved: true, respondedAt: 1 } };
		expect((await sendApproved('wf-shapes', item, badTime)).items[0].json.sent).toBe(false);
		expect(withdrawals()).toHaveLength(0);
		const withTime = { data: { approved: true, respondedAt: '2026-12-05T21:00:00.000Z' } };
		const [fresh] = asked(await payOrAsk('wf-shapes-2', [row(3, '2', 'timed')]));
		expect((await sendApproved('wf-shapes-2', fresh, withTime)).items[0].json.sent).toBe(true);
	});

	it('an empty Payout Key (an expression reading a missing field) outputs why, and sends nothing', async () => {
		const [item] = await askTwo('wf-empty');
		// The answer has no payoutKey: the expression gives nothing.
		const run = await sendApproved('wf-empty', item, APPROVE, {
			payoutKey: '={{ $json.payoutKey }}',
		});
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(String(run.items[0].json.message)).toContain('the Payout Key is empty');
	});
});

describe('Ask a Person: what it refuses before anyone is asked', () => {
	it("Create's own day guardrail refuses a payout before it would go to a person", async () => {
		const guard = { allowedAddresses: ALLOWED, maxAmount: '5', maxTotalPerDay: '5' };
		const limits = { maxAmount: '1' };
		await payOrAsk('wf-day-guard', [row(0, '1'), row(1, '1'), row(2, '1')], {
			guardrails: guard,
			noPersonLimits: { maxAmount: '1', maxTotalPerExecution: '10', maxTotalPerDay: '10' },
		});
		const run = await payOrAsk('wf-day-guard', [row(3, '3')], {
			guardrails: guard,
			noPersonLimits: limits,
		});
		expect(asked(run)).toHaveLength(0);
		expect(String(sentItems(run)[0].error)).toContain('Maximum Total per Day');
	});

	it('a Payout Key or address that would not show as written is refused', async () => {
		const key = await payOrAsk('wf-show', [row(1, '2', 'r-77: send 0.01 TCN. Approve?\n\nreal')]);
		expect(String(sentItems(key)[0].error)).toContain('Payout Key: cannot be shown to a person');
		const address = await payOrAsk(
			'wf-show',
			[{ ...row(1, '2', 'p-ok'), address: `${addressOf(1)}\nT9xFake` }],
			{
				guardrails: { maxAmount: '5' },
			},
		);
		expect(asked(address)).toHaveLength(0);
		expect(withdrawals()).toHaveLength(0);
	});

	it('a no-person limit the AI model fills in is refused', async () => {
		const run = await payOrAsk('wf-model', [row(1, '2')], {
			noPersonLimits: { maxAmount: "={{ $fromAI('limit') }}" },
		});
		expect(String(sentItems(run)[0].error)).toContain('Sent With No Person: may not be filled in');
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
