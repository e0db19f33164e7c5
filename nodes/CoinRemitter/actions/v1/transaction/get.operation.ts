import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, showForV1, transactionIdField } from '../../shared/fields';

const properties: INodeProperties[] = [transactionIdField];

export const description = showForV1('transaction', 'get', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const id = requiredText(
		fieldContext(this, itemIndex),
		'Transaction ID',
		this.getNodeParameter('transactionId', itemIndex),
	);
	return await v1Request.call(this, '/v1/wallet/transaction', { id }, itemIndex);
}
