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
const NOT_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
const RETRYABLE_READ_STATUS = new Set([500, 502, 503, 504]);
const UNKNOWN_OUTCOME_STATUS = new Set([500, 502, 504]);

/** The limit assumed when CoinRemitter sends no `x-ratelimit-*` headers: the free plan's. */
const ASSUMED_LIMIT = 100;
/** Margin added to every window end, for clock steps and timer jitter. */
const WINDOW_GUARD_MS = 10;

interface Ticket {
	window: number;
	sentAt: number;
	opener: boolean;
}

/**
 * Keeps one wallet's calls within its plan when many are in flight at once, across items, runs and
 * workflows of this n8n process. A call reserves a slot of the current window before it is sent,
 * so N calls at once never send more than the window allows; the answers' `x-ratelimit-limit` and
 * `x-ratelimit-remaining` teach the limit and correct the count downwards (another n8n process may
 * use the same wallet). Until the limit is known one call goes first and the others wait for its
 * answer. A window is taken to open halfway through its first call's round trip, and to end one
 * window length later; a 429 closes the window until `retry-after` (or the window's end) passes.
 */
export class RateLimiter {
	private limit: number | undefined;
	private window = 0;
	private windowStart: number | undefined;
	private available = 0;
	private blockedUntil = 0;
	/** Calls of the current window that have not been answered yet. */
	private inFlight = 0;
	private probing = false;
	private changed: { promise: Promise<void>; resolve: () => void } | undefined;
	usedAt = Date.now();

	constructor(public windowMs: number) {}

	/** Waits for a slot; throws RateLimitWaitExceeded when that would take longer than `maxWaitMs`. */
	async acquire(maxWaitMs: number, waitedMs = 0): Promise<{ ticket: Ticket; waitedMs: number }> {
		const started = Date.now() - waitedMs;
		for (;;) {
			const now = Date.now();
			this.usedAt = now;
			const ticket = this.take(now);
			if (ticket) return { ticket, waitedMs: now - started };
			const readyAt = this.nextChanceAt() ?? now;
			if (readyAt - started > maxWaitMs) throw new RateLimitWaitExceeded(readyAt - started);
			const signal = this.signal();
			await (this.probing ? signal : Promise.race([sleep(Math.max(1, readyAt - now)), signal]));
		}
	}

	/** Takes what an answer says about the limit; `status` is undefined when no answer came. */
	settle(ticket: Ticket, status: number | undefined, headers: IDataObject, now = Date.now()): void {
		const current = ticket.window === this.window;
		const probe = current && ticket.opener && this.probing;
		if (current) this.inFlight--;
		if (probe) this.probing = false;
		const limit = Number(headers['x-ratelimit-limit']);
		const remaining = Number(headers['x-ratelimit-remaining']);
		const hasHeaders = Number.isFinite(limit) && limit > 0 && Number.isFinite(remaining);
		if (hasHeaders) this.limit = limit;
		else if (status !== undefined && this.limit === undefined) this.limit = ASSUMED_LIMIT;

		if (status === 429) {
			this.available = 0;
			const retryAfter = Number(headers['retry-after']);
			if (Number.isFinite(retryAfter) && retryAfter > 0) {
				this.blockedUntil = Math.max(this.blockedUntil, now + retryAfter * 1000);
				this.windowStart = undefined; // the server says when its next window opens
			} else if (this.windowStart === undefined || !current) {
				this.windowStart = now;
			}
		} else if (current && status !== undefined) {
			// The server opened the window while this call was under way: take the middle of it.
			if (ticket.opener) this.windowStart = ticket.sentAt + Math.floor((now - ticket.sentAt) / 2);
			const left = hasHeaders
				? remaining - this.inFlight
				: (this.limit ?? ASSUMED_LIMIT) - 1 - this.inFlight;
			// Only ever counted down (a larger figure may belong to a window that has not opened for us).
			if (probe) this.available = Math.max(0, left);
			else if (hasHeaders) this.available = Math.max(0, Math.min(this.available, left));
		} else if (probe) {
			this.windowStart = undefined; // no answer: the next call tries again
		}
		this.notify();
	}

	private take(now: number): Ticket | undefined {
		if (now < this.blockedUntil) return undefined;
		if (
			this.windowStart === undefined ||
			now >= this.windowStart + this.windowMs + WINDOW_GUARD_MS
		) {
			// A new window: its first call goes alone while the limit is still unknown.
			if (this.probing) return undefined;
			this.window++;
			this.windowStart = now;
			this.inFlight = 1;
			this.probing = this.limit === undefined;
			this.available = this.limit === undefined ? 0 : this.limit - 1;
			return { window: this.window, sentAt: now, opener: true };
		}
		if (this.available <= 0) return undefined;
		this.available--;
		this.inFlight++;
		return { window: this.window, sentAt: now, opener: false };
	}

	/** When a slot may free up by the clock; undefined when only an answer can free one. */
	private nextChanceAt(): number | undefined {
		if (this.probing) return undefined;
		const windowEnd =
			this.windowStart === undefined ? 0 : this.windowStart + this.windowMs + WINDOW_GUARD_MS;
		return Math.max(this.blockedUntil, windowEnd);
	}

	private signal(): Promise<void> {
		if (!this.changed) {
			let resolve!: () => void;
			const promise = new Promise<void>((done) => (resolve = done));
			this.changed = { promise, resolve };
		}
		return this.changed.promise;
	}

	private notify() {
		const changed = this.changed;
		this.changed = undefined;
		changed?.resolve();
	}

	/** Nobody waits and nothing is in flight: safe to forget. */
	get idle(): boolean {
		return this.inFlight === 0 && this.changed === undefined;
	}
}

class RateLimitWaitExceeded extends Error {
	constructor(readonly neededMs: number) {
		super('rate limit wait exceeded');
	}
}

const LIMITER_IDLE_MS = 15 * 60_000;
const MAX_LIMITERS = 1000;
const limiters = new Map<string, RateLimiter>();

/**
 * One limiter per wallet credential and base URL in this process, so that every item, run and
 * workflow using the wallet paces together. Limiters idle for 15 minutes are dropped, and never
 * more than 1,000 are kept (the least recently used goes first).
 */
function limiterFor(key: string, windowMs: number): RateLimiter {
	let limiter = limiters.get(key);
	if (limiter) {
		limiters.delete(key); // re-inserted below: the map's order is least recently used first
	} else {
		const now = Date.now();
		for (const [other, entry] of limiters)
			if (entry.idle && now - entry.usedAt > LIMITER_IDLE_MS) limiters.delete(other);
		while (limiters.size >= MAX_LIMITERS) limiters.delete(limiters.keys().next().value as string);
		limiter = new RateLimiter(windowMs);
	}
	limiters.set(key, limiter);
	limiter.windowMs = windowMs;
	return limiter;
}

/** Forgets every limiter: for tests, whose simulator forgets its windows between cases. */
export function forgetRateLimits(): void {
	limiters.clear();
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
 * Sends a request and returns the service's answer, whatever its status. Every call first reserves a
 * slot of the wallet's rate-limit window, and 429s are waited out for every call (a 429 was not
 * processed). Reads are retried on server errors and
 * network failures with backoff; writes only when the connection was never made, and otherwise
 * fail with "outcome unknown" rather than risk paying twice.
 */
export async function deliver(
	this: RequestContext,
	delivery: Delivery,
): Promise<IN8nHttpFullResponse> {
	const { policy, kind, itemIndex } = delivery;
	const limiter = limiterFor(delivery.limiterKey, policy.rateWindowMs);
	const options = { ...delivery.options, timeout: policy.timeoutMs };
	let waitedMs = 0;
	let after429 = false;
	for (let attempt = 1; ; attempt++) {
		const mayRetry = attempt < (kind === 'read' ? policy.readAttempts : 2);
		let ticket;
		try {
			({ ticket, waitedMs } = await limiter.acquire(policy.maxRateLimitWaitMs, waitedMs));
		} catch (error) {
			throw rateLimitWaitError(
				this.getNode(),
				(error as RateLimitWaitExceeded).neededMs,
				itemIndex,
				after429 ? '429' : undefined,
			);
		}

		let response: IN8nHttpFullResponse;
		try {
			response = await send.call(this, delivery, options);
		} catch (error) {
			limiter.settle(ticket, undefined, {});
			const code = systemErrorCode(error);
			const reachedServer = !(code && NOT_CONNECTED.has(code));
			if (kind === 'write' && reachedServer)
				throw outcomeUnknownError(this.getNode(), code, itemIndex);
			if (mayRetry) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw networkError(this.getNode(), code, itemIndex);
		}

		const headers = (response.headers ?? {}) as IDataObject;
		limiter.settle(ticket, response.statusCode, headers);
		if (response.statusCode === 429) {
			// A 429 was not processed: wait for the window (in acquire) and send again, even a write.
			after429 = true;
			attempt--;
			continue;
		}
		after429 = false;
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
	const credentialsDecrypted = credentials && {
		id: saved?.id ?? '',
		name: saved?.name ?? '',
		type: credentialType,
		data: credentials,
	};
	return (await this.helpers.httpRequestWithAuthentication.call(this, credentialType, options, {
		credentialsDecrypted,
	})) as IN8nHttpFullResponse;
}

const SYSTEM_ERROR_CODE = /\b(E[A-Z]{3,}(?:_[A-Z]+)*)\b/;

/** The system error code (ECONNREFUSED, ETIMEDOUT...) of a failed request, wherever n8n put it. */
function systemErrorCode(error: unknown): string | undefined {
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
