import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as create from './create.operation';
import * as get from './get.operation';

export { create, get };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'invoice', ['create', 'get']),
	...create.description,
	...get.description,
];
