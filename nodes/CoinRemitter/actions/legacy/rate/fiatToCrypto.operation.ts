import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { FIAT_CURRENCIES } from '../../../helpers/constants';
import { oneOf, positiveAmount } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import {
	fiatAmountField,
	fiatCurrencyField,
	fieldContext,
	showForLegacy,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	fiatCurrencyField("Currency of the amount to convert into the credential's coin"),
	fiatAmountField,
];

export const description = showForLegacy('rate', 'fiatToCrypto', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const fields = {
		fiat_symbol: oneOf(
			ctx,
			'Fiat Currency',
			this.getNodeParameter('fiatCurrency', itemIndex),
			FIAT_CURRENCIES,
			{ upperCase: true },
		),
		fiat_amount: positiveAmount(ctx, 'Fiat Amount', this.getNodeParameter('fiatAmount', itemIndex)),
	};
	return await legacyRequest.call(this, 'get-fiat-to-crypto-rate', fields, itemIndex);
}
