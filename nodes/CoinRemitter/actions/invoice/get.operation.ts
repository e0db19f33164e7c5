import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { invoiceKey } from '../../../shared/deliveryKey';
import { balanceOfRecord } from '../../../shared/invoiceBalance';
import { isPlainObject } from '../../../shared/json';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredParameter } from '../validation';
import { withSuccessUrl } from './successUrl';
import { invoiceIdField } from './fields';

export const option = {
	name: 'Get',
	value: 'get',
	description:
		'Get an invoice with its status (Pending, Paid, Under Paid, Over Paid, Expired, Cancelled) and payments',
	action: 'Get an invoice',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = { v1: '/v1/invoice/get', legacy: 'get-invoice' };

export const properties: INodeProperties[] = [
	invoiceIdField('The invoice reference returned when the invoice was created (its "invoice_id")'),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const invoiceId = requiredParameter(this, item.field, 'invoiceId', 'Invoice ID');
	const invoice = await item.send(endpoint, { invoice_id: invoiceId });
	const record = item.api === 'legacy' ? withSuccessUrl(invoice) : invoice;
	if (!isPlainObject(record)) return record;
	// deliveryKey: the key the trigger gives the same status of this invoice, for catching up.
	return { ...record, ...balanceOfRecord(record), deliveryKey: invoiceKey(item.api, record) };
}
