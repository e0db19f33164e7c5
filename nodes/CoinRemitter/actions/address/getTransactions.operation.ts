import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { addressField } from '../fields';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredParameter } from '../validation';

export const option = {
	name: 'Get Transactions',
	value: 'getTransactions',
	description: 'List the deposits received by one address of the wallet',
	action: 'Get the transactions of an address',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const properties: INodeProperties[] = [
	addressField('A deposit address created by this wallet whose transactions to list'),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredParameter(this, item.field, 'address', 'Address');
	return await item.send(
		{ v1: '/v1/wallet/address/transactions', legacy: 'get-transaction-by-address' },
		{ address },
	);
}
