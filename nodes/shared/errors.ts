import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * Why a call to CoinRemitter failed, in the words the rest of the package asks about. The client
 * maps both envelopes (v1 `success`, legacy `flag`) and transport failures to these; callers ask
 * the predicates below, never the texts.
 */
export type FailureReason =
	| ServiceReason
	| 'legacyRefused'
	| 'legacyNoEndpoint'
	| 'unexpected'
	| 'unreadable'
	| 'network'
	| 'outcomeUnknown'
	| 'rateLimitWait';

/** What the v1 error codes mean; the legacy API says the same things by HTTP status. */
type ServiceReason =
	| 'rejectedField'
	| 'serverError'
	| 'wrongCredentials'
	| 'inactive'
	| 'notFound'
	| 'rateLimited'
	| 'maintenance';

interface Failure {
	reason: FailureReason;
	api?: 'v1' | 'legacy';
	httpCode?: number;
}

const failures = new WeakMap<NodeApiError, Failure>();

function tagged(error: NodeApiError, failure: Failure): NodeApiError {
	failures.set(error, failure);
	return error;
}

/** What the client knows of an error it raised; undefined for any other error. */
export function failureOf(error: unknown): Failure | undefined {
	return error instanceof NodeApiError ? failures.get(error) : undefined;
}

/** The service says the record (transaction, invoice, address) does not exist (v1 code 1005). */
export const isNotFound = (error: unknown) => failureOf(error)?.reason === 'notFound';

/** The wallet's rate limit would need a longer wait than the caller allows; nothing was sent. */
export const isRateLimitWait = (error: unknown) => failureOf(error)?.reason === 'rateLimitWait';

/** A write reached the service but no clear answer came back: it may have been carried out. */
export const isOutcomeUnknown = (error: unknown) => failureOf(error)?.reason === 'outcomeUnknown';

/**
 * The legacy API answered HTTP 200 and said no. It says so alike for an unknown record and for
 * wrong keys, so this alone does not tell which.
 */
export const isLegacyRefusal = (error: unknown) => {
	const failure = failureOf(error);
	return failure?.api === 'legacy' && failure.httpCode === 200;
};

interface ErrorExplanation {
	code: number;
	message: string;
	description: string;
}

/** The v1 error codes, by what they mean. */
const SERVICE_ERRORS: Record<ServiceReason, ErrorExplanation> = {
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
			'Open the CoinRemitter credential and paste the API key and API password of the wallet again. In the CoinRemitter dashboard they are under Wallets → (your wallet) → API Credentials.',
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
		description:
			'The wallet made more requests this minute than its plan allows (100 per minute on the free plan, 500 on pro). Wait a minute, or process fewer items at once.',
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
const REASON_OF_STATUS: Record<number, ServiceReason> = {
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

const SYSTEM_ERRORS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed unexpectedly',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
};

/** What a legacy (v2/v3) call answered when it did not succeed. */
export interface LegacyFailure {
	httpCode: number;
	flag?: number;
	serviceMessage?: string;
	sentFields: string[];
}

/**
 * Explains a failed legacy call. The legacy API reports failures only with `flag` and a text
 * meant for people, so the decision rests on the flag and the HTTP status; the text is quoted.
 */
export function legacyApiError(
	node: INode,
	failure: LegacyFailure,
	itemIndex?: number,
): NodeApiError {
	const said = failure.serviceMessage || 'no reason given';
	const explained = (reason: FailureReason, message: string, description: string) =>
		tagged(
			new NodeApiError(
				node,
				{
					httpCode: failure.httpCode,
					flag: failure.flag ?? null,
					msg: failure.serviceMessage ?? '',
				},
				{ message, description, httpCode: String(failure.httpCode), itemIndex },
			),
			{ reason, api: 'legacy', httpCode: failure.httpCode },
		);
	const byStatus = REASON_OF_STATUS[failure.httpCode];
	if (byStatus === 'rateLimited' || byStatus === 'maintenance' || failure.httpCode >= 500) {
		const reason =
			byStatus === 'rateLimited' || byStatus === 'maintenance' ? byStatus : 'serverError';
		const { message, description } = SERVICE_ERRORS[reason];
		return explained(reason, message, description.replace('{msg}', said));
	}
	if (failure.httpCode === 404) {
		return explained(
			'legacyNoEndpoint',
			'CoinRemitter has no such legacy endpoint for this coin (HTTP 404)',
			'Check the coin and the API generation of the credential (Automatic uses v2 for LTC, KOIN, DOGE and ETH and v3 for the others) and its base URL.',
		);
	}
	if (failure.flag === 2) {
		const field = failure.sentFields.find((name) =>
			new RegExp(`\\b${name.replace(/_/g, '[ _]')}\\b`, 'i').test(said),
		);
		return explained(
			'rejectedField',
			field
				? `CoinRemitter rejected the "${field}" field`
				: 'CoinRemitter rejected a field of the request',
			`A required field is empty or a value is malformed (for example an amount with a comma). The service said: "${said}".`,
		);
	}
	if (failure.flag === 0) {
		return explained(
			'legacyRefused',
			'CoinRemitter refused the request',
			`The legacy API answers every refusal the same way. The service said: "${said}". Common causes: a wrong API key, password or coin in the credential, an insufficient balance, or an unknown ID or address.`,
		);
	}
	return explained(
		'unexpected',
		`CoinRemitter answered with an unexpected error (HTTP ${failure.httpCode})`,
		`The service said: "${said}".`,
	);
}

/** A request that never got an answer: connection refused, DNS failure, timeout. */
export function networkError(
	node: INode,
	code: string | undefined,
	itemIndex?: number,
): NodeApiError {
	const what = (code && SYSTEM_ERRORS[code]) ?? 'the network failed';
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'no answer', systemCode: code ?? 'unknown' },
			{
				message: `Could not reach CoinRemitter: ${what}`,
				description: `The request got no answer${code ? ` (${code.toLowerCase()})` : ''}. Check the base URL of the credential and the network of the n8n server, then try again.`,
				itemIndex,
			},
		),
		{ reason: 'network' },
	);
}

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

/** A write that may or may not have been carried out: say so, and how to find out, instead of retrying. */
export function outcomeUnknownError(
	node: INode,
	cause: string | undefined,
	itemIndex?: number,
): NodeApiError {
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'outcome unknown', cause: cause ?? 'unknown' },
			{
				message:
					'CoinRemitter may or may not have carried out this request: the outcome is unknown',
				description: `The request reached CoinRemitter but no clear answer came back (${
					cause ? cause.toLowerCase() : 'no answer'
				}). It was not sent again, so that nothing is paid or created twice. Before trying again, check whether it happened: for a withdrawal, look at the wallet balance and at the transactions of the destination address (Address → Get Transactions, or the CoinRemitter dashboard); for an address or invoice, look in the CoinRemitter dashboard.`,
				itemIndex,
			},
		),
		{ reason: 'outcomeUnknown' },
	);
}

/** The rate limit would need a longer wait than the node's option allows. */
export function rateLimitWaitError(
	node: INode,
	neededMs: number,
	itemIndex?: number,
	httpCode?: string,
): NodeApiError {
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'rate limit', neededSeconds: Math.ceil(neededMs / 1000) },
			{
				message: 'CoinRemitter rate limit reached [1006]',
				description: `Staying within the wallet's request limit (100 per minute on the free plan, 500 on pro) would take about ${Math.ceil(
					neededMs / 1000,
				)} s of waiting, more than the node's "Longest Rate Limit Wait" option allows. Raise that option, process fewer items at once, or upgrade the plan. Nothing was sent for this item.`,
				itemIndex,
				httpCode,
			},
		),
		{ reason: 'rateLimitWait' },
	);
}
