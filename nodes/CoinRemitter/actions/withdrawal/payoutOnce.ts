import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { canonicalAddress } from '../../../shared/addresses';
import { canonicalDecimal } from '../../../shared/decimal';
import { isOutcomeUnknown, tagged } from '../../../shared/errors';
import { asNodeError } from '../nodeError';
import { runsAsTool } from './guardrails';
import { claimPayoutKey, releasePayoutKey } from './payoutStore';

/**
 * How long the default key (no Payout Key) remembers a payout: the UTC day it was sent and the
 * days after it, this many in all. n8n's Retry of a failed run within that time never pays an item
 * of it again; the same amount to the same address is refused until then.
 */
export const DEFAULT_KEY_DAYS = 7;
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
 * default key of today). `earlier`: the default keys of the previous days of the window, which
 * mean the same payout was already attempted. As a tool, the default key leaves the amount out:
 * a model that changes the last decimal does not make an attempted payout look new.
 */
export function payoutKeys(
	context: IExecuteFunctions,
	payout: Payout,
	now = new Date(),
): { recorded: string; earlier: string[] } {
	if (payout.key) return { recorded: `key:${payout.key}`, earlier: [] };
	const wallet = context.getNode().credentials?.[payout.credentialType]?.id ?? 'unsaved';
	const address = canonicalAddress(payout.address);
	const what = runsAsTool(context)
		? `tool:${address}`
		: `${address}:${canonicalDecimal(payout.amount)}`;
	const [recorded, ...earlier] = Array.from({ length: DEFAULT_KEY_DAYS }, (_, back) => {
		const day = new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10);
		return `payout:${wallet}:${what}:${day}`;
	});
	return { recorded, earlier };
}

/**
 * Sends a payout at most once per key, across executions, retries, tool calls and n8n processes
 * that re-run an execution (a queue-mode worker that stopped mid-call): the key is recorded in
 * n8n's database BEFORE the request is sent (payoutStore.ts). A key seen before fails the item
 * instead of paying again. Only the API's own refusal (or a request never sent) forgets the key;
 * when the outcome is unknown it stays.
 */
export async function payOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	send: () => Promise<IDataObject | IDataObject[]>,
): Promise<IDataObject | IDataObject[]> {
	// Without the store nothing could stop a retry from paying again: send nothing (fail closed).
	if (
		typeof this.helpers.checkProcessedAndRecord !== 'function' ||
		typeof this.helpers.removeProcessed !== 'function'
	)
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
	const claimed = await claimPayoutKey(this, key, earlier).catch((error: Error) => {
		throw asNodeError(this, error, itemIndex);
	});
	if (!claimed)
		throw tagged(alreadyAttempted(this, itemIndex, payout), { reason: 'alreadyAttempted' });
	try {
		return await send();
	} catch (error) {
		if (isOutcomeUnknown(error)) throw withKeyKept(this, error as NodeApiError, payout);
		await releasePayoutKey(this, key);
		throw asNodeError(this, error, itemIndex);
	}
}

const RELEASE = `Once you have checked that it was not made, send it on purpose under a Payout Key that was never used (for example the order ID with a suffix, "order-1042-2"); with the Payout Key empty, the same amount to the same address is refused for ${DEFAULT_KEY_DAYS} days (UTC).`;
const PERSON_CHECKS = `Do not send it again, under any amount: a person must first check the wallet's transactions in the CoinRemitter dashboard, and send it by hand if it was not made.`;

/** An unknown outcome keeps the key: say so, and how to release it on purpose (a person, for a tool). */
function withKeyKept(context: IExecuteFunctions, error: NodeApiError, payout: Payout) {
	if (runsAsTool(context)) {
		error.message = `This withdrawal of ${payout.amount} to ${payout.address} may have been sent: the outcome is unknown. ${PERSON_CHECKS}`;
		error.description = `${error.description ?? ''} This tool refuses any withdrawal to ${payout.address} for ${DEFAULT_KEY_DAYS} days (UTC) unless its Payout Key is set by the workflow.`;
		return error;
	}
	const key = payout.key ? `Its Payout Key "${payout.key}"` : 'This payout';
	error.description = `${error.description ?? ''} ${key} stays recorded as attempted: a re-run or n8n's Retry does not send it again. ${RELEASE}`;
	return error;
}

function alreadyAttempted(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	const node = context.getNode();
	if (runsAsTool(context) && !payout.key)
		return new NodeOperationError(
			node,
			`A withdrawal to ${payout.address} was already attempted through this tool in the last ${DEFAULT_KEY_DAYS} days, so nothing was sent now`,
			{
				itemIndex,
				description: `${PERSON_CHECKS} As a tool, one withdrawal per address is allowed in ${DEFAULT_KEY_DAYS} days (UTC), whatever the amount, unless the workflow sets the Payout Key.`,
			},
		);
	const which = payout.key
		? `Payout Key "${payout.key}"`
		: `${canonicalDecimal(payout.amount)} to ${payout.address.trim()} in the last ${DEFAULT_KEY_DAYS} days`;
	const message = `This withdrawal was already attempted (${which}), so it was not sent again`;
	if (runsAsTool(context))
		return new NodeOperationError(node, message, { itemIndex, description: PERSON_CHECKS });
	return new NodeOperationError(node, message, {
		itemIndex,
		description: `An earlier run of this workflow already sent this payout, or started to (for example the run that is now retried, or a run that n8n restarted after a worker stopped). Nothing was sent now, so that nothing is paid twice. Check whether it was made: the wallet's transactions in the CoinRemitter dashboard, the transaction by its ID (Transaction → Get; the withdrawal's callback carries it), or the balance (Wallet → Get Balance). If it was not made, or it really is a new payout, send it under a Payout Key that was never used (for example the order ID, or "order-1042-2"); with the Payout Key empty, the same amount to the same address is refused for ${DEFAULT_KEY_DAYS} days (UTC).`,
	});
}
