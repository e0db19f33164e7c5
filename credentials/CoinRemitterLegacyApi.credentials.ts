import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { COIN_SYMBOLS } from '../nodes/shared/coins';
import {
	authenticateOwnRequest,
	CREDENTIAL_TEST_HEADER,
	noHttpRequestNode,
} from '../nodes/shared/client/ownRequests';
import { rateLimitWindowField } from '../nodes/shared/delivery/policy';

export class CoinRemitterLegacyApi implements ICredentialType {
	name = 'coinRemitterLegacyApi';

	displayName = 'CoinRemitter Legacy V2/V3 API';

	icon = {
		light: 'file:../icons/coinremitter.svg',
		dark: 'file:../icons/coinremitter.dark.svg',
	} as const;

	documentationUrl =
		'https://www.npmjs.com/package/n8n-nodes-coinremitter#legacy-wallets-v2-and-v3';

	properties: INodeProperties[] = [
		{
			displayName:
				'CoinRemitter announced the legacy API discontinued after 30 June 2025; whether it still answers is unknown. Prefer the CoinRemitter V1 API credential; this one stays for wallets still on v2/v3.',
			name: 'deprecationNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Coin',
			name: 'coin',
			type: 'options',
			options: COIN_SYMBOLS.map((coin) => ({ name: coin, value: coin })),
			default: 'BTC',
			description: 'The coin of the wallet; the legacy API has one URL per coin',
		},
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
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The password of the same wallet',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://coinremitter.com',
			description:
				'Leave as it is. The keys are sent only to CoinRemitter (https://coinremitter.com) or to a simulator on this machine (http://127.0.0.1:8787, http://host.docker.internal:8787); any other host is refused before anything is sent.',
		},
		{
			displayName: 'API Generation',
			name: 'apiGeneration',
			type: 'options',
			options: [
				{
					name: 'Automatic',
					value: 'auto',
					description: 'V2 for LTC, KOIN, DOGE and ETH; v3 for the other coins',
				},
				{ name: 'V2', value: 'v2' },
				{ name: 'V3', value: 'v3' },
			],
			default: 'auto',
			description: 'Which path generation of the legacy API the wallet uses (/api/v2 or /api/v3)',
		},
		rateLimitWindowField,
		noHttpRequestNode,
	];

	/**
	 * The legacy API wants the key and password as fields of every body (query string for a GET);
	 * added only to the CoinRemitter nodes' own requests and the Test below, only to CoinRemitter's
	 * hosts (ownRequests.ts).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const secrets = {
			api_key: String(credentials.apiKey ?? ''),
			password: String(credentials.password ?? ''),
		};
		return authenticateOwnRequest(
			{
				credentialName: this.displayName,
				secretField: 'password',
				testPath: /^\/api\/v[23]\/[A-Z0-9]+\/get-balance$/,
				addKeys: (options) => {
					if ((options.method ?? 'GET').toUpperCase() === 'GET')
						return { ...options, qs: { ...(options.qs ?? {}), ...secrets } };
					const { body } = options;
					const fields = typeof body === 'object' && body !== null ? (body as IDataObject) : {};
					return { ...options, body: { ...fields, ...secrets } };
				},
			},
			credentials,
			requestOptions,
		);
	}

	// Wrong keys come back as HTTP 200 with `flag` 0, missing ones with `flag` 2. The header tells
	// `authenticate` that this is the credential's own Test; it is removed before sending.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '=/api/{{$credentials.apiGeneration === "auto" ? (["LTC", "KOIN", "DOGE", "ETH"].includes($credentials.coin) ? "v2" : "v3") : $credentials.apiGeneration}}/{{$credentials.coin}}/get-balance',
			method: 'POST',
			headers: {
				'Content-Type': 'multipart/form-data',
				[CREDENTIAL_TEST_HEADER]: '={{$credentials.password}}',
			},
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'flag',
					value: 0,
					message:
						'CoinRemitter refused the API key or password for this coin. Check the coin, then copy both again from the wallet in the CoinRemitter dashboard.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'flag',
					value: 2,
					message: 'CoinRemitter says the API key or password is missing. Fill in both fields.',
				},
			},
		],
	};
}
