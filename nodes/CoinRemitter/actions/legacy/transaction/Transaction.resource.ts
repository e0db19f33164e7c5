import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'transaction', ['get']),
	...get.description,
];
