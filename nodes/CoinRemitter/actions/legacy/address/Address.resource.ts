import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/operations';
import * as create from './create.operation';
import * as getTransactions from './getTransactions.operation';
import * as validate from './validate.operation';

export { create, getTransactions, validate };

export const description: INodeProperties[] = [
	operationSelector('legacy', 'address', ['create', 'getTransactions', 'validate']),
	...create.description,
	...getTransactions.description,
	...validate.description,
];
