import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialTypeOf } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
import { readAnswer } from './approval/answer';
import type { AskedPayout } from './approval/askedPayout';
import { askedPayoutFor, askerOf, asksForApproval } from './approval/answerSource';
import type { ApprovalOutcome } from './approval/messages';
import { outcomeMessage } from './approval/messages';
import { endpoint, withdrawalFields } from './create.operation';
import { guardrailsFields, refusal, runsAsTool, withGuardrails } from './guardrails';
import { withdrawalOutcome } from './outcome';
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
			"Connect this node after a Send and Wait node (Slack, Email, Telegram...) that asked about a payout from Withdrawal → Create's Ask a Person output. Only a click on Approve sends it; Decline, no answer in time, or any other answer records a decline. Every outcome comes out as an item with a message for the person.",
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

type Result = { outcome: ApprovalOutcome; sent: boolean; why?: string; answer?: IDataObject };

/** The output item: the payout as shown, what became of it, and the message for the person. */
function resultItem(payout: AskedPayout, answer: string, result: Result): IDataObject {
	const sent = result.answer ?? {};
	return {
		sent: result.sent,
		outcome: result.outcome,
		answer,
		payoutKey: payout.payoutKey,
		address: payout.address,
		amount: payout.amount,
		coin: payout.coin,
		...(result.sent ? { id: sent.id, txid: sent.txid } : {}),
		...(result.why ? { error: result.why } : {}),
		message: outcomeMessage(result.outcome, payout, {
			id: sent.id,
			txid: sent.txid,
			why: result.why,
		}),
	};
}

/** What a failed send or decline means for the person (nothing thrown: every outcome is an item). */
function failedResult(error: unknown): Result {
	const why = (error as Error).message;
	const outcome = withdrawalOutcome(error);
	if (outcome === 'declined') return { outcome: 'declinedBefore', sent: false, why };
	if (outcome === 'alreadyAttempted' || outcome === 'waitingForPerson')
		return { outcome: 'alreadyAttempted', sent: false, why };
	if (outcome === 'unknown') return { outcome: 'unknown', sent: false, why };
	return { outcome: error instanceof NodeApiError ? 'notSent' : 'refused', sent: false, why };
}

export async function execute(this: IExecuteFunctions, item: ItemContext): Promise<IDataObject> {
	const { itemIndex } = item;
	if (runsAsTool(this))
		throw refusal(
			this,
			itemIndex,
			"Send Approved: a tool's call is not a person's answer, so nothing was sent",
			'Use Send Approved after a Send and Wait node in a workflow, not as a tool.',
		);
	const key = String(this.getNodeParameter('payoutKey', itemIndex, '') ?? '').trim();
	const nothingSent = (why: string) =>
		resultItem({ payoutKey: key, address: '', amount: '', coin: '' } as AskedPayout, 'none', {
			outcome: 'notWaiting',
			sent: false,
			why,
		});
	if (key === '')
		return nothingSent(
			"the Payout Key is empty: set it to the key of the payout asked about, for example {{ $('One payout to approve').first().json.payoutKey }}.",
		);
	const asked = await askedPayoutFor(this, itemIndex, key);
	if (typeof asked === 'string') return nothingSent(asked);
	if (asked.api !== item.api)
		return nothingSent(
			`it was asked about on the ${asked.api} interface, and this node uses ${item.api}: set API Version as on the asking node.`,
		);
	const asker = askerOf(this, itemIndex, key);
	if (typeof asker === 'string') return nothingSent(asker);
	const given = this.getInputData()[itemIndex]?.json;
	// Free text or a form is never a click on Approve.
	const answer = asksForApproval(asker)
		? readAnswer(given)
		: readAnswer(given) === 'timedOut'
			? 'timedOut'
			: 'notAnApproval';
	const payout: Payout = {
		key,
		credentialType: credentialTypeOf(item.api),
		address: asked.address,
		amount: asked.amount,
	};
	const result = await (answer === 'approved'
		? sendAsShown.call(this, item, payout, asked)
		: declineAsAnswered.call(this, itemIndex, payout, answer));
	return resultItem(asked, answer, result);
}

async function sendAsShown(
	this: IExecuteFunctions,
	item: ItemContext,
	payout: Payout,
	asked: AskedPayout,
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
		return { outcome: 'sent', sent: true, answer: sent };
	} catch (error) {
		return failedResult(error);
	}
}

async function declineAsAnswered(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	answer: string,
): Promise<Result> {
	try {
		await declineOnce.call(this, itemIndex, payout);
		return { outcome: answer as ApprovalOutcome, sent: false };
	} catch (error) {
		return failedResult(error);
	}
}
