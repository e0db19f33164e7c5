import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';

export const option = {
	name: 'Get Coin Prices',
	value: 'getCoinPrices',
	description: 'Get the current USD price of each coin CoinRemitter supports',
	action: 'Get coin prices',
};

export const facts: OperationFacts = { apis: ['legacy'] };

export const endpoint: Endpoint = { legacy: 'get-coin-rate' };

export const properties: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	return await item.send(endpoint);
}
