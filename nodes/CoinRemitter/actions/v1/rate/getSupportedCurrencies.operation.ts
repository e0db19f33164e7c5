import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { v1Request } from '../../../transport';
import { showForV1 } from '../../shared/fields';

const properties: INodeProperties[] = [];

export const description = showForV1('rate', 'getSupportedCurrencies', properties);

/** One item per supported coin, with its network, minimum deposit, USD price and fee levels. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	return await v1Request.call(this, '/v1/rate/supported-currency', {}, itemIndex);
}
