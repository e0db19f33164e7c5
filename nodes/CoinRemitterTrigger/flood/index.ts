// The trigger's defences against a flood of forged callbacks. Everything here is a per-process
// cache: losing it costs API calls, never a payment, and no other n8n process needs it.
import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { callApi, V1_CREDENTIAL } from '../../shared/client';
import { credentialsOf, credentialTypeOf, v1Wallet } from '../../shared/client/credentials';
import type { DeliveryPolicy } from '../../shared/delivery';
import { windowHasRoom } from '../../shared/delivery';
import { CallbackRejection } from '../rejection';
import type { TriggerEvent } from '../callbacks';
import type { CallbackInterface } from '../schemas';
import { AddressBatches } from './AddressBatches';
import { findDeposit, type Listing } from './addressList';
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
export const heldCallbacks = new HeldCallbacks(MAX_HELD_CALLBACKS);

/** Forgets every cache (tests; a fresh simulator is a new gateway). */
export function forgetFloodMemory(): void {
	refuted.clear();
	identities.clear();
	addressReads.clear();
	contested.clear();
	addressesInFlight.clear();
}

/**
 * Which wallet the trigger verifies with: a hash of the interface, base URL, key and password
 * (never the values themselves), so that an edited credential is a new wallet for every cache.
 */
export async function walletKeyOf(
	context: IWebhookFunctions,
	api: CallbackInterface,
): Promise<string> {
	const type = credentialTypeOf(api);
	const credentials = await credentialsOf(context, type, 0);
	const secret = credentials.apiPassword ?? credentials.password;
	const parts = [api, credentials.baseUrl, credentials.coin, credentials.apiKey, secret];
	return createHash('sha256')
		.update(parts.map((part) => String(part ?? '')).join('|'))
		.digest('hex')
		.slice(0, 32);
}

/** The same callback, whatever order its fields came in: identical callbacks merge on it. */
export function fingerprint(callback: IDataObject): string {
	const sorted = Object.keys(callback)
		.sort()
		.map((name) => [name, callback[name]]);
	return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

const recordId = (event: TriggerEvent, callback: IDataObject) =>
	String(event === 'invoice' ? callback.invoice_id : callback.id);

/**
 * A callback refuted because its record does not exist: in the whole wallet (`id`), or among the
 * deposits of the address it names (`address`). Only these are remembered: a callback whose record
 * exists but disagrees says nothing about the genuine callback for the same id.
 */
export class NoSuchRecord extends CallbackRejection {
	constructor(
		message: string,
		readonly scope: 'id' | 'address',
	) {
		super(403, message);
	}
}

function refutedKeys(wallet: string, event: TriggerEvent, callback: IDataObject) {
	const id = `${wallet}|${event}|${recordId(event, callback)}`;
	return { id, address: `${id}|${String(callback.address ?? '')}` };
}

export function wasRefuted(wallet: string, event: TriggerEvent, callback: IDataObject): boolean {
	const keys = refutedKeys(wallet, event, callback);
	return refuted.has(keys.id) || refuted.has(keys.address);
}

export function rememberRefuted(
	wallet: string,
	event: TriggerEvent,
	callback: IDataObject,
	scope: NoSuchRecord['scope'],
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
export async function depositByAddress(
	this: IWebhookFunctions,
	wallet: string,
	callback: IDataObject,
	policy: DeliveryPolicy,
): Promise<Listing> {
	const address = String(callback.address);
	const id = String(callback.id);
	const short = await callsAreShort.call(this, policy);
	const spaced = () => short || contested.has(`${wallet}|${address}`);
	// Callers that may wait long (acknowledged ones) do not hold up those whose sender still waits.
	const patience = `${policy.lane ?? 'work'}:${policy.maxRateLimitWaitMs}`;
	const summary = await addressReads.settle(
		`${wallet}|${address}|${patience}`,
		async () =>
			await callApi.call(this, {
				api: 'v1',
				endpoint: { v1: '/v1/wallet/address/transactions' },
				fields: { address },
				kind: 'read',
				policy,
				itemIndex: 0,
			}),
		spaced,
		(answer) => typeof findDeposit(answer, id) === 'object',
	);
	return findDeposit(summary, id);
}

/** Kind, id and address of a callback for n8n's log (never a credential). */
export function describeCallback(event: TriggerEvent, callback: IDataObject): string {
	const id =
		event === 'invoice' ? `invoice_id ${String(callback.invoice_id)}` : `id ${String(callback.id)}`;
	const address = callback.address ? `, address ${String(callback.address)}` : '';
	return `${event} callback (${id}${address})`;
}
