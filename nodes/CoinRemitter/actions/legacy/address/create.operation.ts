import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LABEL_MAX_LENGTH } from '../../../helpers/constants';
import { addressLabel, withoutEmpty } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { fieldContext, labelField, showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [labelField];

export const description = showForLegacy('address', 'create', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const label = addressLabel(
		fieldContext(this, itemIndex),
		'Label',
		this.getNodeParameter('label', itemIndex, ''),
		LABEL_MAX_LENGTH,
	);
	return await legacyRequest.call(this, 'get-new-address', withoutEmpty({ label }), itemIndex);
}
