import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IWorkflowDataProxyData,
	NodeTypeAndVersion,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialTypeOf } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
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

/** What node `name` output in this execution ([] if it did not run). */
function outputOf(proxy: IWorkflowDataProxyData, name: string): IDataObject[] {
	try {
		return (proxy.$(name) as { all(): Array<{ json: IDataObject }> })
			.all()
			.map((item) => item.json);
	} catch {
		return [];
	}
}

/** The items the nodes before this one output in this execution, and this item. */
function itemsBefore(context: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const proxy = context.getWorkflowDataProxy(itemIndex);
	return [
		context.getInputData()[itemIndex]?.json ?? {},
		...context.getParentNodes(context.getNode().name).flatMap(({ name }) => outputOf(proxy, name)),
	];
}

/** The payout asked about under `key` that reached this execution, sealed by this wallet; or why not. */
async function askedPayoutFor(
	context: IExecuteFunctions,
	itemIndex: number,
	key: string,
): Promise<AskedPayout | string> {
	const asked = itemsBefore(context, itemIndex).filter(looksAsked);
	const keys = new Set(asked.map((json) => json.payoutKey));
	if (keys.size > 1)
		return `payouts under ${keys.size} Payout Keys reached this execution, and a person's answer decides one. Run the asking workflow once for each payout (Execute Workflow: Run once for each item).`;
	const candidates = asked.filter((json) => json.payoutKey === key);
	if (candidates.length === 0)
		return `no payout waiting for a person under Payout Key "${key}" reached this execution. Send Approved sends only a payout that Withdrawal → Create (Ask a Person) asked about, from the item its Ask a Person output started this execution with.`;
	const payouts: AskedPayout[] = [];
	for (const json of candidates) {
		const payout = await unsealed(context, json, itemIndex);
		if (payout) payouts.push(payout);
	}
	const distinct = new Set(payouts.map((payout) => JSON.stringify(payout)));
	if (distinct.size === 1) return payouts[0];
	if (distinct.size > 1)
		return `two different payouts under Payout Key "${key}" reached this execution; a person decides one payout per execution.`;
	return `the payout under Payout Key "${key}" is not the one asked about on this wallet: it changed since the ask, or it was asked about with another wallet's credential.`;
}

/** n8n's Send and Wait operation, in every app that has it. */
const isAsker = (node: NodeTypeAndVersion | undefined) =>
	node?.parameters?.operation === 'sendAndWait';

/** Its response is Approval (the default), not Free Text or a Custom Form. */
const asksForApproval = (node: NodeTypeAndVersion) =>
	(node.parameters?.responseType ?? 'approval') === 'approval';

/**
 * The Send and Wait node this item is the answer of, or why it cannot be the answer of the person
 * asked about the payout under `key`: it must come from the Send and Wait node that was given that
 * payout, in its only run of this execution, not through another node or a second approver.
 */
function askerOf(
	context: IExecuteFunctions,
	itemIndex: number,
	key: string,
): NodeTypeAndVersion | string {
	const source = context.getInputSourceData(0);
	const before = context.getParentNodes(context.getNode().name, {
		includeNodeParameters: true,
		depth: 1,
	});
	const asker = before.find((node) => node.name === source?.previousNode);
	if (!isAsker(asker))
		return `the answer did not come from a Send and Wait node: connect Send Approved right after the node that asks the person.`;
	if ((source?.previousNodeRun ?? 0) > 0)
		return `"${asker!.name}" ran more than once in this execution, and a person's answer decides one payout: run it once for each payout.`;
	const proxy = context.getWorkflowDataProxy(itemIndex);
	const given = context
		.getParentNodes(asker!.name, { depth: 1 })
		.some(({ name }) =>
			outputOf(proxy, name).some((json) => looksAsked(json) && json.payoutKey === key),
		);
	if (!given)
		return `"${asker!.name}" was not given the payout asked about under Payout Key "${key}": connect it right after the node that starts the execution with it.`;
	return asker!;
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
