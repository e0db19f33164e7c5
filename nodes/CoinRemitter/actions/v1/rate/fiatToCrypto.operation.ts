import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { COIN_SYMBOLS, FIAT_CURRENCIES } from '../../../helpers/constants';
import { oneOf, positiveAmount, withoutEmpty } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import {
	coinField,
	fiatAmountField,
	fieldContext,
	fiatCurrencyField,
	showForV1,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	fiatCurrencyField('Currency of the amount to convert'),
	fiatAmountField,
	coinField('Crypto currency to convert into; Every Coin gives one item per supported coin', {
		everyCoin: true,
	}),
];

export const description = showForV1('rate', 'fiatToCrypto', properties);

/** One item per coin: `{ short_name, name, price }`, price being the crypto amount for the fiat amount. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const fields = withoutEmpty({
		fiat: oneOf(
			ctx,
			'Fiat Currency',
			this.getNodeParameter('fiatCurrency', itemIndex),
			FIAT_CURRENCIES,
			{ upperCase: true },
		),
		fiat_amount: positiveAmount(ctx, 'Fiat Amount', this.getNodeParameter('fiatAmount', itemIndex)),
		crypto: oneOf(ctx, 'Coin', this.getNodeParameter('coin', itemIndex, ''), COIN_SYMBOLS, {
			upperCase: true,
			optional: true,
		}),
	});
	return await v1Request.call(this, '/v1/rate/fiat-to-crypto', fields, itemIndex);
}
