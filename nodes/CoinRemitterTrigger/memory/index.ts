// What the trigger remembers of callbacks in this process, against a flood of forged ones: data
// only. Nothing here reads the API or a credential: verify/ passes in the reads a cache may share.
// Everything is a per-process cache: losing it costs API calls, never a payment, and no other n8n
// process needs it.
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { AddressBatches } from './AddressBatches';
import { ExpiringMemory } from './ExpiringMemory';
import { HeldCallbacks } from './HeldCallbacks';
import { mergeInFlight } from './inFlight';

export { mergeInFlight } from './inFlight';

/** How long an id refuted as forged is answered 403 without asking the API again. */
export const REFUTED_MEMORY_MS = 5 * 60_000;
/** How long the wallet's own identity (v1 coin and wallet id; legacy keys that work) is trusted. */
export const IDENTITY_MEMORY_MS = 10 * 60_000;
/** At most one read of one address's transactions per this interval. */
export const ADDRESS_READ_INTERVAL_MS = 5_000;
/** How long reads of an address stay spaced after one of its callbacks was refused as forged. */
export const CONTESTED_MS = 60_000;
/** A lone deposit callback is looked up by id, and reads of an address are not spaced, while more than this share of the wallet's window is free. */
export const UNBATCHED_ROOM = 0.5;
/**
 * Callbacks held open while they are verified (the sender waiting, or acknowledged with 202 and
 * verified in the background), per process. On n8n 2.x each costs an expression isolate, about
 * 14 MB (BENCHMARKS.md, measure 11): ten keep a flood of any size well under 300 MB.
 */
export const MAX_HELD_CALLBACKS = 10;

const refuted = new ExpiringMemory<true>(REFUTED_MEMORY_MS, 20_000);
const identities = new ExpiringMemory<IDataObject>(IDENTITY_MEMORY_MS, 1_000);
const addressReads = new AddressBatches<IDataObject | IDataObject[]>(ADDRESS_READ_INTERVAL_MS);
const contested = new ExpiringMemory<true>(CONTESTED_MS, 20_000);
const forgedLately = new ExpiringMemory<true>(CONTESTED_MS, 1_000);
export const heldCallbacks = new HeldCallbacks(MAX_HELD_CALLBACKS);

/** Forgets every cache (tests; a fresh simulator is a new gateway). */
export function forgetCallbackMemory(): void {
	refuted.clear();
	identities.clear();
	addressReads.clear();
	contested.clear();
	forgedLately.clear();
	addressesInFlight.clear();
}

/** The same callback, whatever order its fields came in: identical callbacks merge on it. */
export function fingerprint(callback: IDataObject): string {
	const sorted = Object.keys(callback)
		.sort()
		.map((name) => [name, callback[name]]);
	return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

const recordId = (event: string, callback: IDataObject) =>
	String(event === 'invoice' ? callback.invoice_id : callback.id);

function refutedKeys(wallet: string, event: string, callback: IDataObject) {
	const id = `${wallet}|${event}|${recordId(event, callback)}`;
	return { id, address: `${id}|${String(callback.address ?? '')}` };
}

export function wasRefuted(wallet: string, event: string, callback: IDataObject): boolean {
	const keys = refutedKeys(wallet, event, callback);
	return refuted.has(keys.id) || refuted.has(keys.address);
}

export function rememberRefuted(
	wallet: string,
	event: string,
	callback: IDataObject,
	scope: 'id' | 'address',
): void {
	refuted.set(refutedKeys(wallet, event, callback)[scope], true);
}

/** A callback naming `address` was refused as forged: its address's reads are spaced for a while. */
export function contestAddress(wallet: string, address: string): void {
	contested.set(`${wallet}|${address}`, true);
}

/** The wallet's identity, read with `read` at most once per IDENTITY_MEMORY_MS (and once for callers at the same time). */
export async function walletIdentity(
	wallet: string,
	read: () => Promise<IDataObject>,
): Promise<IDataObject> {
	const known = identities.get(wallet);
	if (known) return known;
	return await mergeInFlight(`identity|${wallet}`, async () => {
		const identity = await read();
		identities.set(wallet, identity);
		return identity;
	});
}

const addressesInFlight = new Map<string, number>();

/**
 * Verifies a v1 deposit callback (`verify`), telling it whether to share a read of its address
 * with the other callbacks naming it: when another one is being verified now (a burst on one
 * address looks like a flood until the API answers), or one was refused lately. A callback alone on
 * its address is looked up by id: one round trip.
 */
export async function verifyAtAddress<T>(
	wallet: string,
	address: string,
	verify: (shared: boolean) => Promise<T>,
): Promise<T> {
	const key = `${wallet}|${address}`;
	const others = addressesInFlight.get(key) ?? 0;
	addressesInFlight.set(key, others + 1);
	try {
		return await verify(others > 0 || contested.has(key));
	} finally {
		const left = (addressesInFlight.get(key) ?? 1) - 1;
		if (left > 0) addressesInFlight.set(key, left);
		else addressesInFlight.delete(key);
	}
}

/** A callback to the wallet was refused as forged (403): the wallet is under a flood, perhaps. */
export function rememberForgery(wallet: string): void {
	forgedLately.set(wallet, true);
}

/** Whether a callback to the wallet was refused as forged in the last CONTESTED_MS. */
export const wasForgedLately = (wallet: string) => forgedLately.has(wallet);

/** Whether a callback naming the address was refused as forged lately. */
export const isContested = (wallet: string, address: string) =>
	contested.has(`${wallet}|${address}`);

/**
 * One read of an address's transactions shared by every callback waiting for it (`read`, made by
 * verify/): reads of one address go one after another, and at most once per
 * ADDRESS_READ_INTERVAL_MS while `spaced()`. A read under way serves those whose deposit it `serves`.
 */
export async function sharedAddressRead(
	key: string,
	read: () => Promise<IDataObject | IDataObject[]>,
	spaced: () => boolean,
	serves: (answer: IDataObject | IDataObject[]) => boolean,
): Promise<IDataObject | IDataObject[]> {
	return await addressReads.settle(key, read, spaced, serves);
}
