import { defineResource } from '../operation';
import * as checkFunds from './checkFunds.operation';
import * as create from './create.operation';
import * as estimate from './estimate.operation';
import * as sendApproved from './sendApproved.operation';

// Estimating is the safe default: creating moves money.
export const resource = defineResource(
	'Withdrawal',
	'withdrawal',
	[checkFunds, create, estimate, sendApproved],
	{
		preferredDefault: 'estimate',
	},
);
