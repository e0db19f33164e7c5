import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** The smallest plan's documented limit (100 a minute): assumed until the headers say otherwise. */
const ASSUMED_LIMIT = 100;
/** CoinRemitter's window. A limiter with another window (a simulator, a custom plan) learns its limit first. */
const DOCUMENTED_WINDOW_MS = 60_000;
/** The share of each window that item work leaves to callback verification. */
const VERIFICATION_SHARE = 0.1;
/** Margin added to every window end, for clock steps and timer jitter. */
const WINDOW_GUARD_MS = 10;

/** A reserved slot: which window it belongs to, when it was sent, whether it opened the window. */
export interface Ticket {
	window: number;
	sentAt: number;
	opener: boolean;
}

/** The limit to go by before any answer: the documented one under CoinRemitter's window, else none. */
const assumedLimit = (windowMs: number) =>
	windowMs === DOCUMENTED_WINDOW_MS ? ASSUMED_LIMIT : undefined;

/**
 * Who asks for a slot: callback verification (a sender is waiting for its answer) goes ahead of item
 * work, which never takes the slots kept for verification.
 */
export type Lane = 'verification' | 'work';

/**
 * Keeps one wallet's calls within its plan when many are in flight at once, across items, runs and
 * workflows of this n8n process. A call reserves a slot of the current window before it is sent,
 * so N calls at once never send more than the window allows; the answers' `x-ratelimit-limit` and
 * `x-ratelimit-remaining` teach the limit and correct the count downwards (another n8n process may
 * use the same wallet). With CoinRemitter's one-minute window the smallest plan's limit is assumed
 * from the first call, so a cold process sends its first calls together; with any other window the
 * limit is unknown until the first call's answer, and the others wait for it. Verification goes
 * first: item work waits while a verification waits, and leaves a share of each window free. A window is taken to open halfway through its first call's round trip, and to end one
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
	private verificationsWaiting = 0;
	/** The limit came from an answer's headers, not from the documented plan. */
	private learned = false;
	private changed: { promise: Promise<void>; resolve: () => void } | undefined;
	usedAt = Date.now();

	constructor(public windowMs: number) {
		this.limit = assumedLimit(windowMs);
	}

	/**
	 * Another window length (a node whose 'Rate Limit Window' differs from the last caller's): the
	 * limit and the count belong to the old window, so both are forgotten and the next call opens a
	 * window of the new length. Kept: a 429's `retry-after` (the server's word) and waiting
	 * verifications. Without this, a window counted full under 2 s would hold every call for 60 s.
	 */
	resize(windowMs: number): void {
		if (windowMs === this.windowMs) return;
		this.windowMs = windowMs;
		this.limit = assumedLimit(windowMs);
		this.learned = false;
		this.window++; // answers to calls of the old window no longer count
		this.windowStart = undefined;
		this.available = 0;
		this.inFlight = 0;
		this.probing = false;
		this.notify();
	}

	/** Waits for a slot; throws RateLimitWaitExceeded when that would take longer than `maxWaitMs`. */
	async acquire(
		maxWaitMs: number,
		waitedMs = 0,
		lane: Lane = 'work',
	): Promise<{ ticket: Ticket; waitedMs: number }> {
		const started = Date.now() - waitedMs;
		let queued = false;
		try {
			for (;;) {
				const now = Date.now();
				this.usedAt = now;
				const ticket = this.take(now, lane);
				if (ticket) return { ticket, waitedMs: now - started };
				const readyAt = this.nextChanceAt() ?? now;
				if (readyAt - started > maxWaitMs) throw new RateLimitWaitExceeded(readyAt - started);
				if (lane === 'verification' && !queued) {
					queued = true;
					this.verificationsWaiting++;
				}
				const signal = this.signal();
				const yielding = lane === 'work' && this.verificationsWaiting > 0;
				await (this.probing || yielding
					? signal
					: Promise.race([sleep(Math.max(1, readyAt - now)), signal]));
			}
		} finally {
			if (queued) {
				this.verificationsWaiting--;
				this.notify();
			}
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
		// The first headers replace an assumed limit: the window is counted from them, up or down.
		const firstHeaders = hasHeaders && !this.learned && !probe;
		if (hasHeaders) {
			this.limit = limit;
			this.learned = true;
		} else if (status !== undefined && this.limit === undefined) this.limit = ASSUMED_LIMIT;

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
			if (probe || firstHeaders) this.available = Math.max(0, left);
			else if (hasHeaders) this.available = Math.max(0, Math.min(this.available, left));
		} else if (probe) {
			this.windowStart = undefined; // no answer: the next call tries again
		}
		this.notify();
	}

	private take(now: number, lane: Lane): Ticket | undefined {
		if (now < this.blockedUntil) return undefined;
		if (lane === 'work' && this.verificationsWaiting > 0) return undefined;
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
		if (this.available <= (lane === 'work' ? this.keptForVerification() : 0)) return undefined;
		this.available--;
		this.inFlight++;
		return { window: this.window, sentAt: now, opener: false };
	}

	private keptForVerification(): number {
		return Math.floor((this.limit ?? 0) * VERIFICATION_SHARE);
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

export class RateLimitWaitExceeded extends Error {
	constructor(readonly neededMs: number) {
		super('rate limit wait exceeded');
	}
}
