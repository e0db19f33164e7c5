import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';

export const option = {
	name: 'Get Supported Currencies',
	value: 'getSupportedCurrencies',
	description:
		'List the coins CoinRemitter supports, with network, minimum deposit, USD price and withdrawal fees',
	action: 'Get supported currencies',
};

export const facts: OperationFacts = { apis: ['v1'] };

export const endpoint: Endpoint = { v1: '/v1/rate/supported-currency' };

export const properties: INodeProperties[] = [];

/** One item per supported coin, with its network, minimum deposit, USD price and fee levels. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	return await item.send(endpoint);
}
