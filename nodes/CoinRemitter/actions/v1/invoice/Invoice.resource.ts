import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';

export { create, get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['invoice'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a payment request priced in a fiat currency and get the URL where the customer pays',
				action: 'Create an invoice',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an invoice with its status (Pending, Paid, Under Paid, Over Paid, Expired, Cancelled) and payments',
				action: 'Get an invoice',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
];
