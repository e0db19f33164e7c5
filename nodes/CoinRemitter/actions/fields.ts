// Fields that operations of several resources show. A resource's own shared fields live in its
// folder (`<resource>/fields.ts`), an operation's own fields in its file.
import type { INodeProperties } from 'n8n-workflow';

import { FIAT_CURRENCIES } from '../../shared/currencies';

const fiatCurrencyOptions = FIAT_CURRENCIES.map((code) => ({ name: code, value: code }));

export const amountField = (description: string): INodeProperties => ({
	displayName: 'Amount',
	name: 'amount',
	type: 'string',
	default: '',
	required: true,
	placeholder: '0.015',
	description,
	hint: 'A plain decimal number such as 0.015: no thousands separator, no comma, no exponent',
});

export const addressField = (description: string): INodeProperties => ({
	displayName: 'Address',
	name: 'address',
	type: 'string',
	default: '',
	required: true,
	description,
});

export const fiatCurrencyField = (
	description: string,
	{ optional = false } = {},
): INodeProperties => ({
	displayName: 'Fiat Currency',
	name: 'fiatCurrency',
	type: 'options',
	default: 'USD',
	required: !optional,
	description,
	options: optional
		? [
				{
					name: 'Service Default',
					value: '',
					description: "Leave it to CoinRemitter's default currency",
				},
				...fiatCurrencyOptions,
			]
		: fiatCurrencyOptions,
});
