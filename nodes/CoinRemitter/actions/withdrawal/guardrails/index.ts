import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../../shared/errors';
import { asNodeError } from '../../nodeError';
import type { ToOutput } from '../../operation';
import { addDecimals, compareDecimals } from '../../../../shared/decimal';
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
import type { NoPersonLimits } from './noPersonLimits';
import { noPersonLabel } from './noPersonLimits';
import type { Reservation } from './spendStore';
import { Unavailable, countInDay, countInExecution, sentThisExecution } from './spendStore';

// Money guardrails of Withdrawal → Create: an allow-list of destinations, a maximum per
// withdrawal, a maximum per execution and a maximum per rolling day; as a tool (AI agent, MCP),
// the allow-list and the daily maximum are required. Amounts are exact decimals, never floats.

export { guardrailsFields, parseAddressList } from './fields';
export { refusal, refuseModelWrittenGuardrails, runsAsTool } from './checks';
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

/** Where a payout goes instead of out when it is above a no-person limit (Ask a Person). */
export interface AskAPerson {
	limits: NoPersonLimits;
	/** Sends the payout to a person, `reason` saying which limit it is above. */
	ask(reason: string): Promise<ToOutput>;
}

const above = (name: keyof NoPersonLimits, limit: string, total = '') =>
	`${total ? `it brings ${total} ` : 'it is '}above ${noPersonLabel(name)} (${limit})`;

/**
 * Counts the payout in the wallet's rolling day if it fits under the day guardrail (refused
 * otherwise) and under the no-person day limit (`askReason` otherwise, nothing counted). With
 * `onlyCheck`, counts nothing: the payout goes to a person anyway, once the guardrail allows it.
 */
function countInDayOrRefuse(
	context: IExecuteFunctions,
	itemIndex: number,
	withdrawal: Withdrawal,
	limits: { guardrail?: string; noPerson?: string },
	onlyCheck: boolean,
): Reservation | { askReason: string } | undefined {
	const { amount } = withdrawal;
	const wallet = walletOf(context, withdrawal.credentialType);
	let overNoPerson = false;
	const fits = (spent: string) => {
		if (!fitsUnder(limits.guardrail, amount)(spent)) return false;
		overNoPerson = !fitsUnder(limits.noPerson, amount)(spent);
		return !overNoPerson && !onlyCheck;
	};
	const counted = countInDay(context, wallet, amount, fits);
	if (counted instanceof Unavailable) throw dayTotalUnavailable(context, itemIndex, counted.why);
	if (counted.reservation !== undefined) return counted.reservation;
	if (overNoPerson) {
		const total = `the last 24 hours to ${addDecimals(counted.spent, amount)}`;
		return { askReason: above('maxTotalPerDay', limits.noPerson!, total) };
	}
	if (onlyCheck && fitsUnder(limits.guardrail, amount)(counted.spent)) return undefined;
	throw dayTotalExceeded(context, itemIndex, amount, counted.spent, limits.guardrail!);
}

/** Which no-person limit of the payout's own amount or of this execution it is above, if any. */
function aboveNoPerson(noPerson: NoPersonLimits, amount: string, before: string) {
	if (noPerson.maxAmount !== undefined && compareDecimals(amount, noPerson.maxAmount) > 0)
		return above('maxAmount', noPerson.maxAmount);
	if (!fitsUnder(noPerson.maxTotalPerExecution, amount)(before))
		return above(
			'maxTotalPerExecution',
			noPerson.maxTotalPerExecution!,
			`this execution's total to ${addDecimals(before, amount)}`,
		);
	return undefined;
}

/**
 * Checks one withdrawal against the node's guardrails, then sends it with `send` (the caller has
 * refused values the AI model wrote first: refuseModelWrittenGuardrails). A refused
 * withdrawal throws before `send` is called (nothing sent, no Payout Key recorded). An accepted
 * one is counted before it is sent; if the send surely sent nothing (a refusal by the service, a
 * payout already attempted, no request made) it is taken off again; one whose outcome is unknown
 * stays counted. With `askAPerson`, a withdrawal the guardrails allow but above a no-person limit
 * is neither sent nor counted: it goes to `askAPerson.ask`.
 */
export async function withGuardrails(
	this: IExecuteFunctions,
	itemIndex: number,
	withdrawal: Withdrawal,
	send: () => Promise<IDataObject | IDataObject[]>,
	askAPerson?: AskAPerson,
): Promise<IDataObject | IDataObject[] | ToOutput> {
	const { address, amount } = withdrawal;
	const guardrails = readGuardrails(this, itemIndex);
	const noPerson = askAPerson?.limits ?? {};
	requireToolGuardrails(this, itemIndex, guardrails, address);
	checkAddress(this, itemIndex, address, guardrails.allowedAddresses);
	checkMaxAmount(this, itemIndex, amount, guardrails.maxAmount);

	// From here to the send's start, no await: calls side by side never both fit under a limit.
	// Every guardrail is checked before a payout goes to a person: what they refuse, no one is asked.
	const perExecution = guardrails.maxTotalPerExecution;
	const before = sentThisExecution(this);
	if (!fitsUnder(perExecution, amount)(before))
		throw executionTotalExceeded(this, itemIndex, amount, before, perExecution!);
	let askReason = aboveNoPerson(noPerson, amount, before);
	const reservations: Reservation[] = [];
	if (guardrails.maxTotalPerDay !== undefined || noPerson.maxTotalPerDay !== undefined) {
		const limits = { guardrail: guardrails.maxTotalPerDay, noPerson: noPerson.maxTotalPerDay };
		const counted = countInDayOrRefuse(
			this,
			itemIndex,
			withdrawal,
			limits,
			askReason !== undefined,
		);
		if (counted !== undefined && 'askReason' in counted) askReason ??= counted.askReason;
		else if (counted !== undefined) reservations.push(counted);
	}
	if (askReason !== undefined) return await askAPerson!.ask(askReason);
	reservations.push(countInExecution(this, amount));
	try {
		return await send();
	} catch (error) {
		if (!isOutcomeUnknown(error)) for (const reservation of reservations) reservation.release();
		throw asNodeError(this, error, itemIndex);
	}
}
