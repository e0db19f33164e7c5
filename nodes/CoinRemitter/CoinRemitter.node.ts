import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as legacy from './actions/legacy';
import { router } from './actions/router';
import { requestOptionsField } from './actions/shared/fields';
import { resourceSelector, subtitleExpression } from './actions/shared/operations';
import * as v1 from './actions/v1';

export class CoinRemitter implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CoinRemitter',
		name: 'coinRemitter',
		icon: {
			light: 'file:../../icons/coinremitter.svg',
			dark: 'file:../../icons/coinremitter.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: subtitleExpression(),
		description:
			'Accept and send crypto payments with CoinRemitter: addresses, withdrawals, transactions, wallet balance, invoices and rates',
		defaults: { name: 'CoinRemitter' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// `hide`, not `show`: n8n's editor takes a parameter named in the credentials' `show` conditions
		// for the node's authentication selector, hides it and lets the credential picked decide it. API
		// Version stays a visible field (V1 by default) and picks the credential.
		credentials: [
			{
				name: 'coinRemitterApi',
				displayName: 'CoinRemitter API (v1) credential',
				required: true,
				displayOptions: { hide: { apiVersion: ['legacy'] } },
			},
			{
				name: 'coinRemitterLegacyApi',
				displayName: 'CoinRemitter Legacy API (v2/v3) credential',
				required: true,
				displayOptions: { hide: { apiVersion: ['v1'] } },
			},
		],
		properties: [
			{
				displayName: 'API Version',
				name: 'apiVersion',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'V1 (Current)',
						value: 'v1',
						description:
							'The current CoinRemitter API, authenticated with the wallet API key and password',
					},
					{
						name: 'Legacy V2/V3 (Deprecated)',
						value: 'legacy',
						description:
							'The per-coin legacy API that CoinRemitter discontinued after 30 June 2025; kept for wallets still on it',
					},
				],
				default: 'v1',
				description: 'Which CoinRemitter API the node calls; each has its own credential',
			},
			{
				displayName:
					'CoinRemitter discontinued the legacy v2/v3 API after 30 June 2025. It keeps working here for wallets still on it; move to V1 (Current) with a CoinRemitter API credential when you can.',
				name: 'legacyNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { apiVersion: ['legacy'] } },
			},
			resourceSelector(v1.resources, 'wallet'),
			...v1.description,
			...legacy.description,
			requestOptionsField,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
