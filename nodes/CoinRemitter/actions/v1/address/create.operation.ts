import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LABEL_MAX_LENGTH } from '../../../helpers/constants';
import { addressLabel, withoutEmpty } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, labelField, showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [labelField];

export const description = showForV1('address', 'create', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const label = addressLabel(
		ctx,
		'Label',
		this.getNodeParameter('label', itemIndex, ''),
		LABEL_MAX_LENGTH,
	);
	return await v1Request.call(
		this,
		'/v1/wallet/address/create',
		withoutEmpty({ label }),
		itemIndex,
	);
}
