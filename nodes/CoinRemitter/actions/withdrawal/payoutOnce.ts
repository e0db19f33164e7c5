import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { canonicalAddress } from '../../../shared/addresses';
import { canonicalDecimal } from '../../../shared/decimal';
import { isOutcomeUnknown } from '../../../shared/errors';
import { asNodeError } from '../nodeError';
import { runsAsTool, walletOf } from './guardrails';
import type { Payout } from './payout';
import { DEFAULT_KEY_DAYS, PERSON_CHECKS, isRefundKey } from './payout';
import { claimPayoutKey, releasePayoutKey } from './payoutStore';
import {
	alreadyAttempted,
	askedBefore,
	declinedBefore,
	sentBeforeDecline,
	waitingForPerson,
} from './payoutRefusals';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The keys a payout is remembered by. `recorded`: the one written now (the user's key, or the
 * default key of today). `blockers`: keys whose record means it must not be sent: the Payout Key's
 * decline, or the default keys of the previous days of the window (the same payout was already
 * attempted), and, unless a person approved it, its record as waiting for a person (only Send
 * Approved sends an asked payout). As a tool, the default key leaves the amount out: a model that changes the last
 * decimal does not make an attempted payout look new.
 */
export function payoutKeys(
	context: IExecuteFunctions,
	payout: Payout,
	now = new Date(),
	approvedByPerson = false,
): { recorded: string; blockers: string[] } {
	if (payout.key)
		return {
			recorded: sentKey(payout.key),
			blockers: approvedByPerson
				? [declinedKey(payout.key)]
				: [declinedKey(payout.key), askedKey(payout.key)],
		};
	const wallet = walletOf(context, payout.credentialType);
	const address = canonicalAddress(payout.address);
	const what = runsAsTool(context)
		? `tool:${address}`
		: `${address}:${canonicalDecimal(payout.amount)}`;
	const [recorded, ...blockers] = Array.from({ length: DEFAULT_KEY_DAYS }, (_, back) => {
		const day = new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10);
		return `payout:${wallet}:${what}:${day}`;
	});
	return { recorded, blockers };
}

const sentKey = (payoutKey: string) => `key:${payoutKey}`;
const declinedKey = (payoutKey: string) => `declined:${payoutKey}`;
const askedKey = (payoutKey: string) => `asked:${payoutKey}`;

/** Without n8n's store nothing could stop a retry from paying again: send nothing (fail closed). */
function requireStore(context: IExecuteFunctions, itemIndex: number) {
	if (
		typeof context.helpers.checkProcessedAndRecord === 'function' &&
		typeof context.helpers.removeProcessed === 'function'
	)
		return;
	throw new NodeOperationError(
		context.getNode(),
		'This n8n cannot record this payout as attempted, so it was not sent',
		{
			itemIndex,
			description:
				"Withdrawal → Create records every payout in n8n's deduplication store before sending it, so that no retry pays it twice; this n8n offers no such store. Update n8n (1.123 or later).",
		},
	);
}

async function claim(
	context: IExecuteFunctions,
	itemIndex: number,
	wallet: string,
	key: string,
	blockers: string[],
) {
	return await claimPayoutKey(context, wallet, key, blockers).catch((error: Error) => {
		throw asNodeError(context, error, itemIndex);
	});
}

/**
 * Sends a payout at most once per key, across executions, retries, tool calls and n8n processes
 * that re-run an execution (a queue-mode worker that stopped mid-call): the key is recorded in
 * n8n's database BEFORE the request is sent (payoutStore.ts). A key seen before, or declined, fails
 * the item instead of paying. Only the API's own refusal (or a request never sent) forgets the key;
 * when the outcome is unknown it stays.
 */
export async function payOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	send: () => Promise<IDataObject | IDataObject[]>,
	{ approvedByPerson = false } = {},
): Promise<IDataObject | IDataObject[]> {
	requireStore(this, itemIndex);
	const { recorded: key, blockers } = payoutKeys(this, payout, new Date(), approvedByPerson);
	const wallet = walletOf(this, payout.credentialType);
	const seen = await claim(this, itemIndex, wallet, key, blockers);
	if (seen.includes(declinedKey(payout.key))) throw declinedBefore(this, itemIndex, payout);
	if (seen.length === 1 && seen[0] === askedKey(payout.key))
		throw waitingForPerson(this, itemIndex, payout);
	if (seen.length > 0) throw alreadyAttempted(this, itemIndex, payout);
	try {
		return await send();
	} catch (error) {
		if (isOutcomeUnknown(error)) throw withKeyKept(this, error as NodeApiError, payout);
		await releasePayoutKey(this, wallet, key);
		throw asNodeError(this, error, itemIndex);
	}
}

/** A decision recorded under the Payout Key needs one, and n8n's store: the wallet it is recorded for. */
function requireKeyAndStore(
	context: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
	{ to, why }: { to: string; why: string },
): string {
	if (!payout.key)
		throw new NodeOperationError(context.getNode(), `Payout Key: is required to ${to}`, {
			itemIndex,
			description: `${why} Set the Payout Key to a value unique to this payout, such as the payout or order ID.`,
		});
	requireStore(context, itemIndex);
	return walletOf(context, payout.credentialType);
}

/**
 * Records the payout's Payout Key as declined, sending nothing: from then on this node refuses to
 * send it. A decision and its opposite that come at once are written in turn, so the first one
 * recorded holds; a decline that comes after the payout was sent, or started to be, fails the item.
 */
export async function declineOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
): Promise<IDataObject> {
	const wallet = requireKeyAndStore(this, itemIndex, payout, {
		to: 'decline a payout',
		why: "A decline is recorded under the payout's Payout Key, so that no later approval, re-run or retry of the same payout can send it.",
	});
	const seen = await claim(this, itemIndex, wallet, declinedKey(payout.key), [sentKey(payout.key)]);
	if (seen.includes(sentKey(payout.key))) throw sentBeforeDecline(this, itemIndex, payout);
	return {
		sent: false,
		decision: 'declined',
		payoutKey: payout.key,
		address: payout.address,
		amount: payout.amount,
	};
}

/**
 * Records the payout as waiting for a person under its Payout Key, sending nothing: from then on
 * only Withdrawal → Send Approved sends it, once, and no node of the wallet asks about it again. A
 * key already sent, declined or asked about fails the item.
 */
export async function askOnce(
	this: IExecuteFunctions,
	itemIndex: number,
	payout: Payout,
): Promise<void> {
	const wallet = requireKeyAndStore(this, itemIndex, payout, {
		to: 'ask a person',
		why: "A payout waiting for a person is recorded under its Payout Key, so that the person's answer decides exactly this payout, once.",
	});
	const keys = [sentKey(payout.key), declinedKey(payout.key)];
	const seen = await claim(this, itemIndex, wallet, askedKey(payout.key), keys);
	if (seen.includes(declinedKey(payout.key))) throw declinedBefore(this, itemIndex, payout);
	if (seen.includes(sentKey(payout.key))) throw alreadyAttempted(this, itemIndex, payout);
	if (seen.length > 0) throw askedBefore(this, itemIndex, payout);
}

const RELEASE = `Once you have checked that it was not made, send it on purpose under a Payout Key that was never used (for example the order ID with a suffix, "order-1042-2"); with the Payout Key empty, the same amount to the same address is refused for ${DEFAULT_KEY_DAYS} days (UTC).`;

const REFUND_RELEASE =
	'Once you have checked that it was not made, send it with Withdrawal → Create under a Payout Key never used: Invoice → Refund keeps counting this refund, so it never sends it again.';

/** An unknown outcome keeps the key: say so, and how to release it on purpose (a person, for a tool). */
function withKeyKept(context: IExecuteFunctions, error: NodeApiError, payout: Payout) {
	if (runsAsTool(context)) {
		error.message = `This withdrawal of ${payout.amount} to ${payout.address} may have been sent: the outcome is unknown. ${PERSON_CHECKS}`;
		error.description = `${error.description ?? ''} This tool refuses any withdrawal to ${payout.address} for ${DEFAULT_KEY_DAYS} days (UTC) unless its Payout Key is set by the workflow.`;
		return error;
	}
	const key = payout.key ? `Its Payout Key "${payout.key}"` : 'This payout';
	error.description = `${error.description ?? ''} ${key} stays recorded as attempted: a re-run or n8n's Retry does not send it again. ${isRefundKey(payout.key) ? REFUND_RELEASE : RELEASE}`;
	return error;
}
