import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { router } from './actions/router';
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
			{
				name: 'coinRemitterApi',
				required: true,
				displayOptions: { show: { apiVersion: ['v1'] } },
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
						description: 'The current CoinRemitter API, authenticated with the wallet API key and password',
					},
				],
				default: 'v1',
			},
			...v1.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
