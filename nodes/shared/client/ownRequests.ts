import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { hostProblem } from './hosts';

// A CoinRemitter credential adds its keys to a request only when the request is the package's own
// (so that no other node, n8n's HTTP Request node included, can send them anywhere, CoinRemitter
// included: that would skip the guardrails and the Payout Key), and only for CoinRemitter's hosts.
//
// The package's client hands n8n a copy of the decrypted credential that it made itself and
// registered here; n8n passes that same object on to the credential's `authenticate` (n8n-core's
// httpRequestWithAuthentication, 1.x and 2.x). Any other node gets its own copy from n8n, which is
// not registered: the credential refuses it.

const ownCopies = new WeakSet<object>();

/** A copy of the credential's data that the credential will authenticate the package's requests with. */
export function forOwnRequests(
	data: ICredentialDataDecryptedObject,
): ICredentialDataDecryptedObject {
	const copy = { ...data };
	ownCopies.add(copy);
	return copy;
}

const requestUrl = (options: IHttpRequestOptions) =>
	options.baseURL ? `${options.baseURL.replace(/\/+$/, '')}${options.url}` : options.url;

/**
 * What the credential's `authenticate` does: refuses a request that is not the package's own or
 * that goes to another host, and otherwise adds the keys with `addKeys`.
 */
export function authenticateOwnRequest(
	credentialName: string,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
	addKeys: (options: IHttpRequestOptions) => IHttpRequestOptions,
): IHttpRequestOptions {
	if (!ownCopies.has(credentials))
		throw new Error(
			`The ${credentialName} credential works only in the CoinRemitter nodes: its keys are not sent for any other node (an HTTP Request node would skip the guardrails and the Payout Key). Use the CoinRemitter node.`,
		);
	const problem = hostProblem(requestUrl(options));
	if (problem) throw new Error(`${credentialName} → Base URL: ${problem}`);
	return addKeys(options);
}
