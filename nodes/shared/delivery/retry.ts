import type { DeliveryPolicy } from './policy';

/** How a call may be repeated: a read any number of times, a write only when it surely did not arrive. */
export type CallKind = 'read' | 'write';

/**
 * What one attempt came to: an HTTP answer (`apiRefusal`: its body is the API's own error
 * envelope), or no answer (with the system error code, if any).
 */
export type AttemptOutcome =
	| { status: number; apiRefusal?: boolean }
	| { noAnswer: string | undefined };

export type RetryDecision =
	| { action: 'return' }
	/** The API's own 429 was not processed: wait for the rate limit and send again, whatever the call. */
	| { action: 'resendAfterRateLimit' }
	| { action: 'retry'; afterMs: number }
	/** A write reached the service and got no clear answer: never send it again blindly. */
	| { action: 'failOutcomeUnknown'; cause: string | undefined }
	| { action: 'failNoAnswer'; cause: string | undefined };

/** The request never reached the server: safe to send again, even a withdrawal. */
const NOT_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
const RETRYABLE_READ_STATUS = new Set([500, 502, 503, 504]);

/**
 * What to do after attempt number `attempt` (from 1) of a call: reads are retried on server errors
 * and network failures with backoff, up to the policy's attempts; writes only when the connection
 * was never made (one more try), and otherwise fail with "outcome unknown" rather than risk paying
 * twice. For a write, any 5xx (52x included, whatever its body) says nothing of what the API did,
 * nor does a 429 whose body is not the API's own refusal (a proxy's or a CDN's): outcome unknown.
 * The other answers go to the envelope, which releases a write only on the API's own refusal.
 */
export function decideAfter(
	kind: CallKind,
	attempt: number,
	outcome: AttemptOutcome,
	policy: Pick<DeliveryPolicy, 'readAttempts'>,
): RetryDecision {
	const mayRetry = attempt < (kind === 'read' ? policy.readAttempts : 2);
	if ('noAnswer' in outcome) {
		const cause = outcome.noAnswer;
		const reachedServer = !(cause && NOT_CONNECTED.has(cause));
		if (kind === 'write' && reachedServer) return { action: 'failOutcomeUnknown', cause };
		return mayRetry
			? { action: 'retry', afterMs: backoffMs(attempt) }
			: { action: 'failNoAnswer', cause };
	}
	const { status } = outcome;
	if (kind === 'write' && (status >= 500 || (status === 429 && !outcome.apiRefusal)))
		return { action: 'failOutcomeUnknown', cause: `HTTP ${status}` };
	if (status === 429) return { action: 'resendAfterRateLimit' };
	if (kind === 'read' && RETRYABLE_READ_STATUS.has(status) && mayRetry)
		return { action: 'retry', afterMs: backoffMs(attempt) };
	return { action: 'return' };
}

/** 0.5 s, 1 s, 2 s … at most 8 s. */
export function backoffMs(attempt: number): number {
	return Math.min(8000, 500 * 2 ** (attempt - 1));
}

const SYSTEM_ERROR_CODE = /\b(E[A-Z]{3,}(?:_[A-Z]+)*)\b/;

/** The system error code (ECONNREFUSED, ETIMEDOUT...) of a failed request, wherever n8n put it. */
export function systemErrorCode(error: unknown): string | undefined {
	const { code, messages, message } = (error ?? {}) as {
		code?: unknown;
		messages?: unknown;
		message?: unknown;
	};
	const texts = [code, ...(Array.isArray(messages) ? messages : []), message];
	for (const text of texts) {
		const found = typeof text === 'string' ? SYSTEM_ERROR_CODE.exec(text) : null;
		if (found) return found[1];
	}
	if (typeof message === 'string' && /socket hang up|timeout/i.test(message))
		return /timeout/i.test(message) ? 'ETIMEDOUT' : 'ECONNRESET';
	return undefined;
}
