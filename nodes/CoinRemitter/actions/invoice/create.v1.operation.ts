import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { FIAT_CURRENCIES } from '../../../shared/currencies';
import { amountField, fiatCurrencyField } from '../fields';
import { invoiceAdditionalFields } from './fields';
import type { ItemContext, OperationFacts } from '../operation';
import type { FieldContext } from '../validation';
import {
	asText,
	limitedText,
	oneOf,
	optionalEmail,
	optionalPositiveInteger,
	optionalUrl,
	positiveAmount,
	withoutEmpty,
} from '../validation';

/** The longest name and custom data the v1 interface accepts. */
const NAME_MAX_LENGTH = 30;
const CUSTOM_DATA_MAX_LENGTH = 30;

export const option = {
	name: 'Create',
	value: 'create',
	description:
		'Create a payment request priced in a fiat currency and get the URL where the customer pays',
	action: 'Create an invoice',
};

export const facts: OperationFacts = { apis: ['v1'], writes: true };

export const endpoint: Endpoint = { v1: '/v1/invoice/create' };

export const properties: INodeProperties[] = [
	amountField('Invoice amount, in the fiat currency below'),
	fiatCurrencyField(
		'Currency the invoice amount is written in; it is converted to the wallet coin',
		{ optional: true },
	),
	invoiceAdditionalFields(),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { itemIndex } = item;
	const fields = v1InvoiceFields(
		item.field,
		this.getNodeParameter('amount', itemIndex),
		this.getNodeParameter('fiatCurrency', itemIndex),
		this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
	);
	return await item.send(endpoint, fields);
}

/** The v1 create request's fields, checked: the amount, its fiat currency and the Additional Fields. */
export function v1InvoiceFields(
	ctx: FieldContext,
	amount: unknown,
	fiatCurrency: unknown,
	extra: IDataObject,
): IDataObject {
	return withoutEmpty({
		amount: positiveAmount(ctx, 'Amount', amount),
		fiat_currency: oneOf(ctx, 'Fiat Currency', fiatCurrency, FIAT_CURRENCIES, {
			upperCase: true,
			optional: true,
		}),
		name: limitedText(ctx, 'Name', extra.name, NAME_MAX_LENGTH),
		email: optionalEmail(ctx, 'Email', extra.email),
		expiry_time_in_minutes: optionalPositiveInteger(ctx, 'Expiry (Minutes)', extra.expiryMinutes),
		notify_url: optionalUrl(ctx, 'Notify URL', extra.notifyUrl),
		success_url: optionalUrl(ctx, 'Success URL', extra.successUrl),
		fail_url: optionalUrl(ctx, 'Fail URL', extra.failUrl),
		description: asText(ctx, 'Description', extra.description),
		custom_data1: limitedText(ctx, 'Custom Data 1', extra.customData1, CUSTOM_DATA_MAX_LENGTH),
		custom_data2: limitedText(ctx, 'Custom Data 2', extra.customData2, CUSTOM_DATA_MAX_LENGTH),
	});
}
