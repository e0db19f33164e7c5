import { RateLimiter } from './RateLimiter';

const LIMITER_IDLE_MS = 15 * 60_000;
const MAX_LIMITERS = 1000;
const limiters = new Map<string, RateLimiter>();

/**
 * One limiter per wallet credential and base URL in this process, so that every item, run and
 * workflow using the wallet paces together. Limiters idle for 15 minutes are dropped, and never
 * more than 1,000 are kept (the least recently used goes first).
 */
export function limiterFor(key: string, windowMs: number): RateLimiter {
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
	limiter.resize(windowMs);
	return limiter;
}

/** How many limiters this process keeps (for tests of the bound). */
export const limiterCount = () => limiters.size;

/** Forgets every limiter: for tests, whose simulator forgets its windows between cases. */
export function forgetRateLimits(): void {
	limiters.clear();
}
