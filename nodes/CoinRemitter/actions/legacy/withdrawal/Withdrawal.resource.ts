import { resourceDescription } from '../../shared/operations';
import * as create from './create.operation';

export const operations = { create };

export const description = resourceDescription('legacy', 'withdrawal', operations);
