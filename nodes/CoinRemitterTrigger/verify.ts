import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../shared/client';
import { callApi, LEGACY_CREDENTIAL, legacyWallet, V1_CREDENTIAL } from '../shared/client';
import type { DeliveryPolicy } from '../shared/delivery';
import { isLegacyRefusal, isNotFound } from '../shared/errors';
import { sameAddress } from '../shared/addresses';
import { sameAmount } from '../shared/decimal';
import { isPlainObject } from '../shared/json';
import { refuse } from './parse';
import type { CallbackInterface, TriggerEvent } from './schemas';

/**
 * The trigger verifies while the service waits for its answer: a few seconds in all, or the
 * service times out and delivers again. Past this budget the callback gets a 503.
 */
export const VERIFY_POLICY: DeliveryPolicy = {
	maxRateLimitWaitMs: 1_500,
	rateWindowMs: 60_000,
	timeoutMs: 2_000,
	readAttempts: 2,
};

/** A read with the verification budget, with the trigger's credential for `api`. */
async function read(
	context: IWebhookFunctions,
	api: CallbackInterface,
	endpoint: Endpoint,
	fields: IDataObject = {},
) {
	return await callApi.call(context, {
		api,
		endpoint,
		fields,
		kind: 'read',
		policy: VERIFY_POLICY,
		itemIndex: 0,
	});
}

/** Which interfaces the trigger has a credential for. */
export function credentialsOnNode(context: IWebhookFunctions): Record<CallbackInterface, boolean> {
	const saved = context.getNode().credentials ?? {};
	return { v1: saved[V1_CREDENTIAL] !== undefined, legacy: saved[LEGACY_CREDENTIAL] !== undefined };
}

/** The fetched record, or why the callback belongs to another wallet (not forged: someone else's business). */
export type Verification = { record: IDataObject } | { otherWallet: string };

const NOT_FOUND = 'The callback does not match any record of the wallet';

/**
 * Fetches the record the callback speaks of with the wallet's credential and returns it merged
 * over the callback. A callback of another wallet is reported as such; a record that does not
 * exist, or disagrees on address, amount or type, means a forged callback (403). When the API
 * cannot answer within the verification budget, 503 (the service delivers it again).
 */
export async function verifyCallback(
	this: IWebhookFunctions,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
): Promise<Verification> {
	if (api === 'legacy') {
		const { coin } = await legacyWallet.call(this, 0);
		const callbackCoin = String(callback.coin_short_name ?? callback.coin ?? '').toUpperCase();
		if (callbackCoin && callbackCoin !== coin)
			return { otherWallet: otherWalletReason(callbackCoin, coin) };
	}
	let record: IDataObject | IDataObject[];
	try {
		record = await lookup.call(this, event, api, callback);
	} catch (error) {
		if (!(await isMissingRecord.call(this, error, api))) {
			throw refuse(
				503,
				'The callback could not be verified with the CoinRemitter API right now; send it again later',
			);
		}
		const other = api === 'v1' ? await otherV1Wallet.call(this, callback) : undefined;
		if (other) return { otherWallet: other };
		throw refuse(403, NOT_FOUND);
	}
	if (!isPlainObject(record)) throw refuse(403, NOT_FOUND);
	if (callback.type !== undefined && record.type !== undefined && callback.type !== record.type) {
		throw refuse(403, "The callback's type does not match the wallet's record");
	}
	if (callback.address && record.address && !sameAddress(callback.address, record.address)) {
		throw refuse(403, "The callback's address does not match the wallet's record");
	}
	if (
		event !== 'invoice' &&
		callback.amount !== undefined &&
		record.amount !== undefined &&
		!sameAmount(callback.amount, record.amount)
	) {
		throw refuse(403, "The callback's amount does not match the wallet's record");
	}
	return { record: { ...callback, ...record } };
}

function otherWalletReason(callbackWallet: string, credentialWallet: string): string {
	return `a callback of another wallet (${callbackWallet}); this trigger's credential is for ${credentialWallet}. Use one trigger per wallet`;
}

async function lookup(
	this: IWebhookFunctions,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
) {
	if (event === 'invoice') {
		const fields = { invoice_id: String(callback.invoice_id) };
		return await read(this, api, { v1: '/v1/invoice/get', legacy: 'get-invoice' }, fields);
	}
	const fields = { id: String(callback.id) };
	return await read(this, api, { v1: '/v1/wallet/transaction', legacy: 'get-transaction' }, fields);
}

/** A v1 record not found in the credential's wallet may be another wallet's: the wallet's own coin and id tell. */
async function otherV1Wallet(
	this: IWebhookFunctions,
	callback: IDataObject,
): Promise<string | undefined> {
	let wallet: IDataObject | IDataObject[];
	try {
		wallet = await read(this, 'v1', { v1: '/v1/wallet/balance' });
	} catch {
		throw refuse(
			503,
			'The callback could not be verified with the CoinRemitter API right now; send it again later',
		);
	}
	if (!isPlainObject(wallet)) return undefined;
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
): Promise<boolean> {
	if (api === 'v1') return isNotFound(error);
	if (!isLegacyRefusal(error)) return false;
	try {
		await read(this, 'legacy', { legacy: 'get-balance' });
		return true;
	} catch {
		return false;
	}
}
