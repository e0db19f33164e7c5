import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { V1_CREDENTIAL } from '../../shared/client';
import { v1Wallet } from '../../shared/client/credentials';
import type { DeliveryPolicy } from '../../shared/delivery';
import { windowHasRoom } from '../../shared/delivery';
import type { FailureReason } from '../../shared/errors';
import { failureOf, isNotFound } from '../../shared/errors';
import { isEvmAddress } from '../../shared/addresses';
import * as memory from '../memory';
import { findDeposit, type Listing } from './addressList';
import { read } from './apiRead';

// A v1 deposit settled among the transactions of its address: one read for every callback naming it.

/** A lone deposit callback is looked up by id, and reads of an address are not spaced, while more than this share of the wallet's window is free. */
export const UNBATCHED_ROOM = 0.5;

/**
 * Whether calls are short: no more than UNBATCHED_ROOM of the wallet's window is free. Then even a
 * lone deposit callback shares the read of its address, and reads of an address are spaced.
 */
export async function callsAreShort(
	this: IWebhookFunctions,
	policy: DeliveryPolicy,
): Promise<boolean> {
	const { baseUrl, credentials } = await v1Wallet(this, 0);
	const wallet = { credentialType: V1_CREDENTIAL, baseUrl, credentials };
	return !windowHasRoom(this, wallet, policy, UNBATCHED_ROOM);
}

/**
 * What the v1 address the deposit callback names says about it, read together with every other
 * callback waiting for that address: reads of one address go one after another, and at most once
 * per ADDRESS_READ_INTERVAL_MS while calls are short or a callback naming the address was refused
 * lately. A read already under way serves the callbacks whose deposit it lists. Throws the API's
 * error (not found: the address is not the wallet's; rate-limit wait) for the caller to judge.
 */
async function depositByAddress(
	this: IWebhookFunctions,
	wallet: string,
	callback: IDataObject,
	policy: DeliveryPolicy,
): Promise<Listing> {
	const address = String(callback.address);
	const id = String(callback.id);
	const short = await callsAreShort.call(this, policy);
	const spaced = () => short || memory.isContested(wallet, address);
	// Callers that may wait long (acknowledged ones) do not hold up those whose sender still waits.
	const patience = `${policy.lane ?? 'work'}:${policy.maxRateLimitWaitMs}`;
	const summary = await memory.sharedAddressRead(
		`${wallet}|${address}|${patience}`,
		async () =>
			await read(this, 'v1', policy, { v1: '/v1/wallet/address/transactions' }, { address }),
		spaced,
		(answer) => typeof findDeposit(answer, id) === 'object',
	);
	return findDeposit(summary, id);
}

/**
 * A v1 deposit is settled with every other callback waiting for its address (one read for all).
 * The service answers "not found" for an address that is not the wallet's; any other failure
 * leaves it to the per-id lookup.
 */
export async function depositAtAddress(
	this: IWebhookFunctions,
	wallet: string,
	callback: IDataObject,
	policy: DeliveryPolicy,
) {
	return await depositByAddress.call(this, wallet, callback, policy).catch((error: unknown) => {
		// An EVM address may be written in another casing than the service keeps it.
		if (isNotFound(error)) return isEvmAddress(callback.address) ? 'unproven' : 'absent';
		if (UNPROVEN_ANSWERS.has(failureOf(error)?.reason ?? 'network')) return 'unproven';
		throw error;
	});
}

/** Answers that say nothing about the deposit (an unexpected shape, a refused field): ask by id. */
const UNPROVEN_ANSWERS = new Set<FailureReason>([
	'rejectedField',
	'unexpected',
	'unreadable',
	'legacyNoEndpoint',
]);
