import { resourceDescription } from '../../shared/operations';
import * as create from './create.operation';
import * as getTransactions from './getTransactions.operation';
import * as validate from './validate.operation';

export const operations = { create, getTransactions, validate };

export const description = resourceDescription('v1', 'address', operations);
