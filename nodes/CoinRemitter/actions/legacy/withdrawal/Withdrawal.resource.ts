import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as create from './create.operation';

export { create };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'withdrawal', ['create']),
	...create.description,
];
