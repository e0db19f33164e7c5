import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	operationSelector('v1', 'transaction', ['get']),
	...get.description,
];
