import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { legacyGeneration, type LegacyGeneration } from '../coins';
import { nodeOf, type RequestContext } from '../delivery';
import { hostProblem } from './hosts';
import { forOwnRequests } from './ownRequests';

export const V1_CREDENTIAL = 'coinRemitterApi';
export const LEGACY_CREDENTIAL = 'coinRemitterLegacyApi';

/** The credential type of an interface. */
export const credentialTypeOf = (api: 'v1' | 'legacy') =>
	api === 'v1' ? V1_CREDENTIAL : LEGACY_CREDENTIAL;

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
	const byType = readsOf(context);
	let pending = byType.get(type);
	if (!pending) {
		pending = context.getCredentials(type, itemIndex).then(forOwnRequests);
		byType.set(type, pending);
		pending.catch(() => byType.delete(type));
	}
	return await pending;
}

/** The credential reads of one node run, by type. */
function readsOf(context: RequestContext): Map<string, Promise<ICredentialDataDecryptedObject>> {
	let byType = credentialCache.get(context);
	if (!byType) credentialCache.set(context, (byType = new Map()));
	return byType;
}

/** How long the trigger uses a credential it read for one callback for the callbacks after it. */
export const CALLBACK_CREDENTIAL_REUSE_MS = 10_000;

const readForCallbacks = new Map<
	string,
	{ pending: Promise<ICredentialDataDecryptedObject>; until: number }
>();

/** One trigger node's credential of one type; undefined when the node has no saved credential. */
function callbackCredentialKey(context: IWebhookFunctions, type: string): string | undefined {
	const node = nodeOf(context);
	const saved = node.credentials?.[type];
	if (!saved?.id) return undefined;
	return `${context.getWorkflow().id ?? ''}|${node.id}|${type}|${saved.id}`;
}

/**
 * Has this callback use the credential the same trigger node read for a callback less than
 * CALLBACK_CREDENTIAL_REUSE_MS ago. n8n reads a credential from its database, decrypts it and, on
 * n8n 2.x, takes an expression isolate for every read: under a burst of callbacks that costs more
 * than the verification's own call. So a credential edited in n8n reaches the trigger within that
 * time, or at once after a verification it failed (forgetCallbackCredentials).
 */
export function reuseCallbackCredentials(context: IWebhookFunctions, type: string): void {
	const key = callbackCredentialKey(context, type);
	if (!key) return;
	const now = Date.now();
	const recent = readForCallbacks.get(key);
	if (recent && recent.until > now) {
		readsOf(context).set(type, recent.pending);
		return;
	}
	for (const [stale, read] of readForCallbacks)
		if (read.until <= now) readForCallbacks.delete(stale);
	const read = {
		pending: credentialsOf(context, type, 0),
		until: now + CALLBACK_CREDENTIAL_REUSE_MS,
	};
	readForCallbacks.set(key, read);
	read.pending.catch(() => forgetCallbackCredentials(context, type));
}

/** The next callback reads the trigger's credential from n8n again. */
export function forgetCallbackCredentials(context: IWebhookFunctions, type: string): void {
	const key = callbackCredentialKey(context, type);
	if (key) readForCallbacks.delete(key);
}

/** Forgets every credential kept for callbacks (tests). */
export function forgetAllCallbackCredentials(): void {
	readForCallbacks.clear();
}

/** The credential's Base URL, refused (naming the field) unless it is CoinRemitter's or a local simulator's. */
function checkedBaseUrl(
	context: RequestContext,
	itemIndex: number,
	credentials: ICredentialDataDecryptedObject,
	credentialName: string,
	fallback: string,
): string {
	const baseUrl =
		typeof credentials.baseUrl === 'string' && credentials.baseUrl.trim() !== ''
			? credentials.baseUrl.trim()
			: fallback;
	const problem = hostProblem(baseUrl);
	if (problem)
		throw new NodeOperationError(
			nodeOf(context),
			`${credentialName} credential → Base URL: ${problem}`,
			{
				itemIndex,
				description: `Nothing was sent. The credential's API key and password go only to CoinRemitter, so that whoever can edit a shared credential cannot send them elsewhere. Set Base URL back to ${fallback} (to reach CoinRemitter through a proxy, set n8n's HTTP_PROXY / HTTPS_PROXY instead).`,
			},
		);
	return baseUrl;
}

/** The v1 credential and its base URL. */
export async function v1Wallet(context: RequestContext, itemIndex: number) {
	const credentials = await credentialsOf(context, V1_CREDENTIAL, itemIndex);
	const baseUrl = checkedBaseUrl(
		context,
		itemIndex,
		credentials,
		'CoinRemitter V1 API',
		'https://api.coinremitter.com',
	);
	return { baseUrl, credentials };
}

/** The coin, path generation and base URL of the legacy credential. */
export async function legacyWallet(this: RequestContext, itemIndex: number): Promise<LegacyWallet> {
	const credentials = await credentialsOf(this, LEGACY_CREDENTIAL, itemIndex);
	const coin = String(credentials.coin ?? '').toUpperCase();
	return {
		coin,
		generation: legacyGeneration(coin, String(credentials.apiGeneration ?? 'auto')),
		baseUrl: checkedBaseUrl(
			this,
			itemIndex,
			credentials,
			'CoinRemitter Legacy V2/V3 API',
			'https://coinremitter.com',
		),
		credentials,
	};
}
