import type { INodeProperties } from 'n8n-workflow';

import * as fiatToCrypto from './fiatToCrypto.operation';

export { fiatToCrypto };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['rate'] } },
		options: [
			{
				name: 'Fiat to Crypto',
				value: 'fiatToCrypto',
				description: 'Convert a fiat amount (for example 100 USD) into the equivalent amount of a coin at the current rate',
				action: 'Convert fiat to crypto',
			},
		],
		default: 'fiatToCrypto',
	},
	...fiatToCrypto.description,
];
