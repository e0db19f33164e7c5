import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
import { endpoint as createEndpoint, v1InvoiceFields } from './create.v1.operation';
import { invoiceAdditionalFields } from './fields';
import { restInvoiceIdField as invoiceIdField, restToBill } from './rest';

export { option } from './rest';

export const facts: OperationFacts = { apis: ['v1'], writes: true };

export const endpoint: Endpoint = createEndpoint;

// Custom Data 1 is the original invoice's ID; the other fields are copied from it unless set here.
export const properties: INodeProperties[] = [
	invoiceIdField,
	invoiceAdditionalFields(['customData1']),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { amount, currency, extra } = await restToBill.call(this, item);
	return await item.send(endpoint, v1InvoiceFields(item.field, amount, currency, extra));
}
