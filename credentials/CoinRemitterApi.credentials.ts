import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

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
			description: 'Leave as it is unless you point n8n at a proxy or a local simulator',
		},
		rateLimitWindowField,
	];

	/**
	 * The wallet key and password as headers. A function rather than generic `={{$credentials...}}`
	 * headers: n8n evaluates those expressions on every request, which made each call several
	 * times slower than the HTTP Request node; and it returns new headers instead of editing the
	 * request's own.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: {
				...(requestOptions.headers ?? {}),
				'x-api-key': String(credentials.apiKey ?? ''),
				'x-api-password': String(credentials.apiPassword ?? ''),
			},
		};
	}

	// The service answers wrong keys with HTTP 200 and `success: false` (error 1003).
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/wallet/balance',
			method: 'POST',
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
