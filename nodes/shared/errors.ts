import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Why a call to CoinRemitter failed, in the words the rest of the package asks about. The client
 * maps both envelopes (v1 `success`: client/v1Errors.ts, legacy `flag`: client/legacyErrors.ts) and
 * transport failures (delivery/errors.ts) to these; callers ask the predicates below, never the texts.
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
export type ServiceReason =
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

/** The plans' request limits, as every message that mentions them says it. */
export const PLAN_LIMITS = '100 per minute on the free plan, 500 on pro';

const failures = new WeakMap<NodeApiError | NodeOperationError, Failure>();

/** Remembers why `error` was raised, for the predicates below; returns it. */
export function tagged<E extends NodeApiError | NodeOperationError>(error: E, failure: Failure): E {
	failures.set(error, failure);
	return error;
}

/** What the package knows of an error it raised; undefined for any other error. */
export function failureOf(error: unknown): Failure | undefined {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? failures.get(error)
		: undefined;
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
