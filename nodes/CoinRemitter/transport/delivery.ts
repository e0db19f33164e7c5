import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { networkError, outcomeUnknownError, rateLimitWaitError } from '../helpers/errors';
import type { DeliveryPolicy, RequestContext } from './context';
import { nodeOf } from './context';

/** How a call may be repeated: a read any number of times, a write only when it surely did not arrive. */
export type CallKind = 'read' | 'write';

/** The request never reached the server: safe to send again, even a withdrawal. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const RETRYABLE_READ_STATUS = new Set([500, 502, 503, 504]);
const UNKNOWN_OUTCOME_STATUS = new Set([500, 502, 504]);

/**
 * Keeps a wallet's calls within its plan: counts what `x-ratelimit-remaining` says is left in the
 * current window, and when nothing is left waits for the window to turn instead of meeting a 429.
 */
class RateLimiter {
	private windowStart: number | undefined;
	private remaining: number | undefined;
	private limit: number | undefined;
	waitedMs = 0;

	constructor(private readonly windowMs: number) {}

	async beforeRequest(maxWaitMs: number): Promise<void> {
		if (this.remaining === undefined || this.remaining > 0) return;
		await this.waitForNextWindow(maxWaitMs);
	}

	afterResponse(headers: IDataObject): void {
		const limit = Number(headers['x-ratelimit-limit']);
		const remaining = Number(headers['x-ratelimit-remaining']);
		if (!Number.isFinite(limit) || !Number.isFinite(remaining)) return;
		// The first call of a window leaves limit - 1. The server opened that window before its
		// answer arrived, so counting from the arrival never waits too little.
		if (this.windowStart === undefined || remaining === limit - 1 || (this.remaining !== undefined && remaining > this.remaining)) {
			this.windowStart = Date.now();
		}
		this.limit = limit;
		this.remaining = remaining;
	}

	/** After a 429: wait for the window to turn (or as long as the server asks). */
	async afterTooMany(headers: IDataObject, maxWaitMs: number): Promise<void> {
		const retryAfter = Number(headers['retry-after']);
		if (Number.isFinite(retryAfter) && retryAfter > 0) {
			await this.wait(retryAfter * 1000, maxWaitMs);
			this.resetWindow();
			return;
		}
		this.remaining = 0;
		this.windowStart ??= Date.now();
		await this.waitForNextWindow(maxWaitMs);
	}

	private async waitForNextWindow(maxWaitMs: number) {
		const turnsAt = (this.windowStart ?? Date.now()) + this.windowMs;
		await this.wait(Math.max(0, turnsAt - Date.now()) + 50, maxWaitMs);
		this.resetWindow();
	}

	private resetWindow() {
		this.windowStart = undefined;
		this.remaining = this.limit;
	}

	private async wait(ms: number, maxWaitMs: number) {
		if (this.waitedMs + ms > maxWaitMs) throw new RateLimitWaitExceeded(this.waitedMs + ms);
		this.waitedMs += ms;
		await sleep(ms);
	}
}

class RateLimitWaitExceeded extends Error {
	constructor(readonly neededMs: number) {
		super('rate limit wait exceeded');
	}
}

const limiters = new Map<string, { limiter: RateLimiter; usedAt: number }>();

/** One limiter per execution and wallet credential, so one run's calls pace together. */
function limiterFor(key: string, windowMs: number): RateLimiter {
	const now = Date.now();
	for (const [other, entry] of limiters) if (now - entry.usedAt > 15 * 60_000) limiters.delete(other);
	let entry = limiters.get(key);
	if (!entry) {
		entry = { limiter: new RateLimiter(windowMs), usedAt: now };
		limiters.set(key, entry);
	}
	entry.usedAt = now;
	return entry.limiter;
}

export interface Delivery {
	credentialType: string | undefined;
	/** The credential as the node already read it, so that n8n does not decrypt it a second time. */
	credentials?: ICredentialDataDecryptedObject;
	options: IHttpRequestOptions;
	kind: CallKind;
	itemIndex: number;
	policy: DeliveryPolicy;
	limiterKey: string;
}

/**
 * Sends a request and returns the service's answer, whatever its status. Rate limits are paced and
 * 429s waited out for every call (a 429 was not processed). Reads are retried on server errors and
 * network failures with backoff; writes only when the connection was never made, and otherwise
 * fail with "outcome unknown" rather than risk paying twice.
 */
export async function deliver(this: RequestContext, delivery: Delivery): Promise<IN8nHttpFullResponse> {
	const { policy, kind, itemIndex } = delivery;
	const limiter = limiterFor(delivery.limiterKey, policy.rateWindowMs);
	const options = { ...delivery.options, timeout: policy.timeoutMs };
	for (let attempt = 1; ; attempt++) {
		const mayRetry = attempt < (kind === 'read' ? policy.readAttempts : 2);
		try {
			await limiter.beforeRequest(policy.maxRateLimitWaitMs);
		} catch (error) {
			throw rateLimitWaitError(this.getNode(), (error as RateLimitWaitExceeded).neededMs, itemIndex);
		}

		let response: IN8nHttpFullResponse;
		try {
			response = await send.call(this, delivery, options);
		} catch (error) {
			const code = systemErrorCode(error);
			const reachedServer = !(code && NOT_CONNECTED.has(code));
			if (kind === 'write' && reachedServer) throw outcomeUnknownError(this.getNode(), code, itemIndex);
			if (mayRetry) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw networkError(this.getNode(), code, itemIndex);
		}

		const headers = (response.headers ?? {}) as IDataObject;
		limiter.afterResponse(headers);
		if (response.statusCode === 429) {
			try {
				await limiter.afterTooMany(headers, policy.maxRateLimitWaitMs);
			} catch (error) {
				throw rateLimitWaitError(this.getNode(), (error as RateLimitWaitExceeded).neededMs, itemIndex, '429');
			}
			attempt--; // a 429 is not a failed attempt: the request was not processed
			continue;
		}
		if (kind === 'read' && RETRYABLE_READ_STATUS.has(response.statusCode) && mayRetry) {
			await sleep(backoffMs(attempt));
			continue;
		}
		// A server error on a write may come after the work was done: never send it again blindly.
		if (kind === 'write' && UNKNOWN_OUTCOME_STATUS.has(response.statusCode)) {
			throw outcomeUnknownError(this.getNode(), `HTTP ${response.statusCode}`, itemIndex);
		}
		return response;
	}
}

function backoffMs(attempt: number): number {
	return Math.min(8000, 500 * 2 ** (attempt - 1));
}

async function send(this: RequestContext, delivery: Delivery, options: IHttpRequestOptions) {
	const { credentialType, credentials } = delivery;
	if (!credentialType) return (await this.helpers.httpRequest(options)) as IN8nHttpFullResponse;
	const saved = nodeOf(this).credentials?.[credentialType];
	const credentialsDecrypted = credentials && { id: saved?.id ?? '', name: saved?.name ?? '', type: credentialType, data: credentials };
	return (await this.helpers.httpRequestWithAuthentication.call(this, credentialType, options, {
		credentialsDecrypted,
	})) as IN8nHttpFullResponse;
}

const SYSTEM_ERROR_CODE = /\b(E[A-Z]{3,}(?:_[A-Z]+)*)\b/;

/** The system error code (ECONNREFUSED, ETIMEDOUT...) of a failed request, wherever n8n put it. */
function systemErrorCode(error: unknown): string | undefined {
	const { code, messages, message } = (error ?? {}) as { code?: unknown; messages?: unknown; message?: unknown };
	const texts = [code, ...(Array.isArray(messages) ? messages : []), message];
	for (const text of texts) {
		const found = typeof text === 'string' ? SYSTEM_ERROR_CODE.exec(text) : null;
		if (found) return found[1];
	}
	if (typeof message === 'string' && /socket hang up|timeout/i.test(message)) return /timeout/i.test(message) ? 'ETIMEDOUT' : 'ECONNRESET';
	return undefined;
}
