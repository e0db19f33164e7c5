import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../shared/errors';

/** How many payout keys a workflow remembers (n8n keeps them in its database, per workflow). */
const REMEMBERED_PAYOUTS = 10_000;
/** PostgreSQL's, MySQL's and SQLite's words for a second insert of one primary key. */
const UNIQUE_VIOLATION =
	/duplicate key|unique constraint|UNIQUE constraint failed|Duplicate entry/i;

export interface Payout {
	/** The user's Payout Key, or empty for the default (wallet, address, amount, UTC day). */
	key: string;
	credentialType: string;
	address: string;
	amount: string;
}

/** The key a payout is remembered by: the user's, or one that a retry of the same payout repeats. */
export function payoutKey(context: IExecuteFunctions, payout: Payout): string {
	if (payout.key) return `key:${payout.key}`;
	const wallet = context.getNode().credentials?.[payout.credentialType]?.id ?? 'unsaved';
	const day = new Date().toISOString().slice(0, 10);
	return `payout:${wallet}:${payout.address}:${payout.amount}:${day}`;
}

/**
 * Sends a payout at most once per key, across executions, retries and n8n processes that re-run
 * an execution (a queue-mode worker that stopped mid-call): the key is recorded in n8n's database
 * (the deduplication store of the Remove Duplicates node) BEFORE the request is sent. A key seen
 * before fails the item instead of paying again. A payout the service surely did not carry out
 * (it answered with an error, or it was never sent) forgets its key, so it can be tried again.
 */
export async function payOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	send: () => Promise<IDataObject | IDataObject[]>,
): Promise<IDataObject | IDataObject[]> {
	const helpers = this.helpers;
	if (typeof helpers.checkProcessedAndRecord !== 'function') return await send();
	const key = payoutKey(this, payout);
	const options = { mode: 'entries' as const, maxEntries: REMEMBERED_PAYOUTS };
	const record = async () => await helpers.checkProcessedAndRecord([key], 'workflow', options);
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
	if (recorded.new.length === 0) throw alreadyAttempted(this, itemIndex, payout);
	try {
		return await send();
	} catch (error) {
		if (!isOutcomeUnknown(error)) await helpers.removeProcessed([key], 'workflow', options);
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	}
}

function alreadyAttempted(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	const which = payout.key
		? `Payout Key "${payout.key}"`
		: `${payout.amount} to ${payout.address} today`;
	return new NodeOperationError(
		context.getNode(),
		`This withdrawal was already attempted (${which}), so it was not sent again`,
		{
			itemIndex,
			description:
				'An earlier run of this workflow already sent this payout, or started to (for example the run that is now retried, or a run that n8n restarted after a worker stopped). Nothing was sent now, so that nothing is paid twice. Check whether it arrived: the transactions of the destination address (Address → Get Transactions) or the CoinRemitter dashboard. If it really is a new payout, give it a Payout Key of its own (for example the order ID).',
		},
	);
}
