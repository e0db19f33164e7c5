import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as estimate from './estimate.operation';

export { create, estimate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['withdrawal'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Send coins from the wallet to an external address. Moves real funds: the wallet is charged the amount plus fees.',
				action: 'Withdraw coins to an address',
			},
			{
				name: 'Estimate',
				value: 'estimate',
				description: 'Get the network and processing fees and the total a withdrawal would cost, without sending anything',
				action: 'Estimate a withdrawal',
			},
		],
		default: 'estimate',
	},
	...create.description,
	...estimate.description,
];
