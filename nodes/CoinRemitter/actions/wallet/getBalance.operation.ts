import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';

export const option = {
	name: 'Get Balance',
	value: 'getBalance',
	description:
		'Get the current balance of the wallet (v1 adds the remaining 24-hour withdrawal allowance)',
	action: 'Get the wallet balance',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = { v1: '/v1/wallet/balance', legacy: 'get-balance' };

export const properties: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	return await item.send(endpoint);
}
