import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { StaticDataCopies } from '../../../../shared/staticDataCopies';
import { walletOf } from '../guardrails';
import type { Approval } from './approvers';

// Who decided a payout asked about, kept with its Payout Key's decision (the decision itself lives
// in the payout store: this is its record, for people). Held like a Payout Key: in this process for
// every Withdrawal node of the wallet (another workflow, a copy), and in the deciding node's own
// static data, which n8n saves when a production execution ends, so that the node's workflow still
// tells after a restart. n8n writes static data back whole, the last writer winning: every copy
// this process holds of the node's data gets the record.

export interface DecisionRecord {
	outcome: string;
	/** The answers that decided it: the approvals that sent it, or the decline or time-out. */
	answers: Approval[];
	decidedAt: string;
	/** The Send Approved node that acted on it, and its workflow. */
	node: string;
	workflowId: string;
}

const REMEMBERED_IN_PROCESS = 10_000;
const REMEMBERED_PER_NODE = 1_000;
const inProcess = new Map<string, DecisionRecord>();
const nodeCopies = new StaticDataCopies(() => Infinity, 1_000);

/** Forgets what this process holds: what an n8n restart does (tests). */
export function forgetDecisionRecords(): void {
	inProcess.clear();
	nodeCopies.forget();
}

const processEntry = (context: IExecuteFunctions, credentialType: string, key: string) =>
	`${walletOf(context, credentialType)}\n${key}`;
const nodeScope = (context: IExecuteFunctions) =>
	`${context.getWorkflow().id}\n${context.getNode().id || context.getNode().name}`;

function decisionsOf(data: IDataObject): IDataObject {
	if (typeof data.decisions !== 'object' || data.decisions === null) data.decisions = {};
	return data.decisions as IDataObject;
}

/** This node's static data, held among the copies every record is written into. */
function nodeData(context: IExecuteFunctions): IDataObject | undefined {
	try {
		const data = context.getWorkflowStaticData('node');
		nodeCopies.hold(nodeScope(context), data);
		return data;
	} catch {
		return undefined;
	}
}

/** One approval of two is not a decision: a sent or declined payout's record is never replaced by it. */
const isFinal = (record: DecisionRecord | undefined) =>
	record !== undefined && record.outcome !== 'secondPersonAsked';

/** Keeps who decided the payout under `key` (a final record stays: an earlier send or decline). */
export function keepDecision(
	context: IExecuteFunctions,
	credentialType: string,
	key: string,
	record: Omit<DecisionRecord, 'decidedAt' | 'node' | 'workflowId'>,
): DecisionRecord {
	const earlier = decisionOf(context, credentialType, key);
	if (record.outcome === 'secondPersonAsked' && isFinal(earlier)) return earlier!;
	const kept: DecisionRecord = {
		...record,
		decidedAt: new Date().toISOString(),
		node: context.getNode().name,
		workflowId: String(context.getWorkflow().id ?? ''),
	};
	const entry = processEntry(context, credentialType, key);
	inProcess.delete(entry);
	inProcess.set(entry, kept);
	if (inProcess.size > REMEMBERED_IN_PROCESS)
		inProcess.delete(inProcess.keys().next().value as string);
	nodeData(context);
	nodeCopies.writeEach(nodeScope(context), (data) => {
		const decisions = decisionsOf(data);
		decisions[key] = kept as unknown as IDataObject;
		const keys = Object.keys(decisions);
		for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED_PER_NODE)))
			delete decisions[old];
	});
	return kept;
}

/** The payout's send or decline on the record, if any (not one approval of two). */
export function finalDecisionOf(
	context: IExecuteFunctions,
	credentialType: string,
	key: string,
): DecisionRecord | undefined {
	const record = decisionOf(context, credentialType, key);
	return isFinal(record) ? record : undefined;
}

/** Who decided the payout under `key`, where this process or this node still knows it. */
export function decisionOf(
	context: IExecuteFunctions,
	credentialType: string,
	key: string,
): DecisionRecord | undefined {
	const held = inProcess.get(processEntry(context, credentialType, key));
	if (held) return held;
	const decisions = nodeData(context)?.decisions as IDataObject | undefined;
	const kept = decisions?.[key];
	return typeof kept === 'object' && kept !== null
		? (kept as unknown as DecisionRecord)
		: undefined;
}
