import type { IDataObject } from 'n8n-workflow';

/**
 * The arithmetic of a rate-limit window, as pure functions: what the limiter (RateLimiter.ts) may
 * send now, and what an answer says about the window. No clock and no state of its own: every
 * figure comes in as an argument.
 */

/** The smallest plan's documented limit (100 a minute): assumed until the headers say otherwise. */
export const ASSUMED_LIMIT = 100;
/** CoinRemitter's window. A limiter with another window (a simulator, a custom plan) learns its limit first. */
export const DOCUMENTED_WINDOW_MS = 60_000;
/** The share of each window that item work leaves free while callbacks of the wallet are being verified. */
export const VERIFICATION_RESERVE = 0.1;
/** The share of each window that item work is sure of while verifications wait (a flood of callbacks). */
export const WORK_GUARANTEE = 0.5;
/** Margin added to every window end, for clock steps and timer jitter. */
export const WINDOW_GUARD_MS = 10;
/** How many window lengths the reserve is held after the last verification (the trigger counts as active). */
export const VERIFICATION_HOLD_WINDOWS = 2;

/**
 * Who asks for a slot, in the order they are served. `verification`: a callback's sender waits
 * for the answer, so it goes ahead of item work. `work`: item work (checkout, payouts, reads, the
 * catch-up), sure of its guaranteed share of every window whoever waits, and of every slot that
 * waiting verifications and the reserve do not need. `background`: a callback already
 * acknowledged, nobody waits for it: it goes ahead of no one and gets what item work leaves, the
 * reserve at least.
 */
export type Lane = 'verification' | 'background' | 'work';

/** The limit to go by before any answer: the documented one under CoinRemitter's window, else none. */
export const assumedLimit = (windowMs: number): number | undefined =>
	windowMs === DOCUMENTED_WINDOW_MS ? ASSUMED_LIMIT : undefined;

/** When a window that opened at `start` is over (the next one may open). */
export const windowEnd = (start: number, windowMs: number): number =>
	start + windowMs + WINDOW_GUARD_MS;

/** What one moment of a window looks like to a caller asking for a slot. */
export interface WindowDemand {
	/** The limit of the window; undefined while it is unknown (then only a probe goes). */
	limit: number | undefined;
	/** Slots of the window not yet taken. */
	available: number;
	/** Slots item work took in this window. */
	workTaken: number;
	/** Callers that asked and wait, by lane. */
	waiting: Record<Lane, number>;
	/** A trigger of the wallet verified callbacks lately: keep the reserve for the next one. */
	verifying: boolean;
}

/** Slots of a window item work is sure of while verifications wait. */
export const workGuarantee = (limit: number): number => Math.ceil(limit * WORK_GUARANTEE);

/** Slots of a window item work leaves to verification while a trigger of the wallet is active. */
export const verificationReserve = (limit: number): number =>
	Math.floor(limit * VERIFICATION_RESERVE);

/**
 * Whether a caller of `lane` may take a slot now. With `owed` the guaranteed slots item work has not
 * taken yet in this window, and `reserve` the share kept free while the wallet's callbacks are
 * being verified (else none):
 * - verification: any slot but those owed to waiting item work;
 * - work: an owed slot whenever a verification of either kind waits (the guarantee holds against
 *   them, the reserve included); else any slot beyond the reserve and one for each waiting
 *   verification, so a few verifications cost work only the slots they take;
 * - background: nothing while a verification waits; with item work waiting, only the slots work
 *   leaves (the reserve) and none of those it is owed; else any slot.
 * The rules for work and background never both refuse a slot nobody else wants: nothing idles.
 */
export function mayTake(lane: Lane, demand: WindowDemand): boolean {
	const { limit, available, workTaken, waiting } = demand;
	if (available <= 0) return false;
	if (limit === undefined) return true; // the probe: whoever asks first
	const owed = Math.max(0, workGuarantee(limit) - workTaken);
	const reserve = demand.verifying ? verificationReserve(limit) : 0;
	switch (lane) {
		case 'verification':
			return available > (waiting.work > 0 ? owed : 0);
		case 'work':
			if (owed > 0 && waiting.verification + waiting.background > 0) return true;
			return available > reserve + waiting.verification;
		case 'background':
			if (waiting.verification > 0) return false;
			return waiting.work === 0 || (available > owed && available <= reserve);
	}
}

/** The limit and what is left of it, as an answer's headers say; undefined when they do not. */
export function rateHeaders(
	headers: IDataObject,
): { limit: number; remaining: number } | undefined {
	const limit = Number(headers['x-ratelimit-limit']);
	const remaining = Number(headers['x-ratelimit-remaining']);
	return Number.isFinite(limit) && limit > 0 && Number.isFinite(remaining)
		? { limit, remaining }
		: undefined;
}

/** Until when a 429 closes the wallet by its `retry-after` (seconds); undefined without one. */
export function retryAfterUntil(now: number, headers: IDataObject): number | undefined {
	const retryAfter = Number(headers['retry-after']);
	return Number.isFinite(retryAfter) && retryAfter > 0 ? now + retryAfter * 1000 : undefined;
}

/**
 * Slots of the current window left after an answer: the headers' remaining figure when they carry
 * one, else the limit less this call; either way less the calls still in flight.
 */
export function slotsLeft(
	headers: { remaining: number } | undefined,
	limit: number | undefined,
	inFlight: number,
): number {
	const left = headers ? headers.remaining - inFlight : (limit ?? ASSUMED_LIMIT) - 1 - inFlight;
	return Math.max(0, left);
}

/**
 * The window's available slots after an answer. The first figure of a window (its probe, or the
 * first headers after an assumed limit) is taken as it is, up or down; later ones only ever count
 * down (a larger figure may belong to a window that has not opened for us).
 */
export function correctedAvailable(
	available: number,
	left: number,
	first: boolean,
	hasHeaders: boolean,
): number {
	if (first) return left;
	return hasHeaders ? Math.min(available, left) : available;
}
