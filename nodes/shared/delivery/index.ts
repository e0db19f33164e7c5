import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { networkError, outcomeUnknownError, rateLimitWaitError } from './errors';
import type { DeliveryPolicy } from './policy';
import { rateWindowOf } from './policy';
import { RateLimitWaitExceeded, type Ticket } from './RateLimiter';
import { limiterFor } from './registry';
import type { AttemptOutcome, CallKind } from './retry';
import { decideAfter, systemErrorCode } from './retry';

export type { DeliveryPolicy } from './policy';
export { DEFAULT_POLICY, rateLimitWindowField, windowFromSeconds } from './policy';
export type { CallKind } from './retry';
export { forgetRateLimits } from './registry';

/** Action nodes call the API while executing, the trigger while verifying a callback. */
export type RequestContext = IExecuteFunctions | IWebhookFunctions;

const nodes = new WeakMap<RequestContext, INode>();

/** The node, read once per run: n8n hands out a deep copy on every getNode(). */
export function nodeOf(context: RequestContext): INode {
	let node = nodes.get(context);
	if (!node) nodes.set(context, (node = context.getNode()));
	return node;
}

/**
 * Calls with one credential to one base URL share a rate limiter within the process, whichever
 * execution, workflow or node (action or trigger) makes them: they draw on one wallet's limit.
 * Nothing secret goes in the key.
 */
export function limiterKey(
	context: RequestContext,
	credentialType: string | undefined,
	baseUrl: string,
): string {
	const credentialId = credentialType
		? (nodeOf(context).credentials?.[credentialType]?.id ?? 'unsaved')
		: 'public';
	return `${credentialType ?? 'none'}|${credentialId}|${baseUrl.trim().replace(/\/+$/, '')}`;
}

/**
 * Whether the wallet's rate-limit window has more than `share` of its limit free, for callers that
 * spend calls freely only while they are plentiful (the trigger's reads of an address).
 */
export function windowHasRoom(
	context: RequestContext,
	wallet: { credentialType: string; baseUrl: string; credentials: ICredentialDataDecryptedObject },
	policy: DeliveryPolicy,
	share: number,
): boolean {
	const key = limiterKey(context, wallet.credentialType, wallet.baseUrl);
	return limiterFor(key, rateWindowOf(policy, wallet.credentials)).hasRoom(share);
}

export interface Delivery {
	credentialType: string | undefined;
	/** The credential as the node already read it, so that n8n does not decrypt it a second time. */
	credentials?: ICredentialDataDecryptedObject;
	options: IHttpRequestOptions;
	kind: CallKind;
	itemIndex: number;
	policy: DeliveryPolicy;
	limiterKey: string;
	/** Whether an answer is the API's own refusal (its error envelope); only that lets a write's 429 be sent again. */
	isApiRefusal: (response: IN8nHttpFullResponse) => boolean;
}

/**
 * Sends a request and returns the service's answer, whatever its status. Every call first reserves a
 * slot of the wallet's rate-limit window; what happens after an attempt is the retry policy's call
 * (`decideAfter`).
 */
export async function deliver(
	this: RequestContext,
	delivery: Delivery,
): Promise<IN8nHttpFullResponse> {
	const { policy, kind, itemIndex } = delivery;
	const limiter = limiterFor(delivery.limiterKey, rateWindowOf(policy, delivery.credentials));
	const options = { ...delivery.options, timeout: policy.timeoutMs };
	let waitedMs = 0;
	let after429 = false;
	for (let attempt = 1; ; attempt++) {
		let ticket: Ticket;
		try {
			({ ticket, waitedMs } = await limiter.acquire(
				policy.maxRateLimitWaitMs,
				waitedMs,
				policy.lane,
			));
		} catch (error) {
			if (!(error instanceof RateLimitWaitExceeded))
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			throw rateLimitWaitError(
				this.getNode(),
				error.neededMs,
				itemIndex,
				after429 ? '429' : undefined,
			);
		}

		let response: IN8nHttpFullResponse | undefined;
		let outcome: AttemptOutcome;
		try {
			response = await send.call(this, delivery, options);
			limiter.settle(ticket, response.statusCode, (response.headers ?? {}) as IDataObject);
			const { statusCode } = response;
			// Only a write's 429 turns on whose answer it is (see decideAfter): the body is read for that alone.
			const apiRefusal = kind === 'write' && statusCode === 429 && delivery.isApiRefusal(response);
			outcome = { status: statusCode, apiRefusal };
		} catch (error) {
			limiter.settle(ticket, undefined, {});
			outcome = { noAnswer: systemErrorCode(error) };
		}

		const decision = decideAfter(kind, attempt, outcome, policy);
		after429 = decision.action === 'resendAfterRateLimit';
		switch (decision.action) {
			case 'return':
				return response as IN8nHttpFullResponse;
			case 'resendAfterRateLimit':
				attempt--;
				continue;
			case 'retry':
				await sleep(decision.afterMs);
				continue;
			case 'failOutcomeUnknown':
				throw outcomeUnknownError(this.getNode(), decision.cause, itemIndex);
			case 'failNoAnswer':
				throw networkError(this.getNode(), decision.cause, itemIndex);
		}
	}
}

async function send(this: RequestContext, delivery: Delivery, options: IHttpRequestOptions) {
	const { credentialType, credentials } = delivery;
	if (!credentialType) return (await this.helpers.httpRequest(options)) as IN8nHttpFullResponse;
	const saved = nodeOf(this).credentials?.[credentialType];
	const credentialsDecrypted = credentials && {
		id: saved?.id ?? '',
		name: saved?.name ?? '',
		type: credentialType,
		data: credentials,
	};
	return (await this.helpers.httpRequestWithAuthentication.call(this, credentialType, options, {
		credentialsDecrypted,
	})) as IN8nHttpFullResponse;
}
