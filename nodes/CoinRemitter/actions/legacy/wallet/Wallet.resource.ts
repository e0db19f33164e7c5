import { resourceDescription } from '../../shared/operations';
import * as getBalance from './getBalance.operation';

export const operations = { getBalance };

export const description = resourceDescription('legacy', 'wallet', operations);
