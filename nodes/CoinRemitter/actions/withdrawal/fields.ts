// Fields the withdrawal operations share.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { FieldContext } from '../validation';
import { oneOf } from '../validation';

export const WITHDRAWAL_SPEEDS = ['low', 'medium', 'priority'] as const;

export const withdrawalSpeedField: INodeProperties = {
	displayName: 'Withdrawal Speed',
	name: 'withdrawalSpeed',
	type: 'options',
	default: '',
	description: 'How fast the withdrawal should confirm; a faster speed costs a higher network fee',
	options: [
		{ name: 'Wallet Default', value: '', description: 'Use the speed set in the wallet settings' },
		...WITHDRAWAL_SPEEDS.map((speed) => ({
			name: speed.charAt(0).toUpperCase() + speed.slice(1),
			value: speed,
		})),
	],
};

/** The Withdrawal Speed of one item: one of WITHDRAWAL_SPEEDS, or empty for the wallet's default. */
export const readWithdrawalSpeed = (
	context: IExecuteFunctions,
	ctx: FieldContext,
	itemIndex: number,
): string =>
	oneOf(
		ctx,
		'Withdrawal Speed',
		context.getNodeParameter('withdrawalSpeed', itemIndex, ''),
		WITHDRAWAL_SPEEDS,
		{ optional: true },
	);
