import { resourceDescription } from '../../shared/operations';
import * as create from './create.operation';
import * as estimate from './estimate.operation';

export const operations = { create, estimate };

// Estimating is the safe default: creating moves money.
export const description = resourceDescription('v1', 'withdrawal', operations, 'estimate');
