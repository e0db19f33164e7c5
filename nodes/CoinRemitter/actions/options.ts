import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { DeliveryPolicy } from '../../shared/delivery';
import { DEFAULT_POLICY, windowFromSeconds } from '../../shared/delivery';
import { PLAN_LIMITS } from '../../shared/errors';
import type { OperationFacts } from './operation';

/**
 * Items in flight at once by default: the smallest plan's whole window (100 requests a minute). A
 * batch that one window of any plan lets through goes out in one round trip (a real gateway is
 * 100-300 ms away); anything larger is paced by the rate limit, not by this bound, so a higher
 * default would buy nothing. It also keeps sockets and pending bodies to a fixed number for any
 * number of items.
 */
export const DEFAULT_CONCURRENCY = 100;

/** How the node talks to CoinRemitter, for every operation. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrent Requests',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 500 },
			default: DEFAULT_CONCURRENCY,
			description:
				"How many items are sent to CoinRemitter at once. The wallet's rate limit is kept whatever this is. Withdrawals always go one at a time, in input order.",
		},
		{
			displayName: 'Longest Rate Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description: `The node keeps within the wallet's request limit (${PLAN_LIMITS}) by waiting for the next minute when the limit is used up. When one item would wait longer than this, it fails with an error instead.`,
		},
		{
			displayName: 'Rate Limit Window (Seconds)',
			name: 'rateLimitWindow',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description:
				"Overrides the Rate Limit Window of the wallet's credential for this node (kept for workflows saved with it): set it there instead. Change only for a gateway simulator or a custom plan.",
		},
		{
			displayName: 'Read Attempts',
			name: 'readAttempts',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 3,
			description:
				'How many times a read (balance, get, validate, estimate, rates) is tried when CoinRemitter has a server error or the network fails. Withdrawals and creations are never repeated unless they surely did not arrive.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description: 'How long to wait for CoinRemitter to answer one request',
		},
	],
};

/** The "Options" of one item as the transport's delivery policy. */
export function deliveryPolicy(context: IExecuteFunctions, itemIndex: number): DeliveryPolicy {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const seconds = (value: unknown, fallbackMs: number) =>
		typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value * 1000 : fallbackMs;
	return {
		maxRateLimitWaitMs: seconds(options.maxRateLimitWait, DEFAULT_POLICY.maxRateLimitWaitMs),
		rateWindowMs: windowFromSeconds(options.rateLimitWindow),
		timeoutMs: seconds(options.timeout, DEFAULT_POLICY.timeoutMs),
		readAttempts:
			typeof options.readAttempts === 'number' && options.readAttempts >= 1
				? Math.floor(options.readAttempts)
				: DEFAULT_POLICY.readAttempts,
	};
}

/**
 * How many items run at once: one for an operation that goes one at a time (withdrawals), else the
 * "Concurrent Requests" option. Reads, and address and invoice creations, draw on nothing shared.
 */
export function concurrencyFor(facts: OperationFacts, option: unknown): number {
	if (facts.oneAtATime) return 1;
	return typeof option === 'number' && Number.isFinite(option) && option >= 1
		? Math.floor(option)
		: DEFAULT_CONCURRENCY;
}
