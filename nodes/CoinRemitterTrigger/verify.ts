import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../shared/client';
import { callApi, LEGACY_CREDENTIAL, legacyWallet, V1_CREDENTIAL } from '../shared/client';
import {
	credentialTypeOf,
	forgetCallbackCredentials,
	reuseCallbackCredentials,
} from '../shared/client/credentials';
import type { DeliveryPolicy } from '../shared/delivery';
import type { Lane } from '../shared/delivery/rateWindow';
import type { FailureReason } from '../shared/errors';
import { failureOf, isLegacyRefusal, isNotFound, isRateLimitWait } from '../shared/errors';
import { isEvmAddress, sameAddress } from '../shared/addresses';
import { sameAmount } from '../shared/decimal';
import { isPlainObject } from '../shared/json';
import type { Lookup, MatchedField } from './callbacks/callback';
import { CallbackRejection, refuse } from './rejection';
import type { TriggerEvent } from './callbacks';
import type { CallbackInterface } from './schemas';
import * as flood from './flood';

/** How long a sender is expected to wait for its answer, by default (the "Verification Wait" option). */
export const DEFAULT_VERIFICATION_WAIT_S = 5;
/** Once a callback is acknowledged, how long its verification may still wait for the rate limit. */
const BACKGROUND_WAIT_MS = 10 * 60_000;

/**
 * While a sender waits for the answer, verification's calls go ahead of item work in the wallet's
 * rate limit (`lane`), wait at most `waitMs` for a slot, and get a short time and two tries each.
 * Once the callback is acknowledged nobody waits: its verification goes in the background lane, with
 * what item work leaves (the reserve at least), so that a burst of callbacks does not starve checkout
 * or payouts.
 */
function verificationPolicy(waitMs: number, lane: Lane = 'verification'): DeliveryPolicy {
	return {
		lane,
		maxRateLimitWaitMs: waitMs,
		timeoutMs: 2_000,
		readAttempts: 2,
	};
}

/** A read for verification, with the trigger's credential for `api`. */
async function read(
	context: IWebhookFunctions,
	api: CallbackInterface,
	policy: DeliveryPolicy,
	endpoint: Endpoint,
	fields: IDataObject = {},
) {
	return await callApi.call(context, { api, endpoint, fields, kind: 'read', policy, itemIndex: 0 });
}

const UNAVAILABLE =
	'The callback could not be verified with the CoinRemitter API right now; send it again later';

/** Verification could not get a slot of the wallet's rate limit in time (nothing was sent). */
class RateLimitBusy extends CallbackRejection {
	constructor() {
		super(503, UNAVAILABLE);
	}
}

const busy = () => new RateLimitBusy();
const BUSY = Symbol('busy');
const busyAsResult = (error: unknown): typeof BUSY => {
	if (error instanceof RateLimitBusy) return BUSY;
	throw error;
};

/**
 * Runs `verify` with the trigger's credential for `api`, read from n8n at most once per
 * CALLBACK_CREDENTIAL_REUSE_MS for the callbacks of one trigger node (reuseCallbackCredentials).
 * After any callback it did not verify (a refusal, another wallet, no answer), the next callback
 * reads it from n8n again, in case it was edited.
 */
export async function withCallbackCredential(
	context: IWebhookFunctions,
	api: CallbackInterface,
	verify: () => Promise<Verification>,
): Promise<Verification> {
	const credentialType = credentialTypeOf(api);
	reuseCallbackCredentials(context, credentialType);
	let verified: Verification | undefined;
	try {
		verified = await verify();
		return verified;
	} finally {
		if (!verified || !('record' in verified)) forgetCallbackCredentials(context, credentialType);
	}
}

/**
 * Verifies a callback within the sender's patience (`waitMs` for the rate limit). When the wallet's
 * limit binds, the callback is acknowledged (`acknowledge`: 202 to the sender) and verification goes
 * on for up to ten minutes; the workflow still starts only for a record the API confirms.
 */
export async function verifyPatiently(
	this: IWebhookFunctions,
	lookup: Lookup,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
	waitMs: number,
	acknowledge: () => void,
): Promise<Verification> {
	const wallet = await flood.walletKeyOf(this, api);
	if (flood.wasRefuted(wallet, event, callback)) throw refuse(403, NOT_FOUND);
	const verifyOnce = async (stage: string, policy: DeliveryPolicy) =>
		await flood
			.mergeInFlight(`${stage}|${wallet}|${event}|${flood.fingerprint(callback)}`, async () =>
				verifyCallback.call(this, lookup, api, callback, policy, wallet),
			)
			.catch((error: unknown) => {
				if (error instanceof flood.NoSuchRecord)
					flood.rememberRefuted(wallet, event, callback, error.scope);
				if (error instanceof CallbackRejection && error.status === 403 && callback.address)
					flood.contestAddress(wallet, String(callback.address));
				throw error;
			});
	const inTime = await verifyOnce('now', verificationPolicy(waitMs)).catch(busyAsResult);
	if (inTime !== BUSY) return inTime;
	const release = flood.backgroundSlots.take();
	if (!release) throw refuse(503, UNAVAILABLE);
	acknowledge();
	try {
		return await verifyOnce(
			'background',
			verificationPolicy(BACKGROUND_WAIT_MS, 'background'),
		).catch((error: unknown) => {
			if (!(error instanceof CallbackRejection) || error.status >= 500)
				logGiveUp(this, event, callback, error);
			throw error;
		});
	} finally {
		release();
	}
}

/** An acknowledged callback that could not be verified is lost to the trigger: n8n's log says so, as an error. */
function logGiveUp(
	context: IWebhookFunctions,
	event: TriggerEvent,
	callback: IDataObject,
	error: unknown,
) {
	const reason = error instanceof CallbackRejection ? error.message : 'unexpected error';
	context.logger.error(
		`CoinRemitter Trigger: gave up verifying a ${flood.describeCallback(event, callback)} that was answered 202: ${reason}. No workflow started for it; a catch-up run finds the payment (README: Never miss a payment).`,
	);
}

/** Which interfaces the trigger has a credential for. */
export function credentialsOnNode(context: IWebhookFunctions): Record<CallbackInterface, boolean> {
	const saved = context.getNode().credentials ?? {};
	return { v1: saved[V1_CREDENTIAL] !== undefined, legacy: saved[LEGACY_CREDENTIAL] !== undefined };
}

/**
 * The fetched record alone (never merged with the callback: a verified item holds what the record
 * says), or why the callback belongs to another wallet (not forged: someone else's business).
 */
export type Verification = { record: IDataObject } | { otherWallet: string };

const NOT_FOUND = 'The callback does not match any record of the wallet';

/**
 * Fetches the record the callback speaks of with the wallet's credential (the kind's `lookup`, or
 * for a v1 deposit the transactions of its address, read once for every callback waiting for it)
 * and returns it. A callback of another wallet is reported as such; a record that does not exist,
 * or disagrees on a field the kind compares (type, address, amount), means a forged callback (403).
 * When the API cannot answer within the verification budget, 503.
 */
export async function verifyCallback(
	this: IWebhookFunctions,
	lookup: Lookup,
	api: CallbackInterface,
	callback: IDataObject,
	policy: DeliveryPolicy,
	wallet: string,
): Promise<Verification> {
	if (api === 'legacy') {
		const { coin } = await legacyWallet.call(this, 0);
		const callbackCoin = String(callback.coin_short_name ?? callback.coin ?? '').toUpperCase();
		if (callbackCoin && callbackCoin !== coin)
			return { otherWallet: otherWalletReason(callbackCoin, coin) };
	}
	let record: IDataObject | IDataObject[];
	try {
		record = await fetchRecord.call(this, lookup, api, callback, policy, wallet);
	} catch (error) {
		if (isRateLimitWait(error)) throw busy();
		const notListed = error instanceof NotAtAddress;
		if (!notListed && !(await isMissingRecord.call(this, error, api, policy, wallet)))
			throw refuse(503, UNAVAILABLE);
		const other =
			api === 'v1' ? await otherV1Wallet.call(this, callback, policy, wallet) : undefined;
		if (other) return { otherWallet: other };
		throw new flood.NoSuchRecord(NOT_FOUND, notListed ? 'address' : 'id');
	}
	if (!isPlainObject(record)) throw refuse(403, NOT_FOUND);
	for (const field of lookup.mustMatch) {
		if (disagree[field](callback, record))
			throw refuse(403, `The callback's ${field} does not match the wallet's record`);
	}
	return { record };
}

/** Whether callback and record disagree on a field; a field one of them lacks is not compared. */
const disagree: Record<MatchedField, (callback: IDataObject, record: IDataObject) => boolean> = {
	type: (callback, record) =>
		callback.type !== undefined && record.type !== undefined && callback.type !== record.type,
	address: (callback, record) =>
		Boolean(callback.address && record.address) && !sameAddress(callback.address, record.address),
	amount: (callback, record) =>
		callback.amount !== undefined &&
		record.amount !== undefined &&
		!sameAmount(callback.amount, record.amount),
};

function otherWalletReason(callbackWallet: string, credentialWallet: string): string {
	return `a callback of another wallet (${callbackWallet}); this trigger's credential is for ${credentialWallet}. Use one trigger per wallet`;
}

/** The deposit is not among the transactions of the address it names, or the address is not the wallet's. */
class NotAtAddress extends Error {}

async function fetchRecord(
	this: IWebhookFunctions,
	lookup: Lookup,
	api: CallbackInterface,
	callback: IDataObject,
	policy: DeliveryPolicy,
	wallet: string,
) {
	const byId = async () => {
		const { endpoint, fields } = lookup.read(callback);
		return await read(this, api, policy, endpoint, fields);
	};
	if (!lookup.settlesByAddress?.(callback, api)) return await byId();
	return await flood.verifyAtAddress(wallet, String(callback.address), async (shared) => {
		if (!shared && !(await flood.callsAreShort.call(this, policy))) return await byId();
		const listing = await depositAtAddress.call(this, wallet, callback, policy);
		if (listing === 'absent') throw new NotAtAddress();
		return listing === 'unproven' ? await byId() : listing.record;
	});
}

/**
 * A v1 deposit is settled with every other callback waiting for its address (one read for all).
 * The service answers "not found" for an address that is not the wallet's; any other failure
 * leaves it to the per-id lookup.
 */
async function depositAtAddress(
	this: IWebhookFunctions,
	wallet: string,
	callback: IDataObject,
	policy: DeliveryPolicy,
) {
	return await flood.depositByAddress
		.call(this, wallet, callback, policy)
		.catch((error: unknown) => {
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

/** A v1 record not found in the credential's wallet may be another wallet's: the wallet's own coin and id tell. */
async function otherV1Wallet(
	this: IWebhookFunctions,
	callback: IDataObject,
	policy: DeliveryPolicy,
	walletKey: string,
): Promise<string | undefined> {
	if (!callback.coin_symbol && !callback.wallet_id) return undefined;
	let wallet: IDataObject;
	try {
		wallet = await flood.walletIdentity(walletKey, async () => {
			const balance = await read(this, 'v1', policy, { v1: '/v1/wallet/balance' });
			return isPlainObject(balance) ? balance : {};
		});
	} catch (error) {
		throw isRateLimitWait(error) ? busy() : refuse(503, UNAVAILABLE);
	}
	const symbol = String(wallet.coin_symbol ?? '');
	if (
		callback.coin_symbol &&
		symbol &&
		String(callback.coin_symbol).toUpperCase() !== symbol.toUpperCase()
	) {
		return otherWalletReason(String(callback.coin_symbol), symbol);
	}
	if (
		callback.wallet_id &&
		wallet.wallet_id &&
		String(callback.wallet_id) !== String(wallet.wallet_id)
	) {
		return otherWalletReason(
			`wallet ${String(callback.wallet_id)}`,
			`wallet ${String(wallet.wallet_id)} (${symbol})`,
		);
	}
	return undefined;
}

/**
 * v1 says "not found" with error code 1005, whatever the HTTP status. Legacy answers flag 0 at
 * HTTP 200 both for an unknown record and for wrong keys, so a working balance call is what tells
 * the first from the second: a misconfigured credential must not turn genuine callbacks away as forged.
 */
async function isMissingRecord(
	this: IWebhookFunctions,
	error: unknown,
	api: CallbackInterface,
	policy: DeliveryPolicy,
	wallet: string,
): Promise<boolean> {
	if (api === 'v1') return isNotFound(error);
	if (!isLegacyRefusal(error)) return false;
	try {
		await flood.walletIdentity(wallet, async () => {
			await read(this, 'legacy', policy, { legacy: 'get-balance' });
			return { keysWork: true };
		});
		return true;
	} catch (balanceError) {
		if (isRateLimitWait(balanceError)) throw busy();
		return false;
	}
}
