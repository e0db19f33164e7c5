/** Fiat codes the service accepts for invoices and rates, as listed in the v1 specification. */
export const FIAT_CURRENCIES = [
	'USD', 'SLE', 'ZWL', 'JEP', 'ZMW', 'YER', 'XPF', 'XOF', 'XDR', 'XCD', 'XAF', 'WST', 'VUV', 'VES',
	'UZS', 'UGX', 'TZS', 'TVD', 'TTD', 'TOP', 'TND', 'TMT', 'TJS', 'SZL', 'SYP', 'STN', 'SSP', 'SRD',
	'SOS', 'SLL', 'SHP', 'SDG', 'SCR', 'SBD', 'RWF', 'RSD', 'QAR', 'PGK', 'OMR', 'NPR', 'NIO', 'NGN',
	'NAD', 'MZN', 'MWK', 'MVR', 'MUR', 'MRU', 'MOP', 'MNT', 'MMK', 'MKD', 'MGA', 'MDL', 'MAD', 'LYD',
	'LSL', 'LRD', 'LKR', 'LBP', 'LAK', 'KYD', 'KWD', 'KMF', 'KID', 'KHR', 'KGS', 'KES', 'JOD', 'JMD',
	'IRR', 'IQD', 'IMP', 'HTG', 'HNL', 'GYD', 'GNF', 'GMD', 'GIP', 'GHS', 'GGP', 'GEL', 'FOK', 'FKP',
	'ETB', 'ERN', 'DZD', 'DJF', 'CVE', 'CUP', 'CUC', 'CRC', 'CDF', 'BZD', 'BYN', 'BWP', 'BTN', 'BOB',
	'BND', 'BMD', 'BIF', 'BHD', 'BDT', 'BBD', 'BAM', 'AZN', 'AWG', 'AOA', 'ANG', 'AMD', 'ALL', 'AFN',
	'HKD', 'RON', 'SEK', 'INR', 'BRL', 'MYR', 'BGN', 'NZD', 'MXN', 'AED', 'ARS', 'CLP', 'EGP', 'GTQ',
	'PAB', 'PYG', 'CAD', 'PHP', 'HUF', 'CZK', 'RUB', 'ZAR', 'AUD', 'KRW', 'PLN', 'BSD', 'UAH', 'GBP',
	'HRK', 'JPY', 'THB', 'CHF', 'EUR', 'TRY', 'DOP', 'KZT', 'PEN', 'PKR', 'UYU', 'VND', 'ISK', 'DKK',
	'IDR', 'CNY', 'NOK', 'SGD', 'ILS', 'COP', 'FJD', 'SAR', 'TWD',
] as const;

/** Coin symbols seen across the interface; a wallet holds exactly one of them. */
export const COIN_SYMBOLS = [
	'BTC', 'LTC', 'BCH', 'ETH', 'DOGE', 'USDT', 'TCN', 'KOIN', 'DASH', 'USDTERC20', 'BNB', 'TRX',
	'USDTTRC20', 'USDCERC20', 'XMR',
] as const;

export const WITHDRAWAL_SPEEDS = ['low', 'medium', 'priority'] as const;

export const LABEL_MAX_LENGTH = 20;
export const V1_INVOICE_NAME_MAX_LENGTH = 30;
export const V1_CUSTOM_DATA_MAX_LENGTH = 30;

/** Coins the legacy API serves under /api/v2; every other coin is under /api/v3. */
export const LEGACY_V2_COINS = ['LTC', 'KOIN', 'DOGE', 'ETH'];

export type LegacyGeneration = 'v2' | 'v3';

export function legacyGeneration(coin: string, setting: string | undefined): LegacyGeneration {
	if (setting === 'v2' || setting === 'v3') return setting;
	return LEGACY_V2_COINS.includes(coin.toUpperCase()) ? 'v2' : 'v3';
}

/** Field lengths the KOIN v2 reference sets on invoices; other coins show none. */
export const KOIN_V2_INVOICE_LIMITS = { name: 10, description: 50, customData: 50 };

/** This package's version, sent in the User-Agent of every request (a test keeps it equal to package.json's). */
export const PACKAGE_VERSION = '0.1.0';
