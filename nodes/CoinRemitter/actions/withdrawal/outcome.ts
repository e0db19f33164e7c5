import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../shared/errors';

/**
 * What became of a withdrawal whose item failed, as its error item says it (`outcome`), so that a
 * workflow can release a claim of its own exactly when the node releases its Payout Key:
 * - `notSent`: surely not sent (the API refused it, or it never left); the key is free again;
 * - `unknown`: it may have been carried out; the key stays;
 * - `alreadyAttempted`: refused as an earlier attempt of the same payout (nothing sent now);
 * - `declined`: refused because its Payout Key was declined (nothing sent under it by this node);
 * - `waitingForPerson`: refused because a person was asked about its Payout Key (nothing sent now).
 */
export type WithdrawalOutcome =
	| 'notSent'
	| 'unknown'
	| 'alreadyAttempted'
	| 'declined'
	| 'waitingForPerson';

/** A payout the node refused to send because of what was recorded for it before: nothing was sent now. */
export class PayoutRefused extends NodeOperationError {
	constructor(
		node: INode,
		message: string,
		options: { itemIndex: number; description: string },
		readonly outcome: 'alreadyAttempted' | 'declined' | 'waitingForPerson',
	) {
		super(node, message, options);
	}
}

/** The outcome of a withdrawal that failed with `error`. */
export function withdrawalOutcome(error: unknown): WithdrawalOutcome {
	if (error instanceof PayoutRefused) return error.outcome;
	return isOutcomeUnknown(error) ? 'unknown' : 'notSent';
}
