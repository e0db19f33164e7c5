import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, invoiceIdField, showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [invoiceIdField];

export const description = showForV1('invoice', 'get', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const invoiceId = requiredText(
		fieldContext(this, itemIndex),
		'Invoice ID',
		this.getNodeParameter('invoiceId', itemIndex),
	);
	return await v1Request.call(this, '/v1/invoice/get', { invoice_id: invoiceId }, itemIndex);
}
