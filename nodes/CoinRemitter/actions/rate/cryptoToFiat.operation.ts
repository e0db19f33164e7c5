import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { COIN_SYMBOLS } from '../../../shared/coins';
import { FIAT_CURRENCIES } from '../../../shared/currencies';
import { amountField, fiatCurrencyField } from '../fields';
import { coinField } from './fields';
import type { ItemContext, OperationFacts } from '../operation';
import { oneOf, positiveAmount } from '../validation';

export const option = {
	name: 'Crypto to Fiat',
	value: 'cryptoToFiat',
	description: 'Convert an amount of a coin into fiat currencies at the current rate',
	action: 'Convert crypto to fiat',
};

export const facts: OperationFacts = { apis: ['v1'] };

export const endpoint: Endpoint = { v1: '/v1/rate/crypto-to-fiat' };

export const properties: INodeProperties[] = [
	coinField('Crypto currency of the amount to convert'),
	{
		...amountField('Amount of the coin to convert'),
		displayName: 'Crypto Amount',
		name: 'cryptoAmount',
	},
	fiatCurrencyField('Fiat currency to convert into'),
];

/** One item per fiat currency the service answers with: `{ code, currency, amount }`. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { field: ctx, itemIndex } = item;
	const fields = {
		crypto: oneOf(ctx, 'Coin', this.getNodeParameter('coin', itemIndex), COIN_SYMBOLS, {
			upperCase: true,
		}),
		crypto_amount: positiveAmount(
			ctx,
			'Crypto Amount',
			this.getNodeParameter('cryptoAmount', itemIndex),
		),
		fiat: oneOf(
			ctx,
			'Fiat Currency',
			this.getNodeParameter('fiatCurrency', itemIndex),
			FIAT_CURRENCIES,
			{ upperCase: true },
		),
	};
	return await item.send(endpoint, fields);
}
