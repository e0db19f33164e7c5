import type { INodeProperties } from 'n8n-workflow';

import * as getBalance from './getBalance.operation';

export { getBalance };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['wallet'] } },
		options: [
			{
				name: 'Get Balance',
				value: 'getBalance',
				description: 'Get the balance of the wallet and its remaining 24-hour withdrawal allowance',
				action: 'Get the wallet balance',
			},
		],
		default: 'getBalance',
	},
	...getBalance.description,
];
