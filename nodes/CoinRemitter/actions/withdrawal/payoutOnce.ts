import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { canonicalAddress } from '../../../shared/addresses';
import { canonicalDecimal } from '../../../shared/decimal';
import { isOutcomeUnknown } from '../../../shared/errors';
import { asNodeError } from '../nodeError';

/** How many payout keys a workflow remembers (n8n keeps them in its database, per workflow). */
const REMEMBERED_PAYOUTS = 10_000;
/**
 * How long the default key (no Payout Key) remembers a payout: the UTC day it was sent and the
 * days after it, this many in all. n8n's Retry of a failed run within that time never pays an item
 * of it again; the same amount to the same address is refused until then.
 */
export const DEFAULT_KEY_DAYS = 7;
/** PostgreSQL's, MySQL's and SQLite's words for a second insert of one primary key. */
const UNIQUE_VIOLATION =
	/duplicate key|unique constraint|UNIQUE constraint failed|Duplicate entry/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Payout {
	/** The user's Payout Key, or empty for the default (wallet, address, amount, within DEFAULT_KEY_DAYS). */
	key: string;
	credentialType: string;
	address: string;
	amount: string;
}

/**
 * The keys a payout is remembered by. `recorded`: the one written now (the user's key, or the
 * default key of today). `earlier`: the keys that mean the same payout was already attempted: the
 * default key of the previous days of the window, and the keys the previous version wrote (the
 * address and the amount as typed, the UTC day), so that an upgrade does not pay again.
 */
export function payoutKeys(
	context: IExecuteFunctions,
	payout: Payout,
	now = new Date(),
): { recorded: string; earlier: string[] } {
	if (payout.key) return { recorded: `key:${payout.key}`, earlier: [] };
	const wallet = context.getNode().credentials?.[payout.credentialType]?.id ?? 'unsaved';
	const address = canonicalAddress(payout.address);
	const amount = canonicalDecimal(payout.amount);
	const [typedAddress, typedAmount] = [payout.address.trim(), payout.amount.trim()];
	const days = Array.from({ length: DEFAULT_KEY_DAYS }, (_, back) =>
		new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10),
	);
	const keyOf = (to: string, sum: string, day: string) => `payout:${wallet}:${to}:${sum}:${day}`;
	const recorded = keyOf(address, amount, days[0]);
	const earlier = days.flatMap((day) => [
		keyOf(address, amount, day),
		keyOf(typedAddress, typedAmount, day),
	]);
	return { recorded, earlier: [...new Set(earlier)].filter((key) => key !== recorded) };
}

/**
 * Sends a payout at most once per key, across executions, retries and n8n processes that re-run
 * an execution (a queue-mode worker that stopped mid-call): the key is recorded in n8n's database
 * (the deduplication store of the Remove Duplicates node) BEFORE the request is sent. A key seen
 * before fails the item instead of paying again. Only the API's own refusal (or a request never
 * sent) forgets the key; when the outcome is unknown it stays, and the error says how to release
 * it on purpose.
 */
export async function payOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	send: () => Promise<IDataObject | IDataObject[]>,
): Promise<IDataObject | IDataObject[]> {
	const helpers = this.helpers;
	// Without the store nothing could stop a retry from paying again: send nothing (fail closed).
	if (typeof helpers.checkProcessedAndRecord !== 'function')
		throw new NodeOperationError(
			this.getNode(),
			'This n8n cannot record this payout as attempted, so it was not sent',
			{
				itemIndex,
				description:
					"Withdrawal → Create records every payout in n8n's deduplication store before sending it, so that no retry pays it twice; this n8n offers no such store. Update n8n (1.123 or later).",
			},
		);
	const { recorded: key, earlier } = payoutKeys(this, payout);
	const options = { mode: 'entries' as const, maxEntries: REMEMBERED_PAYOUTS };
	// The store answers membership only by recording: the earlier keys go in with today's and
	// those that were not there before come out again at once.
	const keys = [key, ...earlier];
	const record = async () => await helpers.checkProcessedAndRecord(keys, 'workflow', options);
	let recorded;
	try {
		recorded = await record();
	} catch (error) {
		// n8n keeps a workflow's keys in one row, inserted by the first write: two executions writing
		// their first keys at the same moment on two workers both insert, and one gets the database's
		// unique-key error (seen on n8n 2.40 with PostgreSQL). The row exists now: write again.
		if (!UNIQUE_VIOLATION.test(String((error as Error)?.message)))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		recorded = await record();
	}
	const seenBefore = recorded.processed.length > 0;
	const addedNow = recorded.new.map(String).filter((added) => seenBefore || added !== key);
	if (addedNow.length > 0) await helpers.removeProcessed(addedNow, 'workflow', options);
	if (seenBefore) throw alreadyAttempted(this, itemIndex, payout);
	try {
		return await send();
	} catch (error) {
		if (isOutcomeUnknown(error)) throw withKeyKept(error as NodeApiError, payout);
		await helpers.removeProcessed([key], 'workflow', options);
		throw asNodeError(this, error, itemIndex);
	}
}

const RELEASE = `Once you have checked that it was not made, send it on purpose under a Payout Key that was never used (for example the order ID with a suffix, "order-1042-2"); with the Payout Key empty, the same amount to the same address is refused for ${DEFAULT_KEY_DAYS} days (UTC).`;

/** An unknown outcome keeps the key: say so, and how to release it on purpose. */
function withKeyKept(error: NodeApiError, payout: Payout): NodeApiError {
	const key = payout.key ? `Its Payout Key "${payout.key}"` : 'This payout';
	error.description = `${error.description ?? ''} ${key} stays recorded as attempted: a re-run or n8n's Retry does not send it again. ${RELEASE}`;
	return error;
}

function alreadyAttempted(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	const which = payout.key
		? `Payout Key "${payout.key}"`
		: `${canonicalDecimal(payout.amount)} to ${payout.address.trim()} in the last ${DEFAULT_KEY_DAYS} days`;
	return new NodeOperationError(
		context.getNode(),
		`This withdrawal was already attempted (${which}), so it was not sent again`,
		{
			itemIndex,
			description: `An earlier run of this workflow already sent this payout, or started to (for example the run that is now retried, or a run that n8n restarted after a worker stopped). Nothing was sent now, so that nothing is paid twice. Check whether it was made: the wallet's transactions in the CoinRemitter dashboard, the transaction by its ID (Transaction → Get; the withdrawal's callback carries it), or the balance (Wallet → Get Balance). If it was not made, or it really is a new payout, send it under a Payout Key that was never used (for example the order ID, or "order-1042-2"); with the Payout Key empty, the same amount to the same address is refused for ${DEFAULT_KEY_DAYS} days (UTC).`,
		},
	);
}
