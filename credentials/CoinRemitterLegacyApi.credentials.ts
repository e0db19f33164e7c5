import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { COIN_SYMBOLS } from '../nodes/shared/coins';
import { noHttpRequestNode } from '../nodes/shared/client/credentialTest';
import { authenticateOwnRequest } from '../nodes/shared/client/ownRequests';
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
				'CoinRemitter discontinued the legacy API after 30 June 2025. Prefer the CoinRemitter API credential (v1); this one stays for wallets and workflows still on v2/v3.',
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
	 * added only to the CoinRemitter nodes' own requests, only to CoinRemitter's hosts.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const secrets = {
			api_key: String(credentials.apiKey ?? ''),
			password: String(credentials.password ?? ''),
		};
		return authenticateOwnRequest(this.displayName, credentials, requestOptions, (options) => {
			if ((options.method ?? 'GET').toUpperCase() === 'GET')
				return { ...options, qs: { ...(options.qs ?? {}), ...secrets } };
			const { body } = options;
			const fields = typeof body === 'object' && body !== null ? (body as IDataObject) : {};
			return { ...options, body: { ...fields, ...secrets } };
		});
	}
}
