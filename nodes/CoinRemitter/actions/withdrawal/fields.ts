// Fields the withdrawal operations share.
import type { INodeProperties } from 'n8n-workflow';

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
