import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { legacyWallet } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
import { endpoint as createEndpoint, legacyInvoiceFields } from './create.legacy.operation';
import { invoiceAdditionalFields } from './fields';
import { restInvoiceIdField as invoiceIdField, refusal, restToBill } from './rest';
import { withSuccessUrl } from './successUrl';

export { option } from './rest';

export const facts: OperationFacts = { apis: ['legacy'], writes: true };

export const endpoint: Endpoint = createEndpoint;

// Custom Data 1 is the original invoice's ID; the other fields are copied from it unless set here.
export const properties: INodeProperties[] = [
	invoiceIdField,
	invoiceAdditionalFields(['customData1', 'email']),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { invoiceId, original, amount, currency, extra } = await restToBill.call(this, item);
	const wallet = await legacyWallet.call(this, item.itemIndex);
	if (String(original.coin ?? '').toUpperCase() !== wallet.coin)
		throw refusal(item, invoiceId, `is an invoice of ${String(original.coin)}, not ${wallet.coin}`);
	const fields = legacyInvoiceFields(item.field, amount, currency, extra, wallet);
	return withSuccessUrl(await item.send(endpoint, fields));
}
