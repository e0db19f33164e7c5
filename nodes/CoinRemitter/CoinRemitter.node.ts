import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as legacy from './actions/legacy';
import { router } from './actions/router';
import { requestOptionsField } from './actions/shared/fields';
import * as v1 from './actions/v1';

export class CoinRemitter implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CoinRemitter',
		name: 'coinRemitter',
		icon: { light: 'file:../../icons/coinremitter.svg', dark: 'file:../../icons/coinremitter.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Accept and send crypto payments with CoinRemitter: addresses, withdrawals, transactions, wallet balance, invoices and rates',
		defaults: { name: 'CoinRemitter' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'coinRemitterApi', required: true, displayOptions: { show: { apiVersion: ['v1'] } } },
			{ name: 'coinRemitterLegacyApi', required: true, displayOptions: { show: { apiVersion: ['legacy'] } } },
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
						description: 'The current CoinRemitter API, authenticated with the wallet API key and password',
					},
					{
						name: 'Legacy V2/V3 (Deprecated)',
						value: 'legacy',
						description:
							'The per-coin legacy API that CoinRemitter discontinued after 30 June 2025; kept for wallets still on it',
					},
				],
				default: 'v1',
			},
			{
				displayName:
					'CoinRemitter discontinued the legacy v2/v3 API after 30 June 2025. It keeps working here for wallets still on it; move to V1 (Current) with a CoinRemitter API credential when you can.',
				name: 'legacyNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { apiVersion: ['legacy'] } },
			},
			...v1.description,
			...legacy.description,
			requestOptionsField,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
