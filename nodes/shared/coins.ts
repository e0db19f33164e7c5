/** Coin symbols seen across both interfaces, sorted; a wallet holds exactly one of them. */
export const COIN_SYMBOLS = [
	'BCH',
	'BNB',
	'BTC',
	'DASH',
	'DOGE',
	'ETH',
	'KOIN',
	'LTC',
	'TCN',
	'TRX',
	'USDCERC20',
	'USDT',
	'USDTERC20',
	'USDTTRC20',
	'XMR',
] as const;

/** Coins the legacy API serves under /api/v2; every other coin is under /api/v3. */
export const LEGACY_V2_COINS = ['DOGE', 'ETH', 'KOIN', 'LTC'];

export type LegacyGeneration = 'v2' | 'v3';

/** The legacy path generation of a coin: the credential's setting, or the one the coin is served under. */
export function legacyGeneration(coin: string, setting: string | undefined): LegacyGeneration {
	if (setting === 'v2' || setting === 'v3') return setting;
	return LEGACY_V2_COINS.includes(coin.toUpperCase()) ? 'v2' : 'v3';
}
