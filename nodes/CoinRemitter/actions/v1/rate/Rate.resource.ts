import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as fiatToCrypto from './fiatToCrypto.operation';

export { fiatToCrypto };

export const description: INodeProperties[] = [
	operationSelector('v1', 'rate', ['fiatToCrypto']),
	...fiatToCrypto.description,
];
