import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialTypeOf } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredText } from '../validation';
import { readAnswer } from './approval/answer';
import type { AskedPayout } from './approval/askedPayout';
import { looksAsked, unsealed } from './approval/askedPayout';
import type { ApprovalOutcome } from './approval/messages';
import { outcomeMessage } from './approval/messages';
import { endpoint, withdrawalFields } from './create.operation';
import { guardrailsFields, refusal, runsAsTool, withGuardrails } from './guardrails';
import { withdrawalOutcome } from './outcome';
import type { Payout } from './payoutOnce';
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

/** The items the nodes before this one output in this execution, and this item. */
function itemsBefore(context: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const seen: IDataObject[] = [context.getInputData()[itemIndex]?.json ?? {}];
	const proxy = context.getWorkflowDataProxy(itemIndex);
	for (const { name } of context.getParentNodes(context.getNode().name)) {
		try {
			const items = (proxy.$(name) as { all(): Array<{ json: IDataObject }> }).all();
			for (const item of items) seen.push(item.json);
		} catch {
			// That node did not run in this execution.
		}
	}
	return seen;
}

/** The payout asked about under `key` that reached this execution, sealed by this wallet; or why not. */
async function askedPayoutFor(
	context: IExecuteFunctions,
	itemIndex: number,
	key: string,
): Promise<AskedPayout | string> {
	const candidates = itemsBefore(context, itemIndex).filter(
		(json) => looksAsked(json) && json.payoutKey === key,
	);
	if (candidates.length === 0)
		return `no payout waiting for a person under Payout Key "${key}" reached this execution. Send Approved sends only a payout that Withdrawal → Create (Ask a Person) asked about, from the item its Ask a Person output started this execution with.`;
	const payouts: AskedPayout[] = [];
	for (const json of candidates) {
		const payout = await unsealed(context, json, itemIndex);
		if (payout) payouts.push(payout);
	}
	const distinct = new Set(payouts.map((payout) => `${payout.address}\n${payout.amount}`));
	if (distinct.size === 1) return payouts[0];
	if (distinct.size > 1)
		return `two different payouts under Payout Key "${key}" reached this execution; a person decides one payout per execution.`;
	return `the payout under Payout Key "${key}" is not the one asked about on this wallet: it changed since the ask, or it was asked about with another wallet's credential.`;
}

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
	const key = requiredText(item.field, 'Payout Key', this.getNodeParameter('payoutKey', itemIndex));
	const answer = readAnswer(this.getInputData()[itemIndex]?.json);
	const asked = await askedPayoutFor(this, itemIndex, key);
	if (typeof asked === 'string') {
		const unknown = { payoutKey: key, address: '', amount: '', coin: '' } as AskedPayout;
		return resultItem(unknown, answer, { outcome: 'notWaiting', sent: false, why: asked });
	}
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
