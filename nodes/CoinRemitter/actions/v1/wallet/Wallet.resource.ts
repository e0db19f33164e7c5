import { resourceDescription } from '../../shared/operations';
import * as getBalance from './getBalance.operation';

export const operations = { getBalance };

export const description = resourceDescription('v1', 'wallet', operations);
