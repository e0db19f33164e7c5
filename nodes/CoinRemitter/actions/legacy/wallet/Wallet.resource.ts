import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as getBalance from './getBalance.operation';

export { getBalance };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'wallet', ['getBalance']),
	...getBalance.description,
];
