import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ServiceReason } from '../errors';
import { PLAN_LIMITS, tagged } from '../errors';

interface ErrorExplanation {
	code: number;
	message: string;
	description: string;
}

/** The v1 error codes, by what they mean. */
export const SERVICE_ERRORS: Record<ServiceReason, ErrorExplanation> = {
	rejectedField: {
		code: 1001,
		message: 'CoinRemitter rejected a field of the request',
		description:
			'A field is empty or has a value the service does not accept. The service said: "{msg}". Check the fields of this item.',
	},
	serverError: {
		code: 1002,
		message: 'CoinRemitter had an internal server error',
		description:
			'The service failed while handling the request. Try again in a few minutes. The service said: "{msg}".',
	},
	wrongCredentials: {
		code: 1003,
		message: 'The CoinRemitter API key or API password is wrong',
		description:
			"Open the CoinRemitter credential and paste the API key and API password of the wallet again. They are in the wallet's settings in your CoinRemitter account.",
	},
	inactive: {
		code: 1004,
		message: 'The CoinRemitter account is inactive or its API access is not enabled',
		description:
			'Log in to the CoinRemitter dashboard, check that the account is active and enable the API credentials of the wallet, then try again.',
	},
	notFound: {
		code: 1005,
		message: 'CoinRemitter could not find what was asked for',
		description:
			'The id, address or invoice does not exist in this wallet (or was moved or deleted). Check the value, and that the credential belongs to the wallet that owns it. The service said: "{msg}".',
	},
	rateLimited: {
		code: 1006,
		message: 'CoinRemitter rate limit reached',
		description: `The wallet made more requests this minute than its plan allows (${PLAN_LIMITS}). Wait a minute, or process fewer items at once.`,
	},
	maintenance: {
		code: 1007,
		message: 'CoinRemitter is under maintenance',
		description: 'The service is temporarily down for maintenance. Try again later.',
	},
};

const REASON_OF_CODE = new Map(
	Object.entries(SERVICE_ERRORS).map(([reason, { code }]) => [code, reason as ServiceReason]),
);

/** What an HTTP status means when the body carries no error code (the spec's table). */
export const REASON_OF_STATUS: Record<number, ServiceReason> = {
	400: 'rejectedField',
	401: 'inactive',
	404: 'notFound',
	429: 'rateLimited',
	500: 'serverError',
	503: 'maintenance',
};

/** What the service said, reduced to fields that are safe to show and store. */
export interface ServiceFailure {
	httpCode: number;
	errorCode?: number;
	kind?: string;
	serviceMessage?: string;
}

/** Explains a failed v1 call in plain words: what happened and what to do. */
export function v1ApiError(node: INode, failure: ServiceFailure, itemIndex?: number): NodeApiError {
	const reason =
		(failure.errorCode === undefined ? undefined : REASON_OF_CODE.get(failure.errorCode)) ??
		(failure.errorCode === undefined ? REASON_OF_STATUS[failure.httpCode] : undefined);
	const known = reason === undefined ? undefined : SERVICE_ERRORS[reason];
	const code = failure.errorCode ?? known?.code;
	const serviceMessage = failure.serviceMessage ?? '';
	const explanation = known ?? {
		message: `CoinRemitter answered with an unexpected error (HTTP ${failure.httpCode})`,
		description: serviceMessage
			? `The service said: "{msg}".`
			: 'Try again later; if it persists, check the base URL of the credential.',
	};
	const body: JsonObject = {
		httpCode: failure.httpCode,
		errorCode: code ?? null,
		error: failure.kind ?? null,
		msg: serviceMessage,
	};
	const error = new NodeApiError(node, body, {
		message: code ? `${explanation.message} [${code}]` : explanation.message,
		description: explanation.description.replace('{msg}', serviceMessage || 'no reason given'),
		httpCode: String(failure.httpCode),
		itemIndex,
	});
	return tagged(error, { reason: reason ?? 'unexpected', api: 'v1', httpCode: failure.httpCode });
}
