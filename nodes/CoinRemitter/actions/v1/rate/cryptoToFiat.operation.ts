import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { COIN_SYMBOLS, FIAT_CURRENCIES } from '../../../helpers/constants';
import { oneOf, positiveAmount } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import {
	amountField,
	coinField,
	fieldContext,
	fiatCurrencyField,
	showForV1,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	coinField('Crypto currency of the amount to convert'),
	{
		...amountField('Amount of the coin to convert'),
		displayName: 'Crypto Amount',
		name: 'cryptoAmount',
	},
	fiatCurrencyField('Fiat currency to convert into'),
];

export const description = showForV1('rate', 'cryptoToFiat', properties);

/** One item per fiat currency the service answers with: `{ code, currency, amount }`. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
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
	return await v1Request.call(this, '/v1/rate/crypto-to-fiat', fields, itemIndex);
}
