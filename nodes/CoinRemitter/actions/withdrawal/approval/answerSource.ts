import type {
	IDataObject,
	IExecuteFunctions,
	IWorkflowDataProxyData,
	NodeTypeAndVersion,
} from 'n8n-workflow';

import type { AskedPayout } from './askedPayout';
import { looksAsked, unsealed } from './askedPayout';

// Where Withdrawal → Send Approved finds what it acts on, in its own execution: the payout asked
// about (sealed, from the item that started the execution) and the Send and Wait node whose answer
// it got. Nothing comes from a store: the waiting execution carries both, across restarts.

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

/** Why no payout asked about under `key` can be decided here, if none or several keys reached it. */
export function noAskedPayout(
	context: IExecuteFunctions,
	itemIndex: number,
	key: string,
): string | undefined {
	const asked = itemsBefore(context, itemIndex).filter(looksAsked);
	const keys = new Set(asked.map((json) => json.payoutKey));
	if (keys.size > 1)
		return `payouts under ${keys.size} Payout Keys reached this execution, and a person's answer decides one. Run the asking workflow once for each payout (Execute Workflow: Run once for each item).`;
	if (!keys.has(key))
		return `no payout waiting for a person under Payout Key "${key}" reached this execution. Send Approved sends only a payout that Withdrawal → Create (Ask a Person) asked about, from the item its Ask a Person output started this execution with.`;
	return undefined;
}

/**
 * The payout asked about under `key` that `asker` was given (what the person was shown), sealed by
 * this wallet; or why not.
 */
export async function askedPayoutGiven(
	context: IExecuteFunctions,
	itemIndex: number,
	key: string,
	asker: NodeTypeAndVersion,
): Promise<AskedPayout | string> {
	const proxy = context.getWorkflowDataProxy(itemIndex);
	const candidates = context
		.getParentNodes(asker.name, { depth: 1 })
		.flatMap(({ name }) => outputOf(proxy, name))
		.filter((json) => looksAsked(json) && json.payoutKey === key);
	if (candidates.length === 0)
		return `"${asker.name}" was not given the payout asked about under Payout Key "${key}": connect it right after the node that starts the execution with it.`;
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

/**
 * Everything `asker` output in this execution. n8n's answer to a click is one item; when Limit Wait
 * Time runs out, n8n passes the node's whole input on: the asked payout, and whatever came with it.
 */
export function askerOutput(
	context: IExecuteFunctions,
	itemIndex: number,
	asker: NodeTypeAndVersion,
): IDataObject[] {
	return outputOf(context.getWorkflowDataProxy(itemIndex), asker.name);
}

/** n8n's Send and Wait operation, in every app that has it. */
const isAsker = (node: NodeTypeAndVersion | undefined) =>
	node?.parameters?.operation === 'sendAndWait';

/** Its response is Approval (the default), not Free Text or a Custom Form. */
export const asksForApproval = (node: NodeTypeAndVersion) =>
	(node.parameters?.responseType ?? 'approval') === 'approval';

/**
 * The Send and Wait node this item is the answer of, or why it cannot be a person's answer: it must
 * come from a Send and Wait node, in its only run of this execution, not through another node (that
 * the node was given the payout, askedPayoutGiven checks).
 */
export function askerOf(context: IExecuteFunctions): NodeTypeAndVersion | string {
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
	return asker!;
}
