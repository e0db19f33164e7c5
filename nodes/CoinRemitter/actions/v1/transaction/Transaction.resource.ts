import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['transaction'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get one deposit or withdrawal by its CoinRemitter ID, with its confirmations and status',
				action: 'Get a transaction',
			},
		],
		default: 'get',
	},
	...get.description,
];
