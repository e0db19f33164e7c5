import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { legacyGeneration, type LegacyGeneration } from '../coins';
import type { RequestContext } from '../delivery';

export const V1_CREDENTIAL = 'coinRemitterApi';
export const LEGACY_CREDENTIAL = 'coinRemitterLegacyApi';

export interface LegacyWallet {
	coin: string;
	generation: LegacyGeneration;
	baseUrl: string;
	credentials: ICredentialDataDecryptedObject;
}

const credentialCache = new WeakMap<
	RequestContext,
	Map<string, Promise<ICredentialDataDecryptedObject>>
>();

/**
 * The node's credential, read once per node run: n8n decrypts it and evaluates its expressions on
 * every read, which cost more than the call itself. Every item of one run uses the same credential.
 */
export async function credentialsOf(context: RequestContext, type: string, itemIndex: number) {
	let byType = credentialCache.get(context);
	if (!byType) credentialCache.set(context, (byType = new Map()));
	let pending = byType.get(type);
	if (!pending) {
		pending = context.getCredentials(type, itemIndex);
		byType.set(type, pending);
		pending.catch(() => byType.delete(type));
	}
	return await pending;
}

/** The v1 credential and its base URL. */
export async function v1Wallet(context: RequestContext, itemIndex: number) {
	const credentials = await credentialsOf(context, V1_CREDENTIAL, itemIndex);
	const baseUrl =
		typeof credentials.baseUrl === 'string' ? credentials.baseUrl : 'https://api.coinremitter.com';
	return { baseUrl, credentials };
}

/** The coin, path generation and base URL of the legacy credential. */
export async function legacyWallet(this: RequestContext, itemIndex: number): Promise<LegacyWallet> {
	const credentials = await credentialsOf(this, LEGACY_CREDENTIAL, itemIndex);
	const coin = String(credentials.coin ?? '').toUpperCase();
	return {
		coin,
		generation: legacyGeneration(coin, String(credentials.apiGeneration ?? 'auto')),
		baseUrl:
			typeof credentials.baseUrl === 'string' ? credentials.baseUrl : 'https://coinremitter.com',
		credentials,
	};
}
