import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { COIN_SYMBOLS, FIAT_CURRENCIES, WITHDRAWAL_SPEEDS } from '../../helpers/constants';
import type { FieldContext } from '../../helpers/validation';
import type { ApiVersion } from '../types';

export const fieldContext = (context: IExecuteFunctions, itemIndex: number): FieldContext => ({
	node: context.getNode(),
	itemIndex,
});

export const fiatCurrencyOptions = [...FIAT_CURRENCIES]
	.sort()
	.map((code) => ({ name: code, value: code }));

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

/** Shows an operation's fields only under its API version, resource and operation. */
export const showFor = (
	apiVersion: ApiVersion,
	resource: string,
	operation: string,
	properties: INodeProperties[],
) =>
	updateDisplayOptions(
		{ show: { apiVersion: [apiVersion], resource: [resource], operation: [operation] } },
		properties,
	);

export const showForV1 = (resource: string, operation: string, properties: INodeProperties[]) =>
	showFor('v1', resource, operation, properties);

export const showForLegacy = (resource: string, operation: string, properties: INodeProperties[]) =>
	showFor('legacy', resource, operation, properties);

export const payoutKeyField: INodeProperties = {
	displayName: 'Payout Key',
	name: 'payoutKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. order-1042',
	description:
		'A value unique to this payout, such as the order or payout ID. A payout whose key was already sent (or started to be sent) by this workflow is never sent again, even when the execution is retried. Empty: the wallet, address, amount and day make the key.',
};

export const coinOptions = [...COIN_SYMBOLS]
	.sort()
	.map((symbol) => ({ name: symbol, value: symbol }));

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

export const transactionIdField: INodeProperties = {
	displayName: 'Transaction ID',
	name: 'transactionId',
	type: 'string',
	default: '',
	required: true,
	description:
		'The CoinRemitter ID of the transaction (the "ID" of a webhook or withdrawal), not the blockchain TXID',
};

export const invoiceIdField: INodeProperties = {
	displayName: 'Invoice ID',
	name: 'invoiceId',
	type: 'string',
	default: '',
	required: true,
	description: 'The invoice reference returned when the invoice was created (its "invoice_id")',
};

export const labelField: INodeProperties = {
	displayName: 'Label',
	name: 'label',
	type: 'string',
	default: '',
	placeholder: 'order1234',
	description:
		'Optional name for the new deposit address, for example an order or customer number: letters and digits only, at most 20 characters',
};

export const fiatAmountField: INodeProperties = {
	displayName: 'Fiat Amount',
	name: 'fiatAmount',
	type: 'string',
	default: '',
	required: true,
	placeholder: '100',
	description: 'Amount of the fiat currency to convert',
	hint: 'A plain decimal number such as 99.90: no thousands separator, no comma',
};

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

/** The optional invoice fields, by name, in an "Additional Fields" collection. */
export const invoiceAdditionalFields = (names: string[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: invoiceOptions.filter((option) => names.includes(option.name)),
});

/**
 * Items in flight at once by default: the smallest plan's whole window (100 requests a minute). A
 * batch that one window of any plan lets through goes out in one round trip (a real gateway is
 * 100-300 ms away); anything larger is paced by the rate limit, not by this bound, so a higher
 * default would buy nothing. It also keeps sockets and pending bodies to a fixed number for any
 * number of items.
 */
export const DEFAULT_CONCURRENCY = 100;

/** How the node talks to CoinRemitter, for every operation. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrent Requests',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 500 },
			default: DEFAULT_CONCURRENCY,
			description:
				"How many items are sent to CoinRemitter at once. The wallet's rate limit is kept whatever this is. Withdrawals always go one at a time, in input order.",
		},
		{
			displayName: 'Longest Rate Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description:
				"The node keeps within the wallet's request limit (100 per minute on the free plan, 500 on pro) by waiting for the next minute when the limit is used up. When one item would wait longer than this, it fails with an error instead.",
		},
		{
			displayName: 'Rate Limit Window (Seconds)',
			name: 'rateLimitWindow',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description:
				'How often CoinRemitter resets the request limit. Change only for a gateway simulator or a custom plan.',
		},
		{
			displayName: 'Read Attempts',
			name: 'readAttempts',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 3,
			description:
				'How many times a read (balance, get, validate, estimate, rates) is tried when CoinRemitter has a server error or the network fails. Withdrawals and creations are never repeated unless they surely did not arrive.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description: 'How long to wait for CoinRemitter to answer one request',
		},
	],
};
