import type { IDataObject, NodeTypeAndVersion } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { withdrawalOutcome } from '../outcome';
import type { ReadAnswer } from './answer';
import type { Approval } from './approvers';
import { clickOf } from './approvers';
import type { AskedPayout } from './askedPayout';
import type { DecisionRecord } from './decisions';
import type { ApprovalOutcome } from './messages';
import { outcomeMessage } from './messages';

// What Withdrawal → Send Approved outputs for one answer: the payout as shown, what became of it,
// who answered and decided, and the message for the person.

export type Result = {
	outcome: ApprovalOutcome;
	sent: boolean;
	why?: string;
	answer?: IDataObject;
	/** The approvals that sent it. */
	approvals?: Approval[];
	/** Decided by this answer (not refused for an earlier decision): the answers that decided it. */
	decidedBy?: Approval[];
	decision?: DecisionRecord;
};

/** Who gave this answer, when and through which node: not said of a time-out or another answer. */
function answerFields(read: ReadAnswer, asker: NodeTypeAndVersion | undefined): IDataObject {
	const click = asker && clickOf(read, asker.name);
	if (!click) return {};
	return {
		answeredBy: click.by as unknown as IDataObject,
		answeredAt: click.at,
		answeredThrough: click.node,
	};
}

/** The output item: the payout as shown, what became of it, who decided, and the message. */
export function resultItem(
	payout: AskedPayout,
	read: ReadAnswer,
	result: Result,
	asker?: NodeTypeAndVersion,
): IDataObject {
	const sent = result.answer ?? {};
	return {
		sent: result.sent,
		outcome: result.outcome,
		answer: read.answer,
		payoutKey: payout.payoutKey,
		address: payout.address,
		amount: payout.amount,
		coin: payout.coin,
		...(result.sent ? { id: sent.id, txid: sent.txid } : {}),
		...(result.why ? { error: result.why } : {}),
		...answerFields(read, asker),
		...(result.approvals ? { approvals: result.approvals as unknown as IDataObject[] } : {}),
		...(result.decision ? { decision: result.decision as unknown as IDataObject } : {}),
		message: outcomeMessage(result.outcome, payout, {
			id: sent.id,
			txid: sent.txid,
			why: result.why,
			approvals: result.approvals,
		}),
	};
}

/** What a failed send or decline means for the person (nothing thrown: every outcome is an item). */
export function failedResult(error: unknown): Result {
	const why = (error as Error).message;
	const outcome = withdrawalOutcome(error);
	if (outcome === 'declined') return { outcome: 'declinedBefore', sent: false, why };
	if (outcome === 'alreadyAttempted' || outcome === 'waitingForPerson')
		return { outcome: 'alreadyAttempted', sent: false, why };
	if (outcome === 'unknown') return { outcome: 'unknown', sent: false, why };
	return { outcome: error instanceof NodeApiError ? 'notSent' : 'refused', sent: false, why };
}
