import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	FIAT_CURRENCIES,
	V1_CUSTOM_DATA_MAX_LENGTH,
	V1_INVOICE_NAME_MAX_LENGTH,
} from '../../../helpers/constants';
import {
	asText,
	maxLength,
	oneOf,
	optionalEmail,
	optionalPositiveInteger,
	optionalUrl,
	positiveAmount,
	withoutEmpty,
} from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import {
	amountField,
	fieldContext,
	fiatCurrencyField,
	invoiceAdditionalFields,
	showForV1,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	amountField('Invoice amount, in the fiat currency below'),
	fiatCurrencyField(
		'Currency the invoice amount is written in; it is converted to the wallet coin',
		{ optional: true },
	),
	invoiceAdditionalFields([
		'customData1',
		'customData2',
		'description',
		'email',
		'expiryMinutes',
		'failUrl',
		'name',
		'notifyUrl',
		'successUrl',
	]),
];

export const description = showForV1('invoice', 'create', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields = withoutEmpty({
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
		fiat_currency: oneOf(
			ctx,
			'Fiat Currency',
			this.getNodeParameter('fiatCurrency', itemIndex),
			FIAT_CURRENCIES,
			{
				upperCase: true,
				optional: true,
			},
		),
		name: maxLength(ctx, 'Name', asText(ctx, 'Name', extra.name), V1_INVOICE_NAME_MAX_LENGTH),
		email: optionalEmail(ctx, 'Email', extra.email),
		expiry_time_in_minutes: optionalPositiveInteger(ctx, 'Expiry (Minutes)', extra.expiryMinutes),
		notify_url: optionalUrl(ctx, 'Notify URL', extra.notifyUrl),
		success_url: optionalUrl(ctx, 'Success URL', extra.successUrl),
		fail_url: optionalUrl(ctx, 'Fail URL', extra.failUrl),
		description: asText(ctx, 'Description', extra.description),
		custom_data1: maxLength(
			ctx,
			'Custom Data 1',
			asText(ctx, 'Custom Data 1', extra.customData1),
			V1_CUSTOM_DATA_MAX_LENGTH,
		),
		custom_data2: maxLength(
			ctx,
			'Custom Data 2',
			asText(ctx, 'Custom Data 2', extra.customData2),
			V1_CUSTOM_DATA_MAX_LENGTH,
		),
	});
	return await v1Request.call(this, '/v1/invoice/create', fields, itemIndex);
}
