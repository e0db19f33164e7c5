import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as create from './create.operation';
import * as estimate from './estimate.operation';

export { create, estimate };

export const description: INodeProperties[] = [
	operationSelector('v1', 'withdrawal', ['create', 'estimate']),
	...create.description,
	...estimate.description,
];
