import type { IDataObject, IExecuteFunctions, INode, IWebhookFunctions } from 'n8n-workflow';

export interface DeliveryPolicy {
	/** Longest total wait for the rate limit before giving up, in ms. */
	maxRateLimitWaitMs: number;
	/** Length of the service's rate-limit window, in ms (CoinRemitter: one minute). */
	rateWindowMs: number;
	/** How long one request may take, in ms. */
	timeoutMs: number;
	/** Attempts for a read that meets a server error or a network failure. */
	readAttempts: number;
}

export const DEFAULT_POLICY: DeliveryPolicy = {
	maxRateLimitWaitMs: 120_000,
	rateWindowMs: 60_000,
	timeoutMs: 60_000,
	readAttempts: 3,
};

/**
 * The trigger verifies while the service waits for its answer: a few seconds in all, or the
 * service times out and delivers again. Past this budget the callback gets a 503.
 */
export const VERIFY_POLICY: DeliveryPolicy = {
	maxRateLimitWaitMs: 1_500,
	rateWindowMs: 60_000,
	timeoutMs: 2_000,
	readAttempts: 2,
};

/** Action nodes call the API while executing, the trigger while verifying a callback. */
export type RequestContext = IExecuteFunctions | IWebhookFunctions;

const isExecution = (context: RequestContext): context is IExecuteFunctions =>
	'getInputData' in context;

/** The action node's "Options" for one item; the trigger's verification has its own short budget. */
export function deliveryPolicy(context: RequestContext, itemIndex: number): DeliveryPolicy {
	if (!isExecution(context)) return VERIFY_POLICY;
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
