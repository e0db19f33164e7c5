import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../../shared/client';
import { callApi } from '../../shared/client';
import type { DeliveryPolicy } from '../../shared/delivery';
import { CallbackRejection } from '../rejection';
import type { CallbackInterface } from '../schemas';

// What the three jobs of verification share: the read, and the answers a sender gets.

/** A read for verification, with the trigger's credential for `api`. */
export async function read(
	context: IWebhookFunctions,
	api: CallbackInterface,
	policy: DeliveryPolicy,
	endpoint: Endpoint,
	fields: IDataObject = {},
) {
	return await callApi.call(context, { api, endpoint, fields, kind: 'read', policy, itemIndex: 0 });
}

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
