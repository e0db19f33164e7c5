import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { fieldContext, showForLegacy, transactionIdField } from '../../shared/fields';

const properties: INodeProperties[] = [transactionIdField];

export const description = showForLegacy('transaction', 'get', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const id = requiredText(
		fieldContext(this, itemIndex),
		'Transaction ID',
		this.getNodeParameter('transactionId', itemIndex),
	);
	return await legacyRequest.call(this, 'get-transaction', { id }, itemIndex);
}
