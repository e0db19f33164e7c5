import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getTransactions from './getTransactions.operation';
import * as validate from './validate.operation';

export { create, getTransactions, validate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: ['v1'], resource: ['address'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a new deposit address in the wallet, optionally labelled',
				action: 'Create an address',
			},
			{
				name: 'Get Transactions',
				value: 'getTransactions',
				description: 'List the deposits received by one address of the wallet, with confirmed and pending totals',
				action: 'Get the transactions of an address',
			},
			{
				name: 'Validate',
				value: 'validate',
				description: 'Check whether an address is valid for the wallet coin before sending to it',
				action: 'Validate an address',
			},
		],
		default: 'create',
	},
	...create.description,
	...getTransactions.description,
	...validate.description,
];
