import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { credentialsOf, credentialTypeOf } from '../../shared/client/credentials';
import type { DeliveryPolicy } from '../../shared/delivery';
import { isLegacyRefusal, isNotFound, isRateLimitWait } from '../../shared/errors';
import { isPlainObject } from '../../shared/json';
import * as memory from '../memory';
import { refuse } from '../rejection';
import type { CallbackInterface } from '../schemas';
import { busy, UNAVAILABLE } from './answers';
import { read } from './apiRead';

// Telling the wallet's identity: whether a record missing from the credential's wallet is another
// wallet's business, and whether a legacy "no" means an unknown record or wrong keys.

export function otherWalletReason(callbackWallet: string, credentialWallet: string): string {
	return `a callback of another wallet (${callbackWallet}); this trigger's credential is for ${credentialWallet}. Use one trigger per wallet`;
}

/** A v1 record not found in the credential's wallet may be another wallet's: the wallet's own coin and id tell. */
export async function otherV1Wallet(
	this: IWebhookFunctions,
	callback: IDataObject,
	policy: DeliveryPolicy,
	walletKey: string,
): Promise<string | undefined> {
	if (!callback.coin_symbol && !callback.wallet_id) return undefined;
	let wallet: IDataObject;
	try {
		wallet = await memory.walletIdentity(walletKey, async () => {
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
export async function isMissingRecord(
	this: IWebhookFunctions,
	error: unknown,
	api: CallbackInterface,
	policy: DeliveryPolicy,
	wallet: string,
): Promise<boolean> {
	if (api === 'v1') return isNotFound(error);
	if (!isLegacyRefusal(error)) return false;
	try {
		await memory.walletIdentity(wallet, async () => {
			await read(this, 'legacy', policy, { legacy: 'get-balance' });
			return { keysWork: true };
		});
		return true;
	} catch (balanceError) {
		if (isRateLimitWait(balanceError)) throw busy();
		return false;
	}
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
