import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { CallKind, DeliveryPolicy, RequestContext } from '../delivery';
import { deliver, limiterKey } from '../delivery';
import { PACKAGE_VERSION } from '../version';
import { legacyWallet, LEGACY_CREDENTIAL, v1Wallet, V1_CREDENTIAL } from './credentials';
import { refusedByLegacy, refusedByV1, unwrapLegacy, unwrapV1 } from './envelopes';

export { credentialTypeOf, LEGACY_CREDENTIAL, V1_CREDENTIAL, legacyWallet } from './credentials';
export type { LegacyWallet } from './credentials';
export type { RequestContext } from '../delivery';

/** The two CoinRemitter interfaces: v1 (headers) and the legacy per-coin v2/v3 (form fields). */
export type ApiVersion = 'v1' | 'legacy';

/**
 * A v1 endpoint, as the current reference writes it (`/v1/wallet/balance`). Any such path is
 * accepted, so a new operation declares its own endpoint without editing a list here.
 */
export type V1Path = `/v1/${string}`;

/**
 * A legacy operation, the last part of `/api/{v2|v3}/{COIN}/{operation}` as the v2/v3 reference
 * writes it (`get-balance`): lower-case, so a v1-style name (`getBalance`) does not compile.
 */
export type LegacyOperation = Lowercase<string>;

/** Where one operation lives in each interface that offers it. */
export interface Endpoint {
	v1?: V1Path;
	legacy?: LegacyOperation;
}

export interface ApiCall {
	api: ApiVersion;
	endpoint: Endpoint;
	fields: IDataObject;
	/** A write (creates something or moves money) is never sent twice unless it surely did not arrive. */
	kind: CallKind;
	policy: DeliveryPolicy;
	itemIndex: number;
}

const USER_AGENT = `n8n-nodes-coinremitter/${PACKAGE_VERSION}`;

/**
 * Sends one call to CoinRemitter with the node's credential for `api`, paced by the wallet's rate
 * limit, and returns the answer's `data` (an object, or a list of objects) or throws a typed
 * NodeApiError (see ../errors). The only place that builds URLs.
 */
export async function callApi(
	this: RequestContext,
	call: ApiCall,
): Promise<IDataObject | IDataObject[]> {
	const path = call.endpoint[call.api];
	if (path === undefined) throw new Error(`No ${call.api} endpoint for this operation`);
	return call.api === 'v1'
		? await v1Call.call(this, call, path as V1Path)
		: await legacyCall.call(this, call, path as LegacyOperation);
}

/** POST with the fields as multipart form fields; the credential's headers are added by n8n. */
async function v1Call(this: RequestContext, call: ApiCall, path: V1Path) {
	const { baseUrl, credentials } = await v1Wallet(this, call.itemIndex);
	const options = postForm(joinUrl(baseUrl, path), call.fields);
	const credential = { credentialType: V1_CREDENTIAL, credentials };
	const response = await send.call(this, credential, options, call, baseUrl, refusedByV1);
	return unwrapV1(this.getNode(), response, call);
}

/**
 * POST `{baseUrl}/api/{v2|v3}/{COIN}/{operation}` with multipart form fields, into which the
 * credential adds `api_key` and `password`. The coin prices are a GET without a coin, and only v2
 * wants the credentials with it.
 */
async function legacyCall(this: RequestContext, call: ApiCall, operation: LegacyOperation) {
	const wallet = await legacyWallet.call(this, call.itemIndex);
	const prices = operation === 'get-coin-rate';
	const url = joinUrl(
		wallet.baseUrl,
		prices
			? `/api/${wallet.generation}/get-coin-rate`
			: `/api/${wallet.generation}/${wallet.coin}/${operation}`,
	);
	// The credential always adds fields, so a POST body is never empty.
	const options = prices
		? { ...responseHandling(), method: 'GET' as const, url }
		: postForm(url, call.fields, true);
	const credential =
		prices && wallet.generation !== 'v2'
			? {}
			: { credentialType: LEGACY_CREDENTIAL, credentials: wallet.credentials };
	const response = await send.call(
		this,
		credential,
		options,
		call,
		wallet.baseUrl,
		refusedByLegacy,
	);
	const sentFields = Object.keys(call.fields);
	const data = unwrapLegacy(this.getNode(), response, { ...call, operation, sentFields });
	return prices && Array.isArray(data) ? {} : data;
}

function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.trim().replace(/\/+$/, '')}${path}`;
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
		// The API never redirects. A followed redirect answers another request than ours (a POST
		// becomes a GET the API refuses, so a made withdrawal would look refused), may send the
		// POST again (307), and carries the credential to whatever host it names.
		disableFollowRedirect: true,
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
	call: ApiCall,
	baseUrl: string,
	isApiRefusal: (response: IN8nHttpFullResponse) => boolean,
): Promise<IN8nHttpFullResponse> {
	return await deliver.call(this, {
		credentialType,
		credentials,
		options,
		kind: call.kind,
		itemIndex: call.itemIndex,
		policy: call.policy,
		limiterKey: limiterKey(this, credentialType, baseUrl),
		isApiRefusal,
	});
}
