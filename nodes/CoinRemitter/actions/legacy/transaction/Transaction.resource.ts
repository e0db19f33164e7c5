import { resourceDescription } from '../../shared/operations';
import * as get from './get.operation';

export const operations = { get };

export const description = resourceDescription('legacy', 'transaction', operations);
