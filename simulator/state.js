'use strict';
// In-memory state of the simulated gateway: wallets, addresses, transactions and invoices.
const crypto = require('node:crypto');
const { fromUnits, toUnits } = require('./decimal');

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The wallets every fresh simulator starts with. Keys are fake and only valid here. */
const DEFAULT_WALLETS = [
	{
		apiKey: 'sim_tcn_key',
		apiPassword: 'sim_tcn_password',
		coin: 'Tcoin',
		coinSymbol: 'TCN',
		balance: '25.00000000',
	},
	{
		apiKey: 'sim_btc_key',
		apiPassword: 'sim_btc_password',
		coin: 'Bitcoin',
		coinSymbol: 'BTC',
		balance: '1.50000000',
	},
	{
		apiKey: 'sim_ltc_key',
		apiPassword: 'sim_ltc_password',
		coin: 'Litecoin',
		coinSymbol: 'LTC',
		balance: '40.00000000',
	},
	{
		apiKey: 'sim_koin_key',
		apiPassword: 'sim_koin_password',
		coin: 'Koin',
		coinSymbol: 'KOIN',
		balance: '500.00000000',
	},
	{
		apiKey: 'sim_inactive_key',
		apiPassword: 'sim_inactive_password',
		coin: 'Tcoin',
		coinSymbol: 'TCN',
		balance: '0.00000000',
		active: false,
	},
];

/** USD price of one coin, as a decimal string. */
const COIN_USD = {
	TCN: '0.50000000',
	BTC: '60000.00000000',
	LTC: '80.00000000',
	ETH: '3000.00000000',
	TRX: '0.12000000',
	KOIN: '0.02000000',
	DOGE: '0.10000000',
};
/** Units of a fiat currency per USD; currencies not listed count as 1. */
const FIAT_PER_USD = {
	USD: '1.00000000',
	EUR: '0.90000000',
	GBP: '0.80000000',
	INR: '80.00000000',
	JPY: '150.00000000',
};

const TRANSACTION_FEE = '0.00010000';
const PROCESSING_FEE_PERCENT = 1n; // 0.25% = 1/400
const PROCESSING_FEE_DIVISOR = 400n;
const REQUIRED_CONFIRMATIONS = 3;
const ADDRESS_LIFETIME_MS = 24 * 60 * 60 * 1000;

function randomAddress() {
	let out = 'T';
	for (const byte of crypto.randomBytes(33)) out += BASE58[byte % BASE58.length];
	return out;
}

const ADDRESS_FORMAT = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function utcDate(ms) {
	return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

function hexId(bytes = 12) {
	return crypto.randomBytes(bytes).toString('hex');
}

/** Coins the legacy interface serves under /api/v2; the others are under /api/v3. */
const LEGACY_V2_COINS = new Set(['LTC', 'KOIN', 'DOGE', 'ETH']);

function createState(wallets = DEFAULT_WALLETS) {
	const state = { wallets: new Map(), transactions: new Map(), invoices: new Map() };
	for (const seed of wallets) {
		state.wallets.set(seed.apiKey, {
			id: hexId(),
			merchantId: 'sim-merchant-1',
			name: `${seed.coinSymbol.toLowerCase()}-wallet`,
			active: seed.active !== false,
			apiKey: seed.apiKey,
			apiPassword: seed.apiPassword,
			coin: seed.coin,
			coinSymbol: seed.coinSymbol,
			balance: toUnits(seed.balance),
			withdrawLimit24h: toUnits('100.00000000'),
			addresses: new Map(),
			minimumDeposit: toUnits('0.01000000'),
		});
	}
	return state;
}

/**
 * What every invoice holds, whichever interface created it; each interface adds its own fields.
 * `amounts` are the invoice amount in the fiat currency, in USD and in the wallet coin (units of 1e-8).
 */
function invoiceCore(sim, wallet, fields, { currency, amounts, minutes, now }) {
	const invoiceId = `${wallet.coinSymbol}${String(sim.state.invoices.size + 1).padStart(4, '0')}`;
	const expiresAt = now + Number(minutes) * 60000;
	const coinUsd = COIN_USD[wallet.coinSymbol] ?? '1.00000000';
	return {
		id: hexId(),
		invoice_id: invoiceId,
		walletKey: wallet.apiKey,
		merchant_id: wallet.merchantId,
		url: `https://sim.coinremitter.local/invoice/${invoiceId}`,
		total_amount: {
			[wallet.coinSymbol]: fromUnits(amounts.crypto),
			USD: fromUnits(amounts.usd),
			[currency]: fromUnits(amounts.fiat),
		},
		usd_amount: fromUnits(amounts.usd),
		conversion_rate: {
			[`USD_${wallet.coinSymbol}`]: fromUnits(10n ** 16n / toUnits(coinUsd)),
			[`${wallet.coinSymbol}_USD`]: coinUsd,
		},
		description: fields.description ?? '',
		wallet_name: wallet.name,
		payment_history: [],
		status: 'Pending',
		status_code: 0,
		notify_url: fields.notify_url ?? '',
		fail_url: fields.fail_url ?? '',
		custom_data1: fields.custom_data1 ?? '',
		custom_data2: fields.custom_data2 ?? '',
		expire_on: utcDate(expiresAt),
		expiresAt,
		invoice_date: utcDate(now),
	};
}

module.exports = {
	invoiceCore,
	ADDRESS_FORMAT,
	ADDRESS_LIFETIME_MS,
	COIN_USD,
	DEFAULT_WALLETS,
	FIAT_PER_USD,
	LEGACY_V2_COINS,
	PROCESSING_FEE_DIVISOR,
	PROCESSING_FEE_PERCENT,
	REQUIRED_CONFIRMATIONS,
	TRANSACTION_FEE,
	createState,
	fromUnits,
	hexId,
	randomAddress,
	utcDate,
};
