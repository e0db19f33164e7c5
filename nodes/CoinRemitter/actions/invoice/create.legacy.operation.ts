import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { legacyWallet } from '../../../shared/client';
import { FIAT_CURRENCIES } from '../../../shared/currencies';
import { amountField, fiatCurrencyField } from '../fields';
import { invoiceAdditionalFields } from './fields';
import type { ItemContext, OperationFacts } from '../operation';
import type { FieldContext } from '../validation';
import {
	limitedText,
	oneOf,
	optionalPositiveInteger,
	optionalUrl,
	positiveAmount,
	withoutEmpty,
} from '../validation';
import { withSuccessUrl } from './successUrl';

/** Field lengths the KOIN v2 reference sets on invoices; other coins show none. */
const KOIN_V2_LIMITS = { name: 10, description: 50, customData: 50 };

// One dropdown entry, two implementations: the legacy form differs in fields, names and limits.
export { option } from './create.v1.operation';

export const facts: OperationFacts = { apis: ['legacy'], writes: true };

export const endpoint: Endpoint = { legacy: 'create-invoice' };

export const properties: INodeProperties[] = [
	amountField('Invoice amount, in the fiat currency below'),
	fiatCurrencyField('Currency the invoice amount is written in; it is converted to the coin'),
	invoiceAdditionalFields(['email']),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { itemIndex } = item;
	const fields = legacyInvoiceFields(
		item.field,
		this.getNodeParameter('amount', itemIndex),
		this.getNodeParameter('fiatCurrency', itemIndex),
		this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
		await legacyWallet.call(this, itemIndex),
	);
	return withSuccessUrl(await item.send(endpoint, fields));
}

/** The legacy create request's fields, checked, in the spelling and limits of the wallet's generation. */
export function legacyInvoiceFields(
	ctx: FieldContext,
	amount: unknown,
	currency: unknown,
	extra: IDataObject,
	{ coin, generation }: { coin: string; generation: string },
): IDataObject {
	// Only the KOIN v2 reference states field lengths; other coins are left to the service.
	const limits = coin === 'KOIN' && generation === 'v2' ? KOIN_V2_LIMITS : undefined;
	const text = (label: string, value: unknown, max?: number) => limitedText(ctx, label, value, max);
	return withoutEmpty({
		amount: positiveAmount(ctx, 'Amount', amount),
		currency: oneOf(ctx, 'Fiat Currency', currency, FIAT_CURRENCIES, { upperCase: true }),
		name: text('Name', extra.name, limits?.name),
		expire_time: optionalPositiveInteger(ctx, 'Expiry (Minutes)', extra.expiryMinutes),
		notify_url: optionalUrl(ctx, 'Notify URL', extra.notifyUrl),
		[generation === 'v2' ? 'suceess_url' : 'success_url']: optionalUrl(
			ctx,
			'Success URL',
			extra.successUrl,
		),
		fail_url: optionalUrl(ctx, 'Fail URL', extra.failUrl),
		description: text('Description', extra.description, limits?.description),
		custom_data1: text('Custom Data 1', extra.customData1, limits?.customData),
		custom_data2: text('Custom Data 2', extra.customData2, limits?.customData),
	});
}
