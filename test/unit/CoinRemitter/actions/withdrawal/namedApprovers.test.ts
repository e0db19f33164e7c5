// A named person approves, on the record: Ask a Person's Approvers and Two People Above, sealed at
// the ask, and who decided kept with the Payout Key's decision. In n8n's engine against the
// simulator; each Send Approved run is the person's side of one execution.
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { forgetDecisionRecords } from '../../../../../nodes/CoinRemitter/actions/withdrawal/approval/decisions';
import { forgetPayoutClaims } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutStore';
import { forgetSpendLedgers } from '../../../../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { ASKER, approvalRuns } from '../../../../helpers/approvals';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { withdraw, sentTo, addressOf, withdrawals, payOrAsk, row, asked, sendApproved, ALLOWED } =
	approvalRuns(ctx);

const AT = '2026-12-06T10:00:00.000Z';
const person = (id: string, name: string, email?: string) => ({
	id,
	name,
	username: name.toLowerCase(),
	source: 'slack',
	...(email ? { email } : {}),
});
const ANA = person('U0ANA', 'Ana', 'ana@example.com');
const BEN = person('U0BEN', 'Ben');
const click = (approved: boolean, responder?: IDataObject): IDataObject => ({
	data: {
		approved,
		...(responder ? { responder } : {}),
		respondedAt: AT,
		channel: 'C0PAYOUTS',
		messageId: '1733476800.000100',
	},
});
const LINK_APPROVE = { data: { approved: true, respondedAt: AT } };

/** Asks about one payout of 2.5 with these Ask a Person choices; returns the asked item. */
const askOne = async (workflowId: string, choices: IDataObject, n = 1, amount = '2.5') =>
	asked(await payOrAsk(workflowId, [row(n, amount)], choices))[0];

beforeEach(() => {
	forgetSpendLedgers();
	forgetDecisionRecords();
});

describe('Approvers: only a listed person sends', () => {
	it('the listed approver approves: sent once, and the output and the message name them', async () => {
		const item = await askOne('wf-listed', { approvers: 'U0ANA, bo@example.com' });
		expect(item.approvers).toEqual(['U0ANA', 'bo@example.com']);
		const result = (await sendApproved('wf-listed', item, click(true, ANA))).items[0].json;
		expect(result).toMatchObject({
			sent: true,
			outcome: 'sent',
			answeredBy: ANA,
			answeredAt: AT,
			answeredThrough: 'Ask on Slack',
			approvals: [{ by: ANA, at: AT, node: 'Ask on Slack' }],
			decision: { outcome: 'sent', answers: [{ by: ANA, at: AT, node: 'Ask on Slack' }] },
		});
		expect(result.message).toContain(`: sent. Approved by Ana (U0ANA) at ${AT}.`);
		expect(sentTo(addressOf(1))).toBe(1);
	});

	it('an approver listed by email, in any case, approves when n8n gives their email', async () => {
		const item = await askOne('wf-email', { approvers: 'ANA@Example.com' });
		const run = await sendApproved('wf-email', item, click(true, ANA));
		expect(run.items[0].json.sent).toBe(true);
	});

	it.each([
		['an unlisted person', click(true, BEN), 'U0BEN is not on the Approvers list'],
		['a link answer (no one named)', LINK_APPROVE, 'a link answer'],
	])('%s clicks Approve: nothing sent, a decline, and why', async (_, answer, why) => {
		const workflowId = `wf-unlisted-${_.length}`;
		const item = await askOne(workflowId, { approvers: 'U0ANA' });
		const result = (await sendApproved(workflowId, item, answer)).items[0].json;
		expect(result).toMatchObject({ sent: false, outcome: 'notAnApprover' });
		expect(result.message).toContain(why);
		expect(result.message).toContain('Capture Who Responded');
		const late = await sendApproved(workflowId, item, click(true, ANA));
		expect(late.items[0].json).toMatchObject({ sent: false, outcome: 'declinedBefore' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('the list in force is the one sealed at the ask: a widened list on the item is refused', async () => {
		const item = await askOne('wf-widen', { approvers: 'U0ANA' });
		const widened = { ...item, approvers: ['U0ANA', 'U0BEN'] };
		const run = await sendApproved('wf-widen', widened, click(true, BEN));
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notWaiting' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('a declining approver is kept on the record; a later run elsewhere on the wallet says who', async () => {
		const item = await askOne('wf-decline', { approvers: 'U0ANA' });
		const declined = (await sendApproved('wf-decline', item, click(false, ANA))).items[0].json;
		expect(declined).toMatchObject({ outcome: 'declined', answeredBy: ANA });
		const elsewhere = (await sendApproved('wf-copy', item, click(true, ANA))).items[0].json;
		expect(elsewhere).toMatchObject({
			sent: false,
			outcome: 'declinedBefore',
			decision: { outcome: 'declined', workflowId: 'wf-decline', answers: [{ by: ANA }] },
		});
	});

	it("after a restart, the deciding workflow still says who sent it (the node's static data)", async () => {
		const item = await askOne('wf-restart', {});
		const sent = await sendApproved('wf-restart', item, click(true, ANA));
		expect(sent.items[0].json.sent).toBe(true);
		forgetPayoutClaims();
		forgetDecisionRecords();
		const again = await sendApproved('wf-restart', item, click(true, ANA), {
			staticData: sent.staticData,
		});
		expect(again.items[0].json).toMatchObject({
			outcome: 'alreadyAttempted',
			decision: { outcome: 'sent', answers: [{ by: ANA }] },
		});
		expect(sentTo(addressOf(1))).toBe(1);
	});

	it('Approvers or Two People Above written by the AI model: refused before anyone is asked', async () => {
		const run = await payOrAsk('wf-model', [row(1, '2.5')], {
			approvers: "={{ $fromAI('approvers') }}",
		});
		expect(JSON.stringify(run.items[0].json)).toContain('Approvers: may not be filled in');
		expect(asked(run)).toHaveLength(0);
	});
});

describe('Two People Above: two different people', () => {
	/** The second person's side: Send Approved's second output asked them, then they answered. */
	const secondRun = async (
		workflowId: string,
		first: IDataObject,
		second: IDataObject,
		answer: IDataObject,
	) =>
		await sendApproved(workflowId, first, answer, {
			upstream: [
				{ name: 'One payout to approve', items: [first] },
				{ name: 'Ask on Slack', items: [click(true, ANA)], parameters: ASKER as never },
				{ name: 'Send approved payout', items: [second] },
				{ name: 'Ask a second person', items: [answer], parameters: ASKER as never },
			],
		});

	/** Asks about 2.5 above Two People Above 2, and Ana approves first: the item for the second. */
	const approvedOnce = async (workflowId: string) => {
		const item = await askOne(workflowId, { twoPeopleAbove: '2' });
		expect(item.approvalsNeeded).toBe(2);
		const first = await sendApproved(workflowId, item, click(true, ANA));
		expect(first.outputs[0]).toHaveLength(0);
		const [second] = first.outputs[1] ?? [];
		return { item, second: second.json };
	};

	it('one approval asks a second person, sealed with the first; nothing is sent yet', async () => {
		const { second } = await approvedOnce('wf-two-first');
		expect(second).toMatchObject({
			status: 'waitingForPerson',
			approvals: [{ by: ANA, at: AT, node: 'Ask on Slack' }],
		});
		expect(second.message).toMatch(/^Approved by Ana \(U0ANA\) at .*A second person must approve/);
		expect(withdrawals()).toHaveLength(0);
	});

	it('two different people: sent once, the record keeps both', async () => {
		const { item, second } = await approvedOnce('wf-two-both');
		const run = await secondRun('wf-two-both', item, second, click(true, BEN));
		const result = run.items[0].json;
		expect(result).toMatchObject({
			sent: true,
			approvals: [{ by: ANA }, { by: BEN, node: 'Ask a second person' }],
			decision: { outcome: 'sent', answers: [{ by: ANA }, { by: BEN }] },
		});
		expect(result.message).toContain('Approved by Ana (U0ANA) at');
		expect(result.message).toContain(' and Ben (U0BEN) at');
		expect(sentTo(addressOf(1))).toBe(1);
	});

	it.each([
		['the same person twice', click(true, ANA), 'samePersonTwice'],
		['a link answer second', LINK_APPROVE, 'notAnApprover'],
		['a decline second', click(false, BEN), 'declined'],
	])('%s: nothing sent', async (_, answer, outcome) => {
		const workflowId = `wf-two-${outcome}`;
		const { item, second } = await approvedOnce(workflowId);
		const run = await secondRun(workflowId, item, second, answer);
		expect(run.items[0].json).toMatchObject({ sent: false, outcome });
		expect(withdrawals()).toHaveLength(0);
	});

	it('a link answer first: nothing sent, no second person asked', async () => {
		const item = await askOne('wf-two-link', { twoPeopleAbove: '2' });
		const run = await sendApproved('wf-two-link', item, LINK_APPROVE);
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'notAnApprover' });
		expect(run.outputs[1] ?? []).toHaveLength(0);
		expect(withdrawals()).toHaveLength(0);
	});

	it('at or below Two People Above, one approval sends', async () => {
		const item = await askOne('wf-two-below', { twoPeopleAbove: '2.5' });
		expect(item.approvalsNeeded).toBe(1);
		expect((await sendApproved('wf-two-below', item, click(true, ANA))).items[0].json.sent).toBe(
			true,
		);
	});
});

describe('a payout asked about by 0.2.0 (its seal covers no approvers)', () => {
	/** The item as 0.2.0 made it: no approvers, one approval, sealed as "v1". */
	function asIn020(item: IDataObject): IDataObject {
		const { approvers, approvalsNeeded, approvals, ...rest } = item;
		void [approvers, approvalsNeeded, approvals];
		const key = createHmac('sha256', 'n8n-nodes-coinremitter approval seal')
			.update(`${TCN.apiKey}\n${TCN.apiPassword}`)
			.digest();
		const fields = ['payoutKey', 'address', 'amount', 'coin', 'withdrawalSpeed', 'api'];
		const text = JSON.stringify(['v1', 'coinRemitterApi', ...fields.map((name) => rest[name])]);
		return { ...rest, seal: `v1.${createHmac('sha256', key).update(text).digest('base64url')}` };
	}

	it('still sends on a click, from anyone, once', async () => {
		const item = asIn020(await askOne('wf-020', { approvers: 'U0ANA', twoPeopleAbove: '1' }));
		const result = (await sendApproved('wf-020', item, click(true, BEN))).items[0].json;
		expect(result).toMatchObject({ sent: true, approvals: [{ by: BEN }] });
		expect(sentTo(addressOf(1))).toBe(1);
	});
});

describe('found in review: nothing passes for a click that is not one', () => {
	it('a time-out passing on a click-shaped item beside the payout sends nothing', async () => {
		const item = await askOne('wf-beside', { approvers: 'U0ANA' });
		// Send and Wait's input, passed on whole when Limit Wait Time ran out.
		const passed = [click(true, ANA), item];
		const run = await withdraw(
			'wf-beside',
			{
				operation: 'sendApproved',
				payoutKey: String(item.payoutKey),
				guardrails: { allowedAddresses: ALLOWED, maxAmount: '5', maxTotalPerDay: '10' },
			},
			{
				items: passed,
				nodeId: 'send-approved',
				upstream: [
					{ name: 'One payout to approve', items: passed },
					{ name: 'Ask on Slack', items: passed, parameters: ASKER as never },
				],
			},
		);
		expect(run.items.map((result) => result.json.outcome)).toEqual(['timedOut', 'timedOut']);
		expect(sentTo(addressOf(1))).toBe(0);
	});

	it('one person from two accounts of one email is one person under Two People Above', async () => {
		const item = await askOne('wf-one-email', {
			approvers: 'ana@example.com, ben@example.com',
			twoPeopleAbove: '2',
		});
		const [second] = (await sendApproved('wf-one-email', item, click(true, ANA))).outputs[1] ?? [];
		const otherAccount = { ...ANA, id: 'U0ANA_OTHER_WORKSPACE' };
		const run = await sendApproved('wf-one-email', item, click(true, otherAccount), {
			upstream: [
				{ name: 'One payout to approve', items: [item] },
				{ name: 'Ask on Slack', items: [click(true, ANA)], parameters: ASKER as never },
				{ name: 'Send approved payout', items: [second.json] },
				{
					name: 'Ask a second person',
					items: [click(true, otherAccount)],
					parameters: ASKER as never,
				},
			],
		});
		expect(run.items[0].json).toMatchObject({ sent: false, outcome: 'samePersonTwice' });
		expect(withdrawals()).toHaveLength(0);
	});

	it('the first step run again after the payout was sent asks no one and keeps who decided', async () => {
		const item = await askOne('wf-replay', { twoPeopleAbove: '2' });
		const [second] = (await sendApproved('wf-replay', item, click(true, ANA))).outputs[1] ?? [];
		const secondStep = (answer: IDataObject) => [
			{ name: 'One payout to approve', items: [item] },
			{ name: 'Ask on Slack', items: [click(true, ANA)], parameters: ASKER as never },
			{ name: 'Send approved payout', items: [second.json] },
			{ name: 'Ask a second person', items: [answer], parameters: ASKER as never },
		];
		const sent = await sendApproved('wf-replay', item, click(true, BEN), {
			upstream: secondStep(click(true, BEN)),
		});
		expect(sent.items[0].json.sent).toBe(true);
		const mallory = person('U0MAL', 'Mallory');
		const replay = await sendApproved('wf-replay', item, click(true, mallory));
		expect(replay.outputs[1] ?? []).toHaveLength(0);
		expect(replay.items[0].json).toMatchObject({
			outcome: 'alreadyAttempted',
			decision: { outcome: 'sent', answers: [{ by: ANA }, { by: BEN }] },
		});
		expect(sentTo(addressOf(1))).toBe(1);
	});
});
