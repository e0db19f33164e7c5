import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { legacyGeneration, PACKAGE_VERSION, type LegacyGeneration } from '../helpers/constants';
import { legacyApiError, unreadableResponse, v1ApiError } from '../helpers/errors';
import { isPlainObject, parseJsonExact } from '../helpers/json';
import type { RequestContext } from './context';
import { deliveryPolicy, limiterKey } from './context';
import type { CallKind } from './delivery';
import { deliver } from './delivery';

export type { RequestContext } from './context';

export const V1_CREDENTIAL = 'coinRemitterApi';
const USER_AGENT = `n8n-nodes-coinremitter/${PACKAGE_VERSION}`;
export const LEGACY_CREDENTIAL = 'coinRemitterLegacyApi';

export type V1Path =
	| '/v1/wallet/address/create'
	| '/v1/wallet/address/validate'
	| '/v1/wallet/address/transactions'
	| '/v1/wallet/withdraw/estimate'
	| '/v1/wallet/withdraw'
	| '/v1/wallet/transaction'
	| '/v1/wallet/balance'
	| '/v1/invoice/create'
	| '/v1/invoice/get'
	| '/v1/rate/fiat-to-crypto'
	| '/v1/rate/crypto-to-fiat'
	| '/v1/rate/supported-currency';

export type LegacyOperation =
	| 'get-new-address'
	| 'validate-address'
	| 'get-transaction-by-address'
	| 'withdraw'
	| 'get-transaction'
	| 'get-balance'
	| 'create-invoice'
	| 'get-invoice'
	| 'get-fiat-to-crypto-rate';

/** Calls that create something or move money: never repeated unless they surely did not arrive. */
const WRITES = new Set<string>([
	'/v1/wallet/address/create',
	'/v1/wallet/withdraw',
	'/v1/invoice/create',
	'get-new-address',
	'withdraw',
	'create-invoice',
]);

const kindOf = (call: string): CallKind => (WRITES.has(call) ? 'write' : 'read');

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
async function credentialsOf(context: RequestContext, type: string, itemIndex: number) {
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

function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.trim().replace(/\/+$/, '')}${path}`;
}

/**
 * Sends one v1 call: POST with the fields as multipart form fields, the credential's headers added
 * by n8n, and the `{ success, data }` envelope turned into `data` (an object, or an array for the
 * rate calls) or a NodeApiError.
 */
export async function v1Request(
	this: RequestContext,
	path: V1Path,
	fields: IDataObject,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const credentials = await credentialsOf(this, V1_CREDENTIAL, itemIndex);
	const base =
		typeof credentials.baseUrl === 'string' ? credentials.baseUrl : 'https://api.coinremitter.com';
	const options = postForm(joinUrl(base, path), fields);
	const response = await send.call(
		this,
		{ credentialType: V1_CREDENTIAL, credentials },
		options,
		kindOf(path),
		base,
		itemIndex,
	);

	const body = parseJsonObject(response.body);
	if (body === undefined) throw unreadableResponse(this.getNode(), response.statusCode, itemIndex);
	if (body.success === true && response.statusCode < 300 && isData(body.data)) return body.data;
	const errorCode = Number(body.error_code);
	throw v1ApiError(
		this.getNode(),
		{
			httpCode: response.statusCode,
			errorCode: Number.isInteger(errorCode) && errorCode > 0 ? errorCode : undefined,
			kind: typeof body.error === 'string' ? body.error : undefined,
			serviceMessage: typeof body.msg === 'string' ? body.msg : undefined,
		},
		itemIndex,
	);
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

/**
 * Sends one legacy call to `{baseUrl}/api/{v2|v3}/{COIN}/{operation}`: POST with multipart form
 * fields, into which the credential adds `api_key` and `password`; `flag` 1 gives `data`.
 */
export async function legacyRequest(
	this: RequestContext,
	operation: LegacyOperation,
	fields: IDataObject,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const wallet = await legacyWallet.call(this, itemIndex);
	const url = joinUrl(wallet.baseUrl, `/api/${wallet.generation}/${wallet.coin}/${operation}`);
	// The credential always adds fields, so the body is never empty.
	const options = postForm(url, fields, true);
	const credential = { credentialType: LEGACY_CREDENTIAL, credentials: wallet.credentials };
	const response = await send.call(
		this,
		credential,
		options,
		kindOf(operation),
		wallet.baseUrl,
		itemIndex,
	);
	return unwrapLegacyEnvelope(this.getNode(), response, Object.keys(fields), itemIndex, operation);
}

/** GET `{baseUrl}/api/{v2|v3}/get-coin-rate`; only v2 wants the credentials with it. */
export async function legacyCoinPrices(
	this: RequestContext,
	itemIndex: number,
): Promise<IDataObject> {
	const wallet = await legacyWallet.call(this, itemIndex);
	const options: IHttpRequestOptions = {
		...responseHandling(),
		method: 'GET',
		url: joinUrl(wallet.baseUrl, `/api/${wallet.generation}/get-coin-rate`),
	};
	const credential =
		wallet.generation === 'v2'
			? { credentialType: LEGACY_CREDENTIAL, credentials: wallet.credentials }
			: {};
	const response = await send.call(this, credential, options, 'read', wallet.baseUrl, itemIndex);
	const data = unwrapLegacyEnvelope(this.getNode(), response, [], itemIndex, 'get-coin-rate');
	return Array.isArray(data) ? {} : data;
}

/**
 * Answers come back whole (status, headers, raw text) so that the envelope decides, not n8n.
 * Built fresh for every request: n8n adds the credential's headers to the object it is given.
 */
function responseHandling(): Partial<IHttpRequestOptions> {
	return {
		headers: { Accept: 'application/json', 'User-Agent': USER_AGENT },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		encoding: 'text',
		json: false,
	};
}

function postForm(url: string, fields: IDataObject, alwaysForm = false): IHttpRequestOptions {
	const options: IHttpRequestOptions = { ...responseHandling(), method: 'POST', url };
	if (alwaysForm || Object.keys(fields).length > 0) {
		// n8n sends a plain object body as multipart form fields when this header is set.
		options.headers = { ...options.headers, 'Content-Type': 'multipart/form-data' };
		options.body = { ...fields };
	}
	return options;
}

async function send(
	this: RequestContext,
	{
		credentialType,
		credentials,
	}: { credentialType?: string; credentials?: ICredentialDataDecryptedObject },
	options: IHttpRequestOptions,
	kind: CallKind,
	baseUrl: string,
	itemIndex: number,
): Promise<IN8nHttpFullResponse> {
	return await deliver.call(this, {
		credentialType,
		credentials,
		options,
		kind,
		itemIndex,
		policy: deliveryPolicy(this, itemIndex),
		limiterKey: limiterKey(this, credentialType, baseUrl),
	});
}

function unwrapLegacyEnvelope(
	node: INode,
	response: IN8nHttpFullResponse,
	sentFields: string[],
	itemIndex: number,
	operation: string,
): IDataObject | IDataObject[] {
	const body = parseJsonObject(response.body);
	if (body === undefined) {
		if (response.statusCode === 404 || response.statusCode === 429 || response.statusCode >= 500) {
			throw legacyApiError(node, { httpCode: response.statusCode, sentFields }, itemIndex);
		}
		throw unreadableResponse(node, response.statusCode, itemIndex);
	}
	const flag = Number(body.flag);
	const { data } = body;
	if (flag === 1 && response.statusCode < 300 && isData(data)) return data;
	// One reference answers an invalid address with flag 0 and `valid: false`: still an answer.
	if (operation === 'validate-address' && flag === 0 && isPlainObject(data) && data.valid === false)
		return data;
	throw legacyApiError(
		node,
		{
			httpCode: response.statusCode,
			flag: Number.isInteger(flag) ? flag : undefined,
			serviceMessage: typeof body.msg === 'string' ? body.msg : undefined,
			sentFields,
		},
		itemIndex,
	);
}

/** An answer's `data`: an object, or a list of objects. */
function isData(data: unknown): data is IDataObject | IDataObject[] {
	return isPlainObject(data) || (Array.isArray(data) && data.every(isPlainObject));
}

function parseJsonObject(raw: unknown): IDataObject | undefined {
	if (typeof raw !== 'string') return isPlainObject(raw) ? raw : undefined;
	try {
		const parsed = parseJsonExact(raw);
		return isPlainObject(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}
