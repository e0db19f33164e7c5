import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Lane, WindowDemand } from './rateWindow';
import {
	assumedLimit,
	ASSUMED_LIMIT,
	correctedAvailable,
	mayTake,
	rateHeaders,
	retryAfterUntil,
	slotsLeft,
	VERIFICATION_HOLD_WINDOWS,
	windowEnd,
} from './rateWindow';

export type { Lane } from './rateWindow';

/** A reserved slot: which window it belongs to, whether it opened the window. */
export interface Ticket {
	window: number;
	opener: boolean;
}

/** What every limiter of one wallet shares, whatever its window: the server's word after a 429. */
export type WalletBlock = { until: number };

/** One window as counted here. */
interface Window {
	id: number;
	/** Undefined after a 429 with retry-after: the server says when its next window opens. */
	start: number | undefined;
	available: number;
	/** Calls of this window that have not been answered yet. */
	inFlight: number;
	workTaken: number;
	/** Its first call went alone because the limit was unknown, and has not been answered. */
	probing: boolean;
}

/**
 * Keeps one wallet's calls within its plan when many are in flight at once, across items, runs and
 * workflows of this n8n process. A call reserves a slot of the current window before it is sent,
 * so N calls at once never send more than the window allows; the answers' `x-ratelimit-limit` and
 * `x-ratelimit-remaining` teach the limit and correct the count downwards (another n8n process may
 * use the same wallet). With CoinRemitter's one-minute window the smallest plan's limit is assumed
 * from the first call, so a cold process sends its first calls together; with any other window the
 * limit is unknown until the first call's answer, and the others wait for it. Who gets a slot is
 * `mayTake`'s rule (rateWindow.ts): verification first, item work sure of its share and of
 * every slot waiting verifications do not need, acknowledged callbacks after it. A window is
 * taken to open when its first call is answered, and to end one window length later; a 429
 * closes the window until `retry-after` (or the window's end) passes. The window length is fixed
 * for the limiter's life: another length is another limiter.
 */
export class RateLimiter {
	private limit: number | undefined;
	/** The limit came from an answer's headers, not from the documented plan. */
	private learned = false;
	private current: Window = {
		id: 0,
		start: undefined,
		available: 0,
		inFlight: 0,
		workTaken: 0,
		probing: false,
	};
	private waiting: Record<Lane, number> = { verification: 0, background: 0, work: 0 };
	private verifiedAt = -Infinity;
	private changed: { promise: Promise<void>; resolve: () => void } | undefined;
	usedAt = Date.now();

	constructor(
		readonly windowMs: number,
		private readonly block: WalletBlock = { until: 0 },
	) {
		this.limit = assumedLimit(windowMs);
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
				if (lane !== 'work') this.verifiedAt = now;
				const ticket = this.take(now, lane);
				if (ticket) return { ticket, waitedMs: now - started };
				const readyAt = this.nextChanceAt() ?? now;
				const deadline = started + maxWaitMs;
				// Refused by the lanes with slots left, it may still get one of them when a caller of
				// another lane takes its own or gives up: it waits for that up to its deadline.
				const mayGetOneNow = this.hasSlotsNow(now) && this.othersWait(lane);
				if (readyAt > deadline && (!mayGetOneNow || now >= deadline))
					throw new RateLimitWaitExceeded(readyAt - started);
				if (!queued) {
					queued = true;
					this.waiting[lane]++;
					this.notify(); // who waits is part of the rule (mayTake): the others look again
				}
				const signal = this.signal();
				await (this.current.probing
					? signal
					: Promise.race([sleep(Math.max(1, Math.min(readyAt, deadline) - now)), signal]));
			}
		} finally {
			if (queued) {
				this.waiting[lane]--;
				this.notify();
			}
		}
	}

	/** Takes what an answer says about the limit; `status` is undefined when no answer came. */
	settle(ticket: Ticket, status: number | undefined, headers: IDataObject, now = Date.now()): void {
		const window = this.current;
		const current = ticket.window === window.id;
		const probe = current && ticket.opener && window.probing;
		if (current) window.inFlight--;
		if (probe) window.probing = false;
		const rate = rateHeaders(headers);
		// The first headers replace an assumed limit: the window is counted from them, up or down.
		const firstHeaders = rate !== undefined && !this.learned && !probe;
		if (rate) {
			this.limit = rate.limit;
			this.learned = true;
		} else if (status !== undefined && this.limit === undefined) this.limit = ASSUMED_LIMIT;

		if (status === 429) {
			window.available = 0;
			const until = retryAfterUntil(now, headers);
			if (until !== undefined) {
				this.block.until = Math.max(this.block.until, until);
				window.start = undefined;
			} else if (window.start === undefined || !current) {
				window.start = now;
			}
		} else if (current && status !== undefined) {
			// The server opened its window while the first call was under way: by its answer at the
			// latest, however long the call took to arrive, so counting from the answer never overruns.
			if (ticket.opener) window.start = now;
			const left = slotsLeft(rate, this.limit, window.inFlight);
			window.available = correctedAvailable(
				window.available,
				left,
				probe || firstHeaders,
				rate !== undefined,
			);
		} else if (probe) {
			window.start = undefined; // no answer: the next call tries again
		}
		this.notify();
	}

	private take(now: number, lane: Lane): Ticket | undefined {
		if (now < this.block.until) return undefined;
		const window = this.current;
		if (window.start === undefined || now >= windowEnd(window.start, this.windowMs)) {
			// A new window: its first call goes alone (a probe) while the limit is still unknown.
			if (window.probing) return undefined;
			const fresh = this.limit ?? 1;
			if (!mayTake(lane, this.demand(now, fresh, 0))) return undefined;
			this.current = {
				id: window.id + 1,
				start: now,
				available: fresh - 1, // 0 for a probe
				inFlight: 1,
				workTaken: lane === 'work' ? 1 : 0,
				probing: this.limit === undefined,
			};
			return { window: this.current.id, opener: true };
		}
		if (!mayTake(lane, this.demand(now, window.available, window.workTaken))) return undefined;
		window.available--;
		window.inFlight++;
		if (lane === 'work') window.workTaken++;
		return { window: window.id, opener: false };
	}

	private demand(now: number, available: number, workTaken: number): WindowDemand {
		return {
			limit: this.limit,
			available,
			workTaken,
			waiting: this.waiting,
			verifying: now - this.verifiedAt < VERIFICATION_HOLD_WINDOWS * this.windowMs,
		};
	}

	/** The current window is open to callers and has slots left. */
	private hasSlotsNow(now: number): boolean {
		const { start, available, probing } = this.current;
		return now >= this.block.until && start !== undefined && !probing && available > 0;
	}

	/** Callers of another lane wait: their taking or leaving may change what `lane` may take. */
	private othersWait(lane: Lane): boolean {
		return Object.entries(this.waiting).some(([other, count]) => other !== lane && count > 0);
	}

	/** When a slot may free up by the clock; undefined when only an answer can free one. */
	private nextChanceAt(): number | undefined {
		const { probing, start } = this.current;
		if (probing) return undefined;
		return Math.max(this.block.until, start === undefined ? 0 : windowEnd(start, this.windowMs));
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

	/**
	 * Whether more than `share` of the limit is free now: in the current window, or because it is
	 * over (a new one starts full). No while a 429 blocks the wallet or the limit is unknown.
	 */
	hasRoom(share: number, now = Date.now()): boolean {
		if (now < this.block.until || this.limit === undefined) return false;
		const { start, available } = this.current;
		if (start === undefined || now >= windowEnd(start, this.windowMs)) return true;
		return available > this.limit * share;
	}

	/** Nobody waits and nothing is in flight: safe to forget. */
	get idle(): boolean {
		return this.current.inFlight === 0 && this.changed === undefined;
	}
}

export class RateLimitWaitExceeded extends Error {
	constructor(readonly neededMs: number) {
		super('rate limit wait exceeded');
	}
}
