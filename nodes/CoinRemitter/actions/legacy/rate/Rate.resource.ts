import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as fiatToCrypto from './fiatToCrypto.operation';
import * as getCoinPrices from './getCoinPrices.operation';

export { fiatToCrypto, getCoinPrices };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'rate', ['fiatToCrypto', 'getCoinPrices']),
	...fiatToCrypto.description,
	...getCoinPrices.description,
];
