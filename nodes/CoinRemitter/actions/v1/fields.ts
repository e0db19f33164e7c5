import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FIAT_CURRENCIES, WITHDRAWAL_SPEEDS } from '../../helpers/constants';
import type { FieldContext } from '../../helpers/validation';

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

export const fiatCurrencyField = (description: string): INodeProperties => ({
	displayName: 'Fiat Currency',
	name: 'fiatCurrency',
	type: 'options',
	default: 'USD',
	required: true,
	description,
	options: fiatCurrencyOptions,
});

/** Shows an operation's fields only under v1, its resource and its operation. */
export const showForV1 = (resource: string, operation: string, properties: INodeProperties[]) =>
	updateDisplayOptions(
		{ show: { apiVersion: ['v1'], resource: [resource], operation: [operation] } },
		properties,
	);
