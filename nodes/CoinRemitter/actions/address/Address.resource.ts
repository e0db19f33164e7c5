import { defineResource } from '../operation';
import * as create from './create.operation';
import * as getTransactions from './getTransactions.operation';
import * as validate from './validate.operation';

export const resource = defineResource('Address', 'address', [create, getTransactions, validate]);
