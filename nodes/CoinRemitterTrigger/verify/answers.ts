import { CallbackRejection } from '../rejection';
import type { IDataObject } from 'n8n-workflow';

// What a sender hears when its callback is not verified, and what verification finds.

export const UNAVAILABLE =
	'The callback could not be verified with the CoinRemitter API right now; send it again later';

/** Verification could not get a slot of the wallet's rate limit in time (nothing was sent). */
class RateLimitBusy extends CallbackRejection {
	constructor() {
		super(503, UNAVAILABLE);
	}
}

export const busy = () => new RateLimitBusy();
export const BUSY = Symbol('busy');
export const busyAsResult = (error: unknown): typeof BUSY => {
	if (error instanceof RateLimitBusy) return BUSY;
	throw error;
};

/**
 * The fetched record alone (never merged with the callback: a verified item holds what the record
 * says), or why the callback belongs to another wallet (not forged: someone else's business).
 */
export type Verification = { record: IDataObject } | { otherWallet: string };

export const NOT_FOUND = 'The callback does not match any record of the wallet';

/**
 * A callback refuted because its record does not exist: in the whole wallet (`id`), or among the
 * deposits of the address it names (`address`). Only these are remembered: a callback whose record
 * exists but disagrees says nothing about the genuine callback for the same id.
 */
export class NoSuchRecord extends CallbackRejection {
	constructor(
		message: string,
		readonly scope: 'id' | 'address',
	) {
		super(403, message);
	}
}

/** The callback's record does not exist in the wallet (`id`) or among its address's deposits (`address`): 403. */
export const noSuchRecord = (scope: NoSuchRecord['scope']) => new NoSuchRecord(NOT_FOUND, scope);
