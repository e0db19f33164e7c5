import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

import type { Lane } from './rateWindow';
import { DOCUMENTED_WINDOW_MS } from './rateWindow';

/** How long and how often one caller's calls may wait and be tried. The caller chooses it. */
export interface DeliveryPolicy {
	/** Whose call it is in the wallet's rate limit (rateWindow.ts): item work unless said. */
	lane?: Lane;
	/** Longest total wait for the rate limit before giving up, in ms. */
	maxRateLimitWaitMs: number;
	/**
	 * Length of the service's rate-limit window, in ms, when the caller overrides the wallet's (the
	 * action node's old 'Rate Limit Window' option). Unset: the credential's, else one minute.
	 */
	rateWindowMs?: number;
	/** How long one request may take, in ms. */
	timeoutMs: number;
	/** Attempts for a read that meets a server error or a network failure. */
	readAttempts: number;
}

/** The action node's defaults (its "Options" collection starts from these). */
export const DEFAULT_POLICY: DeliveryPolicy = {
	maxRateLimitWaitMs: 120_000,
	timeoutMs: 60_000,
	readAttempts: 3,
};

/** The credentials' field: the window belongs to the wallet, so every node of the wallet reads it. */
export const rateLimitWindowField: INodeProperties = {
	displayName: 'Rate Limit Window (Seconds)',
	name: 'rateLimitWindow',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description:
		"How often CoinRemitter resets the wallet's request limit (one minute). Change only for a gateway simulator or a custom plan.",
};

/** A window length in seconds as ms; undefined for anything that is not a positive number. */
export function windowFromSeconds(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) && value > 0
		? value * 1000
		: undefined;
}

/** The window a call paces by: the caller's override, else the wallet's credential, else one minute. */
export function rateWindowOf(
	policy: DeliveryPolicy,
	credentials: ICredentialDataDecryptedObject | undefined,
): number {
	return (
		policy.rateWindowMs ?? windowFromSeconds(credentials?.rateLimitWindow) ?? DOCUMENTED_WINDOW_MS
	);
}
