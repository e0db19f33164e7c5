import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunction,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
	INodeProperties,
} from 'n8n-workflow';

import { legacyGeneration } from '../coins';
import { hostProblem } from './hosts';

// The credentials' Test button: the nodes' own test (`testedBy`), since a credential's keys go only
// with the package's own requests. It reads the wallet's balance from CoinRemitter, after the same
// host rule as every other request.

/**
 * Declared by both credentials so that n8n does not add its "Allowed HTTP Request Domains" (whose
 * default is All): n8n's HTTP Request node refuses a credential set to none. The credential's
 * `authenticate` refuses any other node too, also where this field was edited through n8n's API.
 */
export const noHttpRequestNode: INodeProperties = {
	displayName: 'Allowed HTTP Request Domains',
	name: 'allowedHttpRequestDomains',
	type: 'hidden',
	default: 'none',
};

const OK: INodeCredentialTestResult = { status: 'OK', message: 'Connection tested successfully' };
const error = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

const baseUrlOf = (data: ICredentialDataDecryptedObject, fallback: string) =>
	(typeof data.baseUrl === 'string' && data.baseUrl !== '' ? data.baseUrl : fallback).replace(
		/\/+$/,
		'',
	);

async function balance(
	context: ICredentialTestFunctions,
	url: string,
	options: IDataObject,
): Promise<IDataObject | string> {
	const problem = hostProblem(url);
	if (problem) return `Base URL: ${problem}`;
	try {
		const answer: unknown = await context.helpers.request({
			method: 'POST',
			uri: url,
			json: true,
			followRedirect: false,
			followAllRedirects: false,
			timeout: 15_000,
			...options,
		});
		return typeof answer === 'object' && answer !== null ? (answer as IDataObject) : {};
	} catch (failure) {
		return `CoinRemitter could not be reached: ${(failure as Error).message}`;
	}
}

/** The V1 credential's test: wrong keys come back as HTTP 200 with `success: false` (error 1003). */
export async function testV1Credential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const answer = await balance(
		this,
		`${baseUrlOf(data, 'https://api.coinremitter.com')}/v1/wallet/balance`,
		{
			headers: {
				'x-api-key': String(data.apiKey ?? ''),
				'x-api-password': String(data.apiPassword ?? ''),
			},
		},
	);
	if (typeof answer === 'string') return error(answer);
	if (answer.success === true) return OK;
	return error(
		'CoinRemitter refused the API key or API password. Copy both again from the wallet in the CoinRemitter dashboard.',
	);
}

/** The legacy credential's test: wrong keys come back as HTTP 200 with `flag` 0, missing ones with 2. */
export async function testLegacyCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const coin = String(data.coin ?? '').toUpperCase();
	const generation = legacyGeneration(coin, String(data.apiGeneration ?? 'auto'));
	const answer = await balance(
		this,
		`${baseUrlOf(data, 'https://coinremitter.com')}/api/${generation}/${coin}/get-balance`,
		{ formData: { api_key: String(data.apiKey ?? ''), password: String(data.password ?? '') } },
	);
	if (typeof answer === 'string') return error(answer);
	if (answer.flag === 1) return OK;
	if (answer.flag === 2)
		return error('CoinRemitter says the API key or password is missing. Fill in both fields.');
	return error(
		'CoinRemitter refused the API key or password for this coin. Check the coin, then copy both again from the wallet in the CoinRemitter dashboard.',
	);
}

/** The nodes' `methods.credentialTest`, named by the credentials' `testedBy`. */
export const credentialTest: Record<string, ICredentialTestFunction> = {
	coinRemitterApiTest: testV1Credential,
	coinRemitterLegacyApiTest: testLegacyCredential,
};
