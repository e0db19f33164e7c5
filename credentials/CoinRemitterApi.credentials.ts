import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	authenticateOwnRequest,
	CREDENTIAL_TEST_HEADER,
	noHttpRequestNode,
} from '../nodes/shared/client/ownRequests';
import { rateLimitWindowField } from '../nodes/shared/delivery/policy';

export class CoinRemitterApi implements ICredentialType {
	name = 'coinRemitterApi';

	displayName = 'CoinRemitter V1 API';

	icon = {
		light: 'file:../icons/coinremitter.svg',
		dark: 'file:../icons/coinremitter.dark.svg',
	} as const;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-coinremitter#connect-your-wallet';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The API key of the wallet, from the wallet's settings in your CoinRemitter account",
		},
		{
			displayName: 'API Password',
			name: 'apiPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API password of the same wallet, shown next to its API key',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.coinremitter.com',
			description:
				'Leave as it is. The keys are sent only to CoinRemitter (https://api.coinremitter.com) or to a simulator on this machine (http://127.0.0.1:8787, http://host.docker.internal:8787); any other host is refused before anything is sent.',
		},
		rateLimitWindowField,
		noHttpRequestNode,
	];

	/**
	 * The wallet key and password as headers, only on the CoinRemitter nodes' own requests and the
	 * Test below, only to CoinRemitter's hosts (ownRequests.ts). A function rather than generic
	 * `={{$credentials...}}` headers: n8n evaluates those expressions on every request, which made
	 * each call several times slower than the HTTP Request node.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return authenticateOwnRequest(
			{
				credentialName: this.displayName,
				secretField: 'apiPassword',
				testPath: /^\/v1\/wallet\/balance$/,
				addKeys: (options) => ({
					...options,
					headers: {
						...(options.headers ?? {}),
						'x-api-key': String(credentials.apiKey ?? ''),
						'x-api-password': String(credentials.apiPassword ?? ''),
					},
				}),
			},
			credentials,
			requestOptions,
		);
	}

	// The service answers wrong keys with HTTP 200 and `success: false` (error 1003). The header
	// tells `authenticate` that this is the credential's own Test; it is removed before sending.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/wallet/balance',
			method: 'POST',
			headers: { [CREDENTIAL_TEST_HEADER]: '={{$credentials.apiPassword}}' },
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message:
						'CoinRemitter refused the API key or API password. Copy both again from the wallet in the CoinRemitter dashboard.',
				},
			},
		],
	};
}
