import type { WalletBlock } from './RateLimiter';
import { RateLimiter } from './RateLimiter';

const LIMITER_IDLE_MS = 15 * 60_000;
const MAX_LIMITERS = 1000;

/** A wallet's limiters (one per window length in use) and what they share. */
interface Wallet {
	block: WalletBlock;
	byWindow: Map<number, RateLimiter>;
}

const wallets = new Map<string, Wallet>();

/**
 * One limiter per wallet (credential and base URL) and window length in this process, so that every
 * item, run and workflow using the wallet paces together. A caller with another window length gets
 * a limiter of its own and never resets the others; all of them keep a 429's `retry-after`. Wallets
 * idle for 15 minutes are dropped, and never more than 1,000 are kept (the least recently used
 * goes first).
 */
export function limiterFor(walletKey: string, windowMs: number): RateLimiter {
	let wallet = wallets.get(walletKey);
	if (wallet) {
		wallets.delete(walletKey); // re-inserted below: the map's order is least recently used first
	} else {
		forgetIdle(Date.now());
		while (wallets.size >= MAX_LIMITERS) wallets.delete(wallets.keys().next().value as string);
		wallet = { block: { until: 0 }, byWindow: new Map() };
	}
	wallets.set(walletKey, wallet);
	let limiter = wallet.byWindow.get(windowMs);
	if (!limiter) wallet.byWindow.set(windowMs, (limiter = new RateLimiter(windowMs, wallet.block)));
	return limiter;
}

function forgetIdle(now: number) {
	for (const [key, wallet] of wallets) {
		const limiters = [...wallet.byWindow.values()];
		if (limiters.every((limiter) => limiter.idle && now - limiter.usedAt > LIMITER_IDLE_MS))
			wallets.delete(key);
	}
}

/** Forgets every limiter: for tests, whose simulator forgets its windows between cases. */
export function forgetRateLimits(): void {
	wallets.clear();
}
