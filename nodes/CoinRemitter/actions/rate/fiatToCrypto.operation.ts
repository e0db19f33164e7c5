import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { COIN_SYMBOLS } from '../../../shared/coins';
import { FIAT_CURRENCIES } from '../../../shared/currencies';
import { fiatCurrencyField } from '../fields';
import { coinField } from './fields';
import type { ItemContext, OperationFacts } from '../operation';
import { onlyFor } from '../operation';
import { oneOf, positiveAmount, withoutEmpty } from '../validation';

export const option = {
	name: 'Fiat to Crypto',
	value: 'fiatToCrypto',
	description:
		'Convert a fiat amount (for example 100 USD) into the equivalent amount of a coin, or of every coin, at the current rate',
	action: 'Convert fiat to crypto',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = {
	v1: '/v1/rate/fiat-to-crypto',
	legacy: 'get-fiat-to-crypto-rate',
};

export const properties: INodeProperties[] = [
	fiatCurrencyField('Currency of the amount to convert'),
	{
		displayName: 'Fiat Amount',
		name: 'fiatAmount',
		type: 'string',
		default: '',
		required: true,
		placeholder: '100',
		description: 'Amount of the fiat currency to convert',
		hint: 'A plain decimal number such as 99.90: no thousands separator, no comma',
	},
	// The legacy interface converts into the credential's coin only.
	onlyFor(
		'v1',
		coinField('Crypto currency to convert into; Every Coin gives one item per supported coin', {
			everyCoin: true,
		}),
	),
];

/**
 * v1: one item per coin, `{ short_name, name, price }`, price being the crypto amount for the fiat
 * amount. Legacy: one item for the credential's coin.
 */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { field: ctx, itemIndex } = item;
	const fiat = oneOf(
		ctx,
		'Fiat Currency',
		this.getNodeParameter('fiatCurrency', itemIndex),
		FIAT_CURRENCIES,
		{ upperCase: true },
	);
	const fiatAmount = positiveAmount(
		ctx,
		'Fiat Amount',
		this.getNodeParameter('fiatAmount', itemIndex),
	);
	if (item.api === 'legacy') {
		return await item.send(endpoint, { fiat_symbol: fiat, fiat_amount: fiatAmount });
	}
	const crypto = oneOf(ctx, 'Coin', this.getNodeParameter('coin', itemIndex, ''), COIN_SYMBOLS, {
		upperCase: true,
		optional: true,
	});
	return await item.send(endpoint, withoutEmpty({ fiat, fiat_amount: fiatAmount, crypto }));
}
