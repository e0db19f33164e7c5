import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { legacyCoinPrices } from '../../../transport';
import { showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [];

export const description = showForLegacy('rate', 'getCoinPrices', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await legacyCoinPrices.call(this, itemIndex);
}
