import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { CallKind } from '../delivery';
import { outcomeUnknownError } from '../delivery/errors';
import { tagged } from '../errors';
import { isPlainObject, parseJsonExact } from '../json';
import { legacyApiError } from './legacyErrors';
import { SERVICE_ERRORS, v1ApiError } from './v1Errors';

/** What the envelope needs to know of the call whose answer it reads. */
export interface Reading {
	itemIndex: number;
	/** After a write, only the API's own refusal is an error that says nothing happened. */
	kind: CallKind;
}

export interface LegacyReading extends Reading {
	operation: string;
	sentFields: string[];
}

/**
 * The v1 error envelope as the API writes it: `{ success: false, error, error_code, msg }`, at a
 * 2xx or 4xx status. Only this says a request was refused (and so not carried out).
 */
export function refusedByV1(response: IN8nHttpFullResponse): boolean {
	const body = parseJsonObject(response.body);
	return (
		answeredHere(response) &&
		body?.success === false &&
		isErrorCode(body.error_code) &&
		// 1002 says the service failed while handling the request, whatever status it comes with
		// (statuses are not reliable: 1003 comes with 200): what it did is unknown.
		Number(body.error_code) !== SERVICE_ERRORS.serverError.code &&
		typeof body.msg === 'string'
	);
}

/** The legacy refusal: `{ flag: 0 | 2, msg }` (the flag a number or its digit) at a status below 500. */
export function refusedByLegacy(response: IN8nHttpFullResponse): boolean {
	const body = parseJsonObject(response.body);
	const flag = body?.flag;
	return (
		answeredHere(response) &&
		[0, 2, '0', '2'].includes(flag as number | string) &&
		typeof body?.msg === 'string'
	);
}

/** A refusal comes with 2xx or 4xx: a 5xx says nothing of the outcome, a 3xx sends us elsewhere. */
const answeredHere = ({ statusCode }: IN8nHttpFullResponse) =>
	(statusCode >= 200 && statusCode < 300) || (statusCode >= 400 && statusCode < 500);

/** v1 answers `{ success, data }`: `data` (an object, or a list for the rate calls), or a typed error. */
export function unwrapV1(
	node: INode,
	response: IN8nHttpFullResponse,
	{ itemIndex, kind }: Reading,
): IDataObject | IDataObject[] {
	const body = parseJsonObject(response.body);
	if (body?.success === true && response.statusCode < 300 && isData(body.data)) return body.data;
	if (kind === 'write' && !refusedByV1(response))
		throw notTheApisAnswer(node, response, body, itemIndex);
	if (body === undefined) throw unreadableResponse(node, response.statusCode, itemIndex);
	const errorCode = Number(body.error_code);
	throw v1ApiError(
		node,
		{
			httpCode: response.statusCode,
			errorCode: isErrorCode(errorCode) ? errorCode : undefined,
			kind: typeof body.error === 'string' ? body.error : undefined,
			serviceMessage: typeof body.msg === 'string' ? body.msg : undefined,
		},
		itemIndex,
	);
}

/** Legacy answers `{ flag, msg, data }`: flag 1 gives `data`, anything else a typed error. */
export function unwrapLegacy(
	node: INode,
	response: IN8nHttpFullResponse,
	{ itemIndex, kind, operation, sentFields }: LegacyReading,
): IDataObject | IDataObject[] {
	const body = parseJsonObject(response.body);
	const flag = Number(body?.flag);
	const data = body?.data;
	if (flag === 1 && response.statusCode < 300 && isData(data)) return data;
	if (kind === 'write' && !refusedByLegacy(response))
		throw notTheApisAnswer(node, response, body, itemIndex);
	if (body === undefined) {
		if (response.statusCode === 404 || response.statusCode === 429 || response.statusCode >= 500) {
			throw legacyApiError(node, { httpCode: response.statusCode, sentFields }, itemIndex);
		}
		throw unreadableResponse(node, response.statusCode, itemIndex);
	}
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

/** A write's answer that is neither the API's success nor its refusal: it may have been carried out. */
function notTheApisAnswer(
	node: INode,
	response: IN8nHttpFullResponse,
	body: IDataObject | undefined,
	itemIndex: number,
): NodeApiError {
	const what =
		body === undefined ? 'a body that is not JSON' : "JSON that is not CoinRemitter's answer";
	return outcomeUnknownError(node, `HTTP ${response.statusCode} with ${what}`, itemIndex);
}

const isErrorCode = (code: unknown) => {
	const value = typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : code;
	return typeof value === 'number' && Number.isInteger(value) && value > 0;
};

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

/** An answer that is neither envelope: most likely not the API at all (a wrong base URL, a proxy page). */
export function unreadableResponse(
	node: INode,
	httpCode: number,
	itemIndex?: number,
): NodeApiError {
	return tagged(
		new NodeApiError(
			node,
			{ httpCode },
			{
				message: `CoinRemitter answered HTTP ${httpCode} with a body that is not the expected JSON`,
				description:
					'Check that the base URL of the credential points at the CoinRemitter API, then try again.',
				httpCode: String(httpCode),
				itemIndex,
			},
		),
		{ reason: 'unreadable' },
	);
}
