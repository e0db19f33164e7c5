import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { COIN_SYMBOLS, FIAT_CURRENCIES } from '../../../helpers/constants';
import { oneOf, positiveAmount } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { coinOptions, fiatAmountField, fieldContext, fiatCurrencyField, showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [
	fiatCurrencyField('Currency of the amount to convert'),
	fiatAmountField,
	{
		displayName: 'Coin',
		name: 'coin',
		type: 'options',
		default: 'BTC',
		required: true,
		description: 'Crypto currency to convert into',
		options: coinOptions,
	},
];

export const description = showForV1('rate', 'fiatToCrypto', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ctx = fieldContext(this, itemIndex);
	const fields = {
		fiat: oneOf(ctx, 'Fiat Currency', this.getNodeParameter('fiatCurrency', itemIndex), FIAT_CURRENCIES, { upperCase: true }),
		fiat_amount: positiveAmount(ctx, 'Fiat Amount', this.getNodeParameter('fiatAmount', itemIndex)),
		crypto: oneOf(ctx, 'Coin', this.getNodeParameter('coin', itemIndex), COIN_SYMBOLS, { upperCase: true }),
	};
	return await v1Request.call(this, '/v1/rate/fiat-to-crypto', fields, itemIndex);
}
