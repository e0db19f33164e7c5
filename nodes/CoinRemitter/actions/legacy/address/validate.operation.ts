import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { addressField, fieldContext, showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField("The address to check against the coin's address format"),
];

export const description = showForLegacy('address', 'validate', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredText(
		fieldContext(this, itemIndex),
		'Address',
		this.getNodeParameter('address', itemIndex),
	);
	return await legacyRequest.call(this, 'validate-address', { address }, itemIndex);
}
