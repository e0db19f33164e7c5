import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as getBalance from './getBalance.operation';

export { getBalance };

export const description: INodeProperties[] = [
	operationSelector('v1', 'wallet', ['getBalance']),
	...getBalance.description,
];
