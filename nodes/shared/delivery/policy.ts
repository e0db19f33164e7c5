import type { Lane } from './RateLimiter';

/** How long and how often one caller's calls may wait and be tried. The caller chooses it. */
export interface DeliveryPolicy {
	/** Callback verification goes ahead of item work in the wallet's rate limit. */
	lane?: Lane;
	/** Longest total wait for the rate limit before giving up, in ms. */
	maxRateLimitWaitMs: number;
	/** Length of the service's rate-limit window, in ms (CoinRemitter: one minute). */
	rateWindowMs: number;
	/** How long one request may take, in ms. */
	timeoutMs: number;
	/** Attempts for a read that meets a server error or a network failure. */
	readAttempts: number;
}

/** The action node's defaults (its "Options" collection starts from these). */
export const DEFAULT_POLICY: DeliveryPolicy = {
	maxRateLimitWaitMs: 120_000,
	rateWindowMs: 60_000,
	timeoutMs: 60_000,
	readAttempts: 3,
};
