import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { fieldContext, invoiceIdField, showForLegacy } from '../../shared/fields';
import { withSuccessUrl } from './successUrl';

const properties: INodeProperties[] = [invoiceIdField];

export const description = showForLegacy('invoice', 'get', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const invoiceId = requiredText(
		fieldContext(this, itemIndex),
		'Invoice ID',
		this.getNodeParameter('invoiceId', itemIndex),
	);
	return withSuccessUrl(
		await legacyRequest.call(this, 'get-invoice', { invoice_id: invoiceId }, itemIndex),
	);
}
