// Fields the rate operations share.
import type { INodeProperties } from 'n8n-workflow';

import { COIN_SYMBOLS } from '../../../shared/coins';

const coinOptions = COIN_SYMBOLS.map((symbol) => ({ name: symbol, value: symbol }));

export const coinField = (description: string, { everyCoin = false } = {}): INodeProperties => ({
	displayName: 'Coin',
	name: 'coin',
	type: 'options',
	default: 'BTC',
	required: !everyCoin,
	description,
	options: everyCoin
		? [
				{ name: 'Every Coin', value: '', description: 'One item per coin the service supports' },
				...coinOptions,
			]
		: coinOptions,
});
