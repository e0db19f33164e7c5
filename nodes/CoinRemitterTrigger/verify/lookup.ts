import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { legacyWallet } from '../../shared/client';
import type { DeliveryPolicy } from '../../shared/delivery';
import { isRateLimitWait } from '../../shared/errors';
import { sameAddress } from '../../shared/addresses';
import { sameAmount } from '../../shared/decimal';
import { isPlainObject } from '../../shared/json';
import type { Lookup, MatchedField } from '../callbacks/callback';
import * as memory from '../memory';
import { refuse } from '../rejection';
import type { CallbackInterface } from '../schemas';
import type { Verification } from './answers';
import { busy, NOT_FOUND, noSuchRecord, UNAVAILABLE } from './answers';
import { read } from './apiRead';
import { callsAreShort, depositAtAddress } from './byAddress';
import { isMissingRecord, otherV1Wallet, otherWalletReason } from './wallet';

// Looking the record up: by id, or among the transactions of the deposit's address.

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
		throw noSuchRecord(notListed ? 'address' : 'id');
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
	return await memory.verifyAtAddress(wallet, String(callback.address), async (shared) => {
		if (!shared && !(await callsAreShort.call(this, policy))) return await byId();
		const listing = await depositAtAddress.call(this, wallet, callback, policy);
		if (listing === 'absent') throw new NotAtAddress();
		return listing === 'unproven' ? await byId() : listing.record;
	});
}
