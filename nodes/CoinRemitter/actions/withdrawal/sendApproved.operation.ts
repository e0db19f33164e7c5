import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	NodeTypeAndVersion,
} from 'n8n-workflow';

import { credentialTypeOf } from '../../../shared/client';
import type { ItemContext, OperationFacts, OperationResult } from '../operation';
import { ToOutput } from '../operation';
import type { ReadAnswer } from './approval/answer';
import { readAnswer } from './approval/answer';
import {
	askedPayoutGiven,
	askerOf,
	askerOutput,
	asksForApproval,
	noAskedPayout,
} from './approval/answerSource';
import type { Approval } from './approval/approvers';
import { clickOf } from './approval/approvers';
import type { AskedPayout } from './approval/askedPayout';
import { askedPayoutItem, looksAsked } from './approval/askedPayout';
import type { Decision } from './approval/decide';
import { decide } from './approval/decide';
import { decisionOf, finalDecisionOf, keepDecision } from './approval/decisions';
import { secondAskMessage } from './approval/messages';
import type { Result } from './approval/result';
import { failedResult, resultItem } from './approval/result';
import { endpoint, withdrawalFields } from './create.operation';
import { guardrailsFields, refusal, runsAsTool, withGuardrails } from './guardrails';
import type { Payout } from './payout';
import { declineOnce, payOnce } from './payoutOnce';

export const option = {
	name: 'Send Approved',
	value: 'sendApproved',
	description:
		'Send a payout that Create asked a person about, only if the item is their click on Approve in a Send and Wait node: exactly what they were shown, once. Any other answer records a decline. Moves real funds.',
	action: 'Send a payout a person approved',
};

/** Like Create: one at a time, in input order. */
export const facts: OperationFacts = { apis: ['v1', 'legacy'], writes: true, oneAtATime: true };

export { endpoint };

export const properties: INodeProperties[] = [
	{
		displayName:
			'Connect this node after a Send and Wait node that asked about a payout from Withdrawal → Create\'s Ask a Person output. Only Approve sends it; any other answer records a decline. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#a-person-approves">More</a>',
		name: 'sendApprovedNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Payout Key',
		name: 'payoutKey',
		type: 'string',
		required: true,
		default: '',
		placeholder: "e.g. {{ $('One payout to approve').first().json.payoutKey }}",
		description:
			'The Payout Key of the payout the person was asked about. The node sends the payout as it was shown, found in this execution under this key; never an address or amount from the answer.',
	},
	...guardrailsFields,
];

/** The output of Send Approved that a payout needing a second person leaves on. */
const SECOND_PERSON_OUTPUT = 1;

/** The answer as this node reads it: free text or a form is never a click on Approve. */
function answerOf(
	context: IExecuteFunctions,
	itemIndex: number,
	asker: NodeTypeAndVersion,
): ReadAnswer {
	// The asked payout among what the node output: its time-out passed its input on, items beside
	// the payout included; none of them is a click. A click is n8n's one item.
	const output = askerOutput(context, itemIndex, asker);
	if (output.some(looksAsked)) return { answer: 'timedOut' };
	if (output.length !== 1) return { answer: 'notAnApproval' };
	const read = readAnswer(context.getInputData()[itemIndex]?.json);
	if (!asksForApproval(asker) && read.answer !== 'timedOut') return { answer: 'notAnApproval' };
	// n8n 1.x's link answer has no time: the time this node read it, once for every record of it.
	return read.respondedAt === undefined && clickOf(read, asker.name)
		? { ...read, respondedAt: new Date().toISOString() }
		: read;
}

/** The payout asked about under `key` and the Send and Wait node that answered, or why not. */
async function askedAndAsker(
	context: IExecuteFunctions,
	item: ItemContext,
	key: string,
): Promise<{ asked: AskedPayout; asker: NodeTypeAndVersion } | string> {
	if (key === '')
		return "the Payout Key is empty: set it to the key of the payout asked about, for example {{ $('One payout to approve').first().json.payoutKey }}.";
	const none = noAskedPayout(context, item.itemIndex, key);
	if (none) return none;
	const asker = askerOf(context);
	if (typeof asker === 'string') return asker;
	const asked = await askedPayoutGiven(context, item.itemIndex, key, asker);
	if (typeof asked === 'string') return asked;
	if (asked.api !== item.api)
		return `it was asked about on the ${asked.api} interface, and this node uses ${item.api}: set API Version as on the asking node.`;
	return { asked, asker };
}

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<OperationResult> {
	const { itemIndex } = item;
	if (runsAsTool(this))
		throw refusal(
			this,
			itemIndex,
			"Send Approved: a tool's call is not a person's answer, so nothing was sent",
			'Use Send Approved after a Send and Wait node in a workflow, not as a tool.',
		);
	const key = String(this.getNodeParameter('payoutKey', itemIndex, '') ?? '').trim();
	const found = await askedAndAsker(this, item, key);
	if (typeof found === 'string')
		return resultItem(
			{ payoutKey: key, address: '', amount: '', coin: '' } as AskedPayout,
			{ answer: 'notAnApproval' },
			{ outcome: 'notWaiting', sent: false, why: found },
		);
	const { asked, asker } = found;
	const read = answerOf(this, itemIndex, asker);
	const decision = decide(asked, read, asker);
	if (decision.act === 'askSecond') {
		// A payout sent or declined already asks no one: its record says who decided.
		const decided = finalDecisionOf(this, credentialTypeOf(item.api), key);
		if (!decided) return await askSecondPerson(this, item, asked, decision);
		const outcome = decided.outcome === 'sent' ? 'alreadyAttempted' : 'declinedBefore';
		const why = `it was ${decided.outcome === 'sent' ? 'sent' : 'declined'} before; no second person is asked.`;
		return resultItem(asked, read, { outcome, sent: false, why, decision: decided }, asker);
	}
	const payout: Payout = {
		key,
		credentialType: credentialTypeOf(item.api),
		address: asked.address,
		amount: asked.amount,
	};
	const result = await (decision.act === 'send'
		? sendAsShown.call(this, item, payout, asked, decision.approvals)
		: declineAsAnswered.call(this, itemIndex, payout, decision, answerApprovals(read, asker)));
	return resultItem(asked, read, withRecord(this, payout, result), asker);
}

/** The answer of a decline, kept with it: who declined, or nothing for a time-out. */
const answerApprovals = (read: ReadAnswer, asker: NodeTypeAndVersion): Approval[] => {
	const click = clickOf(read, asker.name);
	return click ? [click] : [];
};

/** Keeps who decided with a new decision; gives the kept record of an earlier one. */
function withRecord(context: IExecuteFunctions, payout: Payout, result: Result): Result {
	if (result.decidedBy)
		return {
			...result,
			decision: keepDecision(context, payout.credentialType, payout.key, {
				outcome: result.outcome,
				answers: result.decidedBy,
			}),
		};
	const earlier = decisionOf(context, payout.credentialType, payout.key);
	return earlier ? { ...result, decision: earlier } : result;
}

/** The payout, approved once of two, goes on to the second person, sealed with that approval. */
async function askSecondPerson(
	context: IExecuteFunctions,
	item: ItemContext,
	asked: AskedPayout,
	decision: Extract<Decision, { act: 'askSecond' }>,
): Promise<ToOutput> {
	const payout = { ...asked, approvals: decision.approvals };
	const reason = 'two different people must approve it';
	const json = await askedPayoutItem(context, payout, item.itemIndex, {
		reason,
		message: secondAskMessage(payout, reason),
	});
	keepDecision(context, credentialTypeOf(item.api), asked.payoutKey, {
		outcome: 'secondPersonAsked',
		answers: decision.approvals,
	});
	return new ToOutput(SECOND_PERSON_OUTPUT, json);
}

async function sendAsShown(
	this: IExecuteFunctions,
	item: ItemContext,
	payout: Payout,
	asked: AskedPayout,
	approvals: Approval[],
): Promise<Result> {
	try {
		const sent = (await withGuardrails.call(
			this,
			item.itemIndex,
			payout,
			async () =>
				await payOnce.call(
					this,
					item.itemIndex,
					payout,
					async () =>
						await item.send(endpoint, withdrawalFields(item.api, payout, asked.withdrawalSpeed)),
					{ approvedByPerson: true },
				),
		)) as IDataObject;
		return { outcome: 'sent', sent: true, answer: sent, approvals, decidedBy: approvals };
	} catch (error) {
		return failedResult(error);
	}
}

async function declineAsAnswered(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	decision: Extract<Decision, { act: 'decline' }>,
	answers: Approval[],
): Promise<Result> {
	try {
		await declineOnce.call(this, itemIndex, payout);
		return { outcome: decision.outcome, sent: false, why: decision.why, decidedBy: answers };
	} catch (error) {
		return failedResult(error);
	}
}
