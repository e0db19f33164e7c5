// Fields more than one operation shows. An operation's own fields live in its file.
import type { INodeProperties } from 'n8n-workflow';

import { COIN_SYMBOLS } from '../../shared/coins';
import { FIAT_CURRENCIES } from '../../shared/currencies';

export const WITHDRAWAL_SPEEDS = ['low', 'medium', 'priority'] as const;

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

export const withdrawalSpeedField: INodeProperties = {
	displayName: 'Withdrawal Speed',
	name: 'withdrawalSpeed',
	type: 'options',
	default: '',
	description: 'How fast the withdrawal should confirm; a faster speed costs a higher network fee',
	options: [
		{ name: 'Wallet Default', value: '', description: 'Use the speed set in the wallet settings' },
		...WITHDRAWAL_SPEEDS.map((speed) => ({
			name: speed.charAt(0).toUpperCase() + speed.slice(1),
			value: speed,
		})),
	],
};

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

const coinOptions = COIN_SYMBOLS.map((symbol) => ({ name: symbol, value: symbol }));

export const coinField = (description: string, { everyCoin = false } = {}): INodeProperties => ({
	displayName: 'Coin',
	name: 'coin',
	type: 'options',
	default: 'BTC',
	required: !everyCoin,
	description,
	options: everyCoin
		? [
				{ name: 'Every Coin', value: '', description: 'One item per coin the service supports' },
				...coinOptions,
			]
		: coinOptions,
});

const invoiceOptions: INodeProperties[] = [
	{
		displayName: 'Custom Data 1',
		name: 'customData1',
		type: 'string',
		default: '',
		description: 'Your own reference, for example an order ID, returned with the invoice',
	},
	{
		displayName: 'Custom Data 2',
		name: 'customData2',
		type: 'string',
		default: '',
		description: 'A second reference of your own, returned with the invoice',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Text shown to the customer on the invoice',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Customer email address the invoice is sent to',
	},
	{
		displayName: 'Expiry (Minutes)',
		name: 'expiryMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1440,
		description: 'Minutes until the invoice expires',
	},
	{
		displayName: 'Fail URL',
		name: 'failUrl',
		type: 'string',
		default: '',
		description: 'Page the customer is sent to when the invoice is cancelled',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Name shown on the invoice; the wallet name is shown when empty',
	},
	{
		displayName: 'Notify URL',
		name: 'notifyUrl',
		type: 'string',
		default: '',
		description:
			'URL that receives payment notifications, such as the URL of a CoinRemitter Trigger node',
	},
	{
		displayName: 'Success URL',
		name: 'successUrl',
		type: 'string',
		default: '',
		description: 'Page the customer is sent to after paying',
	},
];

/** The optional invoice fields, but those named in `without`, in an "Additional Fields" collection. */
export const invoiceAdditionalFields = (without: string[] = []): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: invoiceOptions.filter((option) => !without.includes(option.name)),
});
