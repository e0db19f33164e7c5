import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, showForV1 } from '../fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Invoice ID',
		name: 'invoiceId',
		type: 'string',
		default: '',
		required: true,
		description: 'The invoice reference returned when the invoice was created (its "invoice_id")',
	},
];

export const description = showForV1('invoice', 'get', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const invoiceId = requiredText(fieldContext(this, itemIndex), 'Invoice ID', this.getNodeParameter('invoiceId', itemIndex));
	return await v1Request.call(this, '/v1/invoice/get', { invoice_id: invoiceId }, itemIndex);
}
