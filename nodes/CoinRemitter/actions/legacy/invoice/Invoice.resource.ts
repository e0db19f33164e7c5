import { resourceDescription } from '../../shared/operations';
import * as create from './create.operation';
import * as get from './get.operation';

export const operations = { create, get };

export const description = resourceDescription('legacy', 'invoice', operations);
