import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LABEL_MAX_LENGTH } from '../../../helpers/constants';
import { addressLabel, withoutEmpty } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, showForV1 } from '../fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		default: '',
		placeholder: 'order1234',
		description:
			'Optional name for the new deposit address, for example an order or customer number: letters and digits only, at most 20 characters',
	},
];

export const description = showForV1('address', 'create', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ctx = fieldContext(this, itemIndex);
	const label = addressLabel(ctx, 'Label', this.getNodeParameter('label', itemIndex, ''), LABEL_MAX_LENGTH);
	return await v1Request.call(this, '/v1/wallet/address/create', withoutEmpty({ label }), itemIndex);
}
