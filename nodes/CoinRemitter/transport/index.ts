import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { networkError, unreadableResponse, v1ApiError } from '../helpers/errors';

export const V1_CREDENTIAL = 'coinRemitterApi';

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
	| '/v1/rate/fiat-to-crypto';

interface V1Credentials {
	baseUrl?: string;
}

export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.trim().replace(/\/+$/, '')}${path}`;
}

/**
 * Sends one v1 call: POST with the fields as multipart form fields, the credential's headers added
 * by n8n, and the `{ success, data }` envelope turned into `data` or a NodeApiError.
 */
export async function v1Request(
	this: IExecuteFunctions,
	path: V1Path,
	fields: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const { baseUrl } = await this.getCredentials<V1Credentials>(V1_CREDENTIAL, itemIndex);
	const options: IHttpRequestOptions = {
		method: 'POST',
		url: joinUrl(baseUrl ?? 'https://api.coinremitter.com', path),
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		encoding: 'text',
		json: false,
	};
	if (Object.keys(fields).length > 0) {
		// n8n turns a plain object body into multipart form fields when this header is set.
		options.headers = { ...options.headers, 'Content-Type': 'multipart/form-data' };
		options.body = fields;
	}

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			V1_CREDENTIAL,
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		throw networkError(this.getNode(), transportErrorCode(error), itemIndex);
	}
	return unwrapV1Envelope(this.getNode(), response, itemIndex);
}

function unwrapV1Envelope(node: INode, response: IN8nHttpFullResponse, itemIndex: number): IDataObject {
	const body = parseJsonObject(response.body);
	if (body === undefined) throw unreadableResponse(node, response.statusCode, itemIndex);

	if (body.success === true && response.statusCode < 300 && isObject(body.data)) {
		return body.data;
	}
	const errorCode = Number(body.error_code);
	throw v1ApiError(
		node,
		{
			httpCode: response.statusCode,
			errorCode: Number.isInteger(errorCode) && errorCode > 0 ? errorCode : undefined,
			kind: typeof body.error === 'string' ? body.error : undefined,
			serviceMessage: typeof body.msg === 'string' ? body.msg : undefined,
		},
		itemIndex,
	);
}

export function parseJsonObject(raw: unknown): IDataObject | undefined {
	if (isObject(raw)) return raw;
	if (typeof raw !== 'string') return undefined;
	try {
		const parsed: unknown = JSON.parse(raw);
		return isObject(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The system error code (ECONNREFUSED, ETIMEDOUT...) of a failed request, wherever n8n put it. */
function transportErrorCode(error: unknown): string | undefined {
	const { code, messages, message } = (error ?? {}) as { code?: unknown; messages?: unknown; message?: unknown };
	if (typeof code === 'string' && SYSTEM_ERROR_CODE.test(code)) return code;
	const texts = [...(Array.isArray(messages) ? messages : []), message].filter((text) => typeof text === 'string');
	for (const text of texts) {
		const found = /\b(E[A-Z]{3,}(?:_[A-Z]+)*)\b/.exec(text as string);
		if (found) return found[1];
	}
	return undefined;
}

const SYSTEM_ERROR_CODE = /^E[A-Z]{3,}(?:_[A-Z]+)*$/;
