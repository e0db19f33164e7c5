import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { legacyRequest } from '../../../transport';
import { showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [];

export const description = showForLegacy('wallet', 'getBalance', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	return await legacyRequest.call(this, 'get-balance', {}, itemIndex);
}
