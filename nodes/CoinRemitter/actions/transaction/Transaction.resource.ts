import { defineResource } from '../operation';
import * as get from './get.operation';

export const resource = defineResource('Transaction', 'transaction', [get]);
