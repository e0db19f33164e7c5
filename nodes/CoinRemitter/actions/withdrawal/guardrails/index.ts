import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../../shared/errors';
import { asNodeError } from '../../nodeError';
import {
	checkAddress,
	checkMaxAmount,
	dayTotalExceeded,
	dayTotalUnavailable,
	executionTotalExceeded,
	fitsUnder,
	requireToolGuardrails,
} from './checks';
import { readGuardrails } from './fields';
import type { Reservation } from './spendStore';
import { Unavailable, countInDay, countInExecution, sentThisExecution } from './spendStore';

// Money guardrails of Withdrawal → Create: an allow-list of destinations, a maximum per
// withdrawal, a maximum per execution and a maximum per rolling day; as a tool (AI agent, MCP),
// the allow-list and the daily maximum are required. Amounts are exact decimals, never floats.

export { guardrailsFields, parseAddressList } from './fields';
export { refuseModelWrittenGuardrails, runsAsTool } from './checks';
export { sentThisExecution } from './spendStore';

export interface Withdrawal {
	address: string;
	amount: string;
	/** The credential type of the wallet: its saved credential is the wallet counted per day. */
	credentialType: string;
}

/** The wallet a withdrawal draws on: the node's saved credential of `credentialType`. */
export const walletOf = (context: IExecuteFunctions, credentialType: string) =>
	context.getNode().credentials?.[credentialType]?.id ?? 'unsaved';

function countInDayOrRefuse(
	context: IExecuteFunctions,
	itemIndex: number,
	withdrawal: Withdrawal,
	limit: string,
): Reservation {
	const { amount } = withdrawal;
	const wallet = walletOf(context, withdrawal.credentialType);
	const counted = countInDay(context, wallet, amount, fitsUnder(limit, amount));
	if (counted instanceof Unavailable) throw dayTotalUnavailable(context, itemIndex, counted.why);
	if (counted.reservation === undefined)
		throw dayTotalExceeded(context, itemIndex, amount, counted.spent, limit);
	return counted.reservation;
}

/**
 * Checks one withdrawal against the node's guardrails, then sends it with `send` (the caller has
 * refused values the AI model wrote first: refuseModelWrittenGuardrails). A refused
 * withdrawal throws before `send` is called (nothing sent, no Payout Key recorded). An accepted
 * one is counted before it is sent; if the send surely sent nothing (a refusal by the service, a
 * payout already attempted, no request made) it is taken off again; one whose outcome is unknown
 * stays counted.
 */
export async function withGuardrails(
	this: IExecuteFunctions,
	itemIndex: number,
	withdrawal: Withdrawal,
	send: () => Promise<IDataObject | IDataObject[]>,
): Promise<IDataObject | IDataObject[]> {
	const { address, amount } = withdrawal;
	const guardrails = readGuardrails(this, itemIndex);
	requireToolGuardrails(this, itemIndex, guardrails, address);
	checkAddress(this, itemIndex, address, guardrails.allowedAddresses);
	checkMaxAmount(this, itemIndex, amount, guardrails.maxAmount);

	// From here to the send's start, no await: calls side by side never both fit under a limit.
	const perExecution = guardrails.maxTotalPerExecution;
	const before = sentThisExecution(this);
	if (!fitsUnder(perExecution, amount)(before))
		throw executionTotalExceeded(this, itemIndex, amount, before, perExecution!);
	const reservations: Reservation[] = [];
	if (guardrails.maxTotalPerDay !== undefined)
		reservations.push(countInDayOrRefuse(this, itemIndex, withdrawal, guardrails.maxTotalPerDay));
	reservations.push(countInExecution(this, amount));
	try {
		return await send();
	} catch (error) {
		if (!isOutcomeUnknown(error)) for (const reservation of reservations) reservation.release();
		throw asNodeError(this, error, itemIndex);
	}
}
