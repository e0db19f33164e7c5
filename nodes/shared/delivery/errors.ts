import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { PLAN_LIMITS, tagged } from '../errors';

// Failures of the transport: no answer, an answer that says nothing of the outcome, a wait too long.

const SYSTEM_ERRORS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed unexpectedly',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
};

/** A request that never got an answer: connection refused, DNS failure, timeout. */
export function networkError(
	node: INode,
	code: string | undefined,
	itemIndex?: number,
): NodeApiError {
	const what = (code && SYSTEM_ERRORS[code]) ?? 'the network failed';
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'no answer', systemCode: code ?? 'unknown' },
			{
				message: `Could not reach CoinRemitter: ${what}`,
				description: `The request got no answer${code ? ` (${code.toLowerCase()})` : ''}. Check the base URL of the credential and the network of the n8n server, then try again.`,
				itemIndex,
			},
		),
		{ reason: 'network' },
	);
}

/**
 * A write that may or may not have been carried out: it was sent, and what came back is not the
 * API's own answer (no answer, a 5xx, a proxy's page). Say so, and how to find out; never invite a
 * plain retry. `cause`: a system error code, or what the answer was ("HTTP 503 …").
 */
export function outcomeUnknownError(
	node: INode,
	cause: string | undefined,
	itemIndex?: number,
): NodeApiError {
	const what = !cause ? 'no answer' : (SYSTEM_ERRORS[cause] ?? cause);
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'outcome unknown', cause: cause ?? 'unknown' },
			{
				message:
					'CoinRemitter may or may not have carried out this request: the outcome is unknown',
				description: `No answer of CoinRemitter's own came back (${what}), so it may have been carried out; it was not sent again. Check whether it happened before anything else: for a withdrawal, the wallet's transactions in the CoinRemitter dashboard, Transaction → Get or Wallet → Get Balance; otherwise, the dashboard.`,
				itemIndex,
			},
		),
		{ reason: 'outcomeUnknown' },
	);
}

/** The rate limit would need a longer wait than the node's option allows. */
export function rateLimitWaitError(
	node: INode,
	neededMs: number,
	itemIndex?: number,
	httpCode?: string,
): NodeApiError {
	return tagged(
		new NodeApiError(
			node,
			{ failure: 'rate limit', neededSeconds: Math.ceil(neededMs / 1000) },
			{
				message: 'CoinRemitter rate limit reached [1006]',
				description: `Staying within the wallet's request limit (${PLAN_LIMITS}) would take about ${Math.ceil(
					neededMs / 1000,
				)} s of waiting, more than the node's "Longest Rate Limit Wait" option allows. Raise that option, process fewer items at once, or upgrade the plan. Nothing was sent for this item.`,
				itemIndex,
				httpCode,
			},
		),
		{ reason: 'rateLimitWait' },
	);
}
