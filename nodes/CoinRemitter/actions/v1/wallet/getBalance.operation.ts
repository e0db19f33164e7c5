import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { v1Request } from '../../../transport';
import { showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [];

export const description = showForV1('wallet', 'getBalance', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	return await v1Request.call(this, '/v1/wallet/balance', {}, itemIndex);
}
