import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { DeliveryPolicy } from './delivery';
import { DEFAULT_POLICY } from './delivery';

/** Action nodes call the API while executing, the trigger while verifying a callback. */
export type RequestContext = IExecuteFunctions | IWebhookFunctions;

const isExecution = (context: RequestContext): context is IExecuteFunctions => 'getInputData' in context;

/** The action node's "Options" for one item, or the defaults (the trigger has none of them). */
export function deliveryPolicy(context: RequestContext, itemIndex: number): DeliveryPolicy {
	if (!isExecution(context)) return DEFAULT_POLICY;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const seconds = (value: unknown, fallbackMs: number) =>
		typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value * 1000 : fallbackMs;
	return {
		maxRateLimitWaitMs: seconds(options.maxRateLimitWait, DEFAULT_POLICY.maxRateLimitWaitMs),
		rateWindowMs: seconds(options.rateLimitWindow, DEFAULT_POLICY.rateWindowMs),
		timeoutMs: seconds(options.timeout, DEFAULT_POLICY.timeoutMs),
		readAttempts:
			typeof options.readAttempts === 'number' && options.readAttempts >= 1
				? Math.floor(options.readAttempts)
				: DEFAULT_POLICY.readAttempts,
	};
}

/** Calls of one execution with one credential share a rate limiter; nothing secret goes in the key. */
export function limiterKey(context: RequestContext, credentialType: string | undefined, baseUrl: string): string {
	const execution = isExecution(context) ? context.getExecutionId() : 'webhooks';
	const credentialId = credentialType ? (context.getNode().credentials?.[credentialType]?.id ?? 'unsaved') : 'public';
	return `${execution}|${credentialType ?? 'none'}|${credentialId}|${baseUrl}`;
}
