import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { LEGACY_CREDENTIAL, V1_CREDENTIAL } from '../../shared/client';
import {
	credentialTypeOf,
	forgetCallbackCredentials,
	reuseCallbackCredentials,
} from '../../shared/client/credentials';
import type { DeliveryPolicy } from '../../shared/delivery';
import type { Lane } from '../../shared/delivery/rateWindow';
import type { Lookup } from '../callbacks/callback';
import type { TriggerEvent } from '../callbacks';
import * as memory from '../memory';
import { CallbackRejection, refuse } from '../rejection';
import type { CallbackInterface } from '../schemas';
import type { Verification } from './answers';
import { BUSY, busyAsResult, NOT_FOUND, NoSuchRecord, UNAVAILABLE } from './answers';
import { callsAreShort } from './byAddress';
import { verifyCallback } from './lookup';
import { walletKeyOf } from './wallet';

// Verifying within the time the sender waits for its answer (the Verification Wait); past it, the
// callback is acknowledged (202) and verified in the background.

/** How long a sender is expected to wait for its answer, by default (the "Verification Wait" option). */
export const DEFAULT_VERIFICATION_WAIT_S = 5;
/** Once a callback is acknowledged, how long its verification may still wait for the rate limit. */
const BACKGROUND_WAIT_MS = 10 * 60_000;

/**
 * While a sender waits for the answer, verification's calls go ahead of item work in the wallet's
 * rate limit (`lane`), wait at most `waitMs` for a slot, and get a short time and two tries each.
 * Once the callback is acknowledged nobody waits: its verification goes in the background lane, with
 * what item work leaves (the reserve at least), so that a burst of callbacks does not starve checkout
 * or payouts.
 */
function verificationPolicy(waitMs: number, lane: Lane = 'verification'): DeliveryPolicy {
	return {
		lane,
		maxRateLimitWaitMs: waitMs,
		timeoutMs: 2_000,
		readAttempts: 2,
	};
}

/**
 * Runs `verify` with the trigger's credential for `api`, read from n8n at most once per
 * CALLBACK_CREDENTIAL_REUSE_MS for the callbacks of one trigger node (reuseCallbackCredentials).
 * After any callback it did not verify (a refusal, another wallet, no answer), the next callback
 * reads it from n8n again, in case it was edited.
 */
export async function withCallbackCredential(
	context: IWebhookFunctions,
	api: CallbackInterface,
	verify: () => Promise<Verification>,
): Promise<Verification> {
	const credentialType = credentialTypeOf(api);
	reuseCallbackCredentials(context, credentialType);
	let verified: Verification | undefined;
	try {
		verified = await verify();
		return verified;
	} finally {
		if (!verified || !('record' in verified)) forgetCallbackCredentials(context, credentialType);
	}
}

/**
 * Verifies a callback within the sender's patience (`waitMs` for the rate limit). When the wallet's
 * limit binds, the callback is acknowledged (`acknowledge`: 202 to the sender) and verification goes
 * on for up to ten minutes; the workflow still starts only for a record the API confirms. While
 * MAX_HELD_CALLBACKS are held open, the next is verified only if it need not wait (verifyUnheld).
 */
export async function verifyPatiently(
	this: IWebhookFunctions,
	lookup: Lookup,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
	waitMs: number,
	acknowledge: () => void,
): Promise<Verification> {
	const wallet = await walletKeyOf(this, api);
	if (memory.wasRefuted(wallet, event, callback)) throw refuse(403, NOT_FOUND);
	const verifyOnce = async (stage: string, policy: DeliveryPolicy) =>
		await memory
			.mergeInFlight(`${stage}|${wallet}|${event}|${memory.fingerprint(callback)}`, async () =>
				verifyCallback.call(this, lookup, api, callback, policy, wallet),
			)
			.catch((error: unknown) => {
				if (error instanceof NoSuchRecord)
					memory.rememberRefuted(wallet, event, callback, error.scope);
				if (error instanceof CallbackRejection && error.status === 403) {
					memory.rememberForgery(wallet);
					if (callback.address) memory.contestAddress(wallet, String(callback.address));
				}
				throw error;
			});
	const release = memory.heldCallbacks.take();
	if (!release) return await verifyUnheld.call(this, api, wallet, callback, verifyOnce);
	try {
		const inTime = await verifyOnce('now', verificationPolicy(waitMs)).catch(busyAsResult);
		if (inTime !== BUSY) return inTime;
		acknowledge();
		return await verifyOnce(
			'background',
			verificationPolicy(BACKGROUND_WAIT_MS, 'background'),
		).catch((error: unknown) => {
			if (!(error instanceof CallbackRejection) || error.status >= 500)
				logGiveUp(this, event, callback, error);
			throw error;
		});
	} finally {
		release();
	}
}

/**
 * Past MAX_HELD_CALLBACKS, a callback that waits for nothing is still verified: the wallet's limit
 * has a slot now, and reads of its address are not spaced. Its webhook call stays open for its
 * round trips only, like any webhook call (before, 25 genuine senders at once on n8n 2.41 lost 99
 * of 600 callbacks to 503). One that would wait is answered 503 at once: the bound is on the
 * callbacks held waiting. Not while forgeries arrive (one refused in the last minute): each call
 * open at once costs n8n 2.x an isolate, and a flood would keep up to one per sender open.
 */
async function verifyUnheld(
	this: IWebhookFunctions,
	api: CallbackInterface,
	wallet: string,
	callback: IDataObject,
	verifyOnce: (stage: string, policy: DeliveryPolicy) => Promise<Verification>,
): Promise<Verification> {
	const atOnce = verificationPolicy(0);
	const wouldWait =
		memory.wasForgedLately(wallet) ||
		(callback.address !== undefined && api === 'v1' && (await callsAreShort.call(this, atOnce)));
	if (wouldWait) throw refuse(503, UNAVAILABLE);
	const verified = await verifyOnce('at once', atOnce).catch(busyAsResult);
	if (verified === BUSY) throw refuse(503, UNAVAILABLE);
	return verified;
}

/** An acknowledged callback that could not be verified is lost to the trigger: n8n's log says so, as an error. */
function logGiveUp(
	context: IWebhookFunctions,
	event: TriggerEvent,
	callback: IDataObject,
	error: unknown,
) {
	const reason = error instanceof CallbackRejection ? error.message : 'unexpected error';
	context.logger.error(
		`CoinRemitter Trigger: gave up verifying a ${describeCallback(event, callback)} that was answered 202: ${reason}. No workflow started for it; a catch-up run finds the payment (README: Never miss a payment).`,
	);
}

/** Which interfaces the trigger has a credential for. */
export function credentialsOnNode(context: IWebhookFunctions): Record<CallbackInterface, boolean> {
	const saved = context.getNode().credentials ?? {};
	return { v1: saved[V1_CREDENTIAL] !== undefined, legacy: saved[LEGACY_CREDENTIAL] !== undefined };
}

/** Kind, id and address of a callback for n8n's log (never a credential). */
export function describeCallback(event: TriggerEvent, callback: IDataObject): string {
	const id =
		event === 'invoice' ? `invoice_id ${String(callback.invoice_id)}` : `id ${String(callback.id)}`;
	const address = callback.address ? `, address ${String(callback.address)}` : '';
	return `${event} callback (${id}${address})`;
}
