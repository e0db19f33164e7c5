import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FailureReason } from '../errors';
import { tagged } from '../errors';
import { REASON_OF_STATUS, SERVICE_ERRORS } from './v1Errors';

/** What a legacy (v2/v3) call answered when it did not succeed. */
export interface LegacyFailure {
	httpCode: number;
	flag?: number;
	serviceMessage?: string;
	sentFields: string[];
}

/**
 * Explains a failed legacy call. The legacy API reports failures only with `flag` and a text
 * meant for people, so the decision rests on the flag and the HTTP status; the text is quoted.
 */
export function legacyApiError(
	node: INode,
	failure: LegacyFailure,
	itemIndex?: number,
): NodeApiError {
	const said = failure.serviceMessage || 'no reason given';
	const explained = (reason: FailureReason, message: string, description: string) =>
		tagged(
			new NodeApiError(
				node,
				{
					httpCode: failure.httpCode,
					flag: failure.flag ?? null,
					msg: failure.serviceMessage ?? '',
				},
				{ message, description, httpCode: String(failure.httpCode), itemIndex },
			),
			{ reason, api: 'legacy', httpCode: failure.httpCode },
		);
	const byStatus = REASON_OF_STATUS[failure.httpCode];
	if (byStatus === 'rateLimited' || byStatus === 'maintenance' || failure.httpCode >= 500) {
		const reason =
			byStatus === 'rateLimited' || byStatus === 'maintenance' ? byStatus : 'serverError';
		const { message, description } = SERVICE_ERRORS[reason];
		return explained(reason, message, description.replace('{msg}', said));
	}
	if (failure.httpCode === 404) {
		return explained(
			'legacyNoEndpoint',
			'CoinRemitter has no such legacy endpoint for this coin (HTTP 404)',
			'Check the coin and the API generation of the credential (Automatic uses v2 for LTC, KOIN, DOGE and ETH and v3 for the others) and its base URL.',
		);
	}
	if (failure.flag === 2) {
		const field = failure.sentFields.find((name) =>
			new RegExp(`\\b${name.replace(/_/g, '[ _]')}\\b`, 'i').test(said),
		);
		return explained(
			'rejectedField',
			field
				? `CoinRemitter rejected the "${field}" field`
				: 'CoinRemitter rejected a field of the request',
			`A required field is empty or a value is malformed (for example an amount with a comma). The service said: "${said}".`,
		);
	}
	if (failure.flag === 0) {
		return explained(
			'legacyRefused',
			'CoinRemitter refused the request',
			`The legacy API answers every refusal the same way. The service said: "${said}". Common causes: a wrong API key, password or coin in the credential, an insufficient balance, or an unknown ID or address.`,
		);
	}
	return explained(
		'unexpected',
		`CoinRemitter answered with an unexpected error (HTTP ${failure.httpCode})`,
		`The service said: "${said}".`,
	);
}
