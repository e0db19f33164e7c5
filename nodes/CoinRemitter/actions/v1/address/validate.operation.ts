import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { addressField, fieldContext, showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField("The address to check against the wallet coin's address format"),
];

export const description = showForV1('address', 'validate', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredText(
		fieldContext(this, itemIndex),
		'Address',
		this.getNodeParameter('address', itemIndex),
	);
	return await v1Request.call(this, '/v1/wallet/address/validate', { address }, itemIndex);
}
