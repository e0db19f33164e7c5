import { defineResource } from '../operation';
import * as create from './create.operation';
import * as estimate from './estimate.operation';

// Estimating is the safe default: creating moves money.
export const resource = defineResource('Withdrawal', 'withdrawal', [create, estimate], {
	preferredDefault: 'estimate',
});
