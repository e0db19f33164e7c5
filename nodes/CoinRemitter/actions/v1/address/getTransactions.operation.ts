import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { addressField, fieldContext, showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField('A deposit address created by this wallet whose transactions to list'),
];

export const description = showForV1('address', 'getTransactions', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredText(
		fieldContext(this, itemIndex),
		'Address',
		this.getNodeParameter('address', itemIndex),
	);
	return await v1Request.call(this, '/v1/wallet/address/transactions', { address }, itemIndex);
}
