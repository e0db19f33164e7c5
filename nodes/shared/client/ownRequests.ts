import { createHash, timingSafeEqual } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { hostProblem } from './hosts';

// A CoinRemitter credential adds its keys to a request only when the request is the package's own,
// or the credential's own Test, and only for CoinRemitter's hosts: so that no other node, n8n's HTTP
// Request node included, can send them anywhere (not even to CoinRemitter: that would skip the
// guardrails and the Payout Key).
//
// The package's client hands n8n a copy of the decrypted credential that it made itself and
// registered here; n8n passes that same object on to the credential's `authenticate` (n8n-core's
// httpRequestWithAuthentication, on 1.x and 2.x). Any other node gets its own copy from n8n, which
// is not registered. The credential's Test says who it is with a header n8n fills in from the
// credential's own secret: whoever could forge it already knows the secret.

const ownCopies = new WeakSet<object>();

/** The header of the credential's Test; its value is the credential's secret, and it is never sent. */
export const CREDENTIAL_TEST_HEADER = 'x-coinremitter-credential-test';

/** A copy of the credential's data that the credential will authenticate the package's requests with. */
export function forOwnRequests(
	data: ICredentialDataDecryptedObject,
): ICredentialDataDecryptedObject {
	const copy = { ...data };
	ownCopies.add(copy);
	return copy;
}

/**
 * Declared by both credentials so that n8n does not add its own "Allowed HTTP Request Domains"
 * (whose default is All): n8n's HTTP Request node refuses a credential set to none, with n8n's own
 * message. `authenticate` refuses any other node as well, also where this value was edited.
 */
export const noHttpRequestNode: INodeProperties = {
	displayName: 'Allowed HTTP Request Domains',
	name: 'allowedHttpRequestDomains',
	type: 'hidden',
	default: 'none',
};

const digest = (value: unknown) => createHash('sha256').update(String(value)).digest();

function isCredentialTest(options: IHttpRequestOptions, secret: unknown): boolean {
	const given = (options.headers as IDataObject | undefined)?.[CREDENTIAL_TEST_HEADER];
	return (
		typeof given === 'string' &&
		typeof secret === 'string' &&
		secret !== '' &&
		timingSafeEqual(digest(given), digest(secret))
	);
}

const requestUrl = (options: IHttpRequestOptions) =>
	options.baseURL ? `${options.baseURL.replace(/\/+$/, '')}${options.url}` : options.url;

export interface OwnRequestRule {
	credentialName: string;
	/** The credential field the Test header must equal. */
	secretField: string;
	/** The only path the credential's Test may read (the balance). */
	testPath: RegExp;
	addKeys: (options: IHttpRequestOptions) => IHttpRequestOptions;
}

/**
 * What the credentials' `authenticate` does: refuses a request that is neither the package's own
 * nor the credential's Test of the balance, or that goes to another host; otherwise adds the keys.
 */
export function authenticateOwnRequest(
	rule: OwnRequestRule,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): IHttpRequestOptions {
	const own = ownCopies.has(credentials);
	const test = !own && isCredentialTest(options, credentials[rule.secretField]);
	if (!own && !test)
		throw new Error(
			`The ${rule.credentialName} credential works only in the CoinRemitter nodes: its keys are not sent for any other node (an HTTP Request node would skip the guardrails and the Payout Key). Use the CoinRemitter node.`,
		);
	const url = requestUrl(options);
	const problem = hostProblem(url);
	if (problem) throw new Error(`${rule.credentialName} → Base URL: ${problem}`);
	if (!test) return rule.addKeys(options);
	if (!rule.testPath.test(new URL(url).pathname))
		throw new Error(`The ${rule.credentialName} credential's test reads only the balance`);
	const headers = { ...(options.headers as IDataObject) };
	delete headers[CREDENTIAL_TEST_HEADER];
	return rule.addKeys({ ...options, headers });
}
