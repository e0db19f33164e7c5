import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { addressField, fieldContext, showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField(
		'A deposit address of this wallet; each of its transactions becomes one output item',
	),
];

export const description = showForLegacy('address', 'getTransactions', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredText(
		fieldContext(this, itemIndex),
		'Address',
		this.getNodeParameter('address', itemIndex),
	);
	return await legacyRequest.call(this, 'get-transaction-by-address', { address }, itemIndex);
}
