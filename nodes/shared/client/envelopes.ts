import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { tagged } from '../errors';
import { isPlainObject, parseJsonExact } from '../json';
import { legacyApiError } from './legacyErrors';
import { v1ApiError } from './v1Errors';

/** v1 answers `{ success, data }`: `data` (an object, or a list for the rate calls), or a typed error. */
export function unwrapV1(
	node: INode,
	response: IN8nHttpFullResponse,
	itemIndex: number,
): IDataObject | IDataObject[] {
	const body = parseJsonObject(response.body);
	if (body === undefined) throw unreadableResponse(node, response.statusCode, itemIndex);
	if (body.success === true && response.statusCode < 300 && isData(body.data)) return body.data;
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

/** Legacy answers `{ flag, msg, data }`: flag 1 gives `data`, anything else a typed error. */
export function unwrapLegacy(
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
