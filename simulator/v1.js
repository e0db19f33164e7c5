'use strict';
// The v1 interface of the gateway as shared/spec/current-interface-v1.md describes it.
const { fromUnits, toUnits, scale, FACTOR } = require('./decimal');
const S = require('./state');

const FIAT = new Set(
	'USD SLE ZWL JEP ZMW YER XPF XOF XDR XCD XAF WST VUV VES UZS UGX TZS TVD TTD TOP TND TMT TJS SZL SYP STN SSP SRD SOS SLL SHP SDG SCR SBD RWF RSD QAR PGK OMR NPR NIO NGN NAD MZN MWK MVR MUR MRU MOP MNT MMK MKD MGA MDL MAD LYD LSL LRD LKR LBP LAK KYD KWD KMF KID KHR KGS KES JOD JMD IRR IQD IMP HTG HNL GYD GNF GMD GIP GHS GGP GEL FOK FKP ETB ERN DZD DJF CVE CUP CUC CRC CDF BZD BYN BWP BTN BOB BND BMD BIF BHD BDT BBD BAM AZN AWG AOA ANG AMD ALL AFN HKD RON SEK INR BRL MYR BGN NZD MXN AED ARS CLP EGP GTQ PAB PYG CAD PHP HUF CZK RUB ZAR AUD KRW PLN BSD UAH GBP HRK JPY THB CHF EUR TRY DOP KZT PEN PKR UYU VND ISK DKK IDR CNY NOK SGD ILS COP FJD SAR TWD'.split(
		' ',
	),
);
const COINS = new Set(
	'BTC LTC BCH ETH DOGE USDT TCN KOIN DASH USDTERC20 BNB TRX USDTTRC20 USDCERC20 XMR'.split(' '),
);
const SPEEDS = new Set(['low', 'medium', 'priority']);

/** An error answer of the v1 interface. */
class ApiFailure extends Error {
	constructor(code, msg) {
		super(msg);
		this.code = code;
	}
}
const HTTP_STATUS = { 1001: 400, 1002: 500, 1003: 200, 1004: 401, 1005: 404, 1006: 429, 1007: 503 };
const KIND = {
	1001: 'validation_error',
	1002: 'server_error',
	1003: 'invalid_credentials',
	1004: 'account_inactive',
	1005: 'not_found',
	1006: 'too_many_requests',
	1007: 'maintenance',
};

function errorBody(code, msg) {
	return {
		status: HTTP_STATUS[code],
		body: { success: false, error: KIND[code], error_code: code, msg },
	};
}

const invalid = (msg) => new ApiFailure(1001, msg);

function required(fields, name) {
	const value = fields[name];
	if (value === undefined || String(value).trim() === '')
		throw invalid(`The ${name} field is required.`);
	return String(value);
}

function amountUnits(fields, name) {
	const units = toUnits(required(fields, name));
	if (units === undefined)
		throw invalid(`The ${name} must be a valid number with at most 8 decimals.`);
	if (units <= 0n) throw invalid(`The ${name} must be greater than 0.`);
	return units;
}

function walletInfo(wallet) {
	return {
		wallet_id: wallet.id,
		wallet_name: wallet.name,
		coin: wallet.coin,
		coin_symbol: wallet.coinSymbol,
	};
}

function coinDetails(wallet) {
	return {
		...walletInfo(wallet),
		coin_logo: `https://sim.coinremitter.local/assets/${wallet.coinSymbol.toLowerCase()}.png`,
		blockchain_network_name: `${wallet.coin} Network`,
		contract_address: '',
		contract_address_url: '',
		chain_id: '',
	};
}

function explorer(kind, value) {
	return `https://explorer.sim.local/${kind}/${value}`;
}

function transactionView(wallet, tx) {
	const confirmed = tx.confirmations >= S.REQUIRED_CONFIRMATIONS;
	return {
		id: tx.id,
		txid: tx.txid,
		explorer_url: explorer('tx', tx.txid),
		type: tx.type,
		status: confirmed ? 'confirm' : 'pending',
		status_code: confirmed ? 1 : 0,
		...walletInfo(wallet),
		address: tx.address,
		label: tx.label,
		amount: fromUnits(tx.amount),
		confirmations: tx.confirmations,
		required_confirmations: S.REQUIRED_CONFIRMATIONS,
		date: S.utcDate(tx.createdAt),
		transaction_timestamp: tx.createdAt,
	};
}

function fees(units) {
	const transactionFee = toUnits(S.TRANSACTION_FEE);
	const processingFee = scale(units, S.PROCESSING_FEE_PERCENT, S.PROCESSING_FEE_DIVISOR);
	return { transactionFee, processingFee, total: units + transactionFee + processingFee };
}

function withdrawalSpeed(fields) {
	const speed = fields.withdrawal_speed;
	if (speed !== undefined && speed !== '' && !SPEEDS.has(speed)) {
		throw invalid('The withdrawal_speed must be one of low, medium, priority.');
	}
}

/** Crypto amount worth `fiatUnits` of `fiat`, in `coin`, rounded down to 8 places. */
function fiatToCryptoUnits(fiatUnits, fiat, coin) {
	const perUsd = toUnits(S.FIAT_PER_USD[fiat] ?? '1');
	const coinUsd = toUnits(S.COIN_USD[coin] ?? '1');
	const usdUnits = (fiatUnits * FACTOR) / perUsd;
	return { usdUnits, cryptoUnits: (usdUnits * FACTOR) / coinUsd };
}

const handlers = {
	'/v1/wallet/address/create'({ wallet, fields, now }) {
		const label = fields.label ?? '';
		if (!/^[A-Za-z0-9]*$/.test(label))
			throw invalid('The label may only contain letters and numbers.');
		if (label.length > 20) throw invalid('The label may not be greater than 20 characters.');
		const address = S.randomAddress();
		const expiresAt = now + S.ADDRESS_LIFETIME_MS;
		wallet.addresses.set(address, { address, label, createdAt: now, expiresAt });
		return {
			...coinDetails(wallet),
			address,
			explorer_url: explorer('address', address),
			label,
			qr_code: `https://sim.coinremitter.local/qr/${address}.png`,
			minimum_deposit_amount: fromUnits(wallet.minimumDeposit),
			remaining_address_limit: -1,
			wrn_msg: '',
			expire_on: S.utcDate(expiresAt),
			expire_on_timestamp: expiresAt,
		};
	},

	'/v1/wallet/address/validate'({ fields }) {
		return { valid: S.ADDRESS_FORMAT.test(required(fields, 'address')) };
	},

	'/v1/wallet/address/transactions'({ wallet, fields, sim }) {
		const address = wallet.addresses.get(required(fields, 'address'));
		if (!address) throw new ApiFailure(1005, 'Address not found.');
		const txs = [...sim.state.transactions.values()].filter(
			(tx) => tx.walletKey === wallet.apiKey && tx.address === address.address,
		);
		let confirmAmount = 0n;
		let pendingAmount = 0n;
		const transactions = txs.map((tx) => {
			const view = transactionView(wallet, tx);
			const confirmed = view.status_code === 1;
			if (confirmed) confirmAmount += tx.amount;
			else pendingAmount += tx.amount;
			return {
				id: view.id,
				txid: view.txid,
				explorer_url: view.explorer_url,
				type: 'receive',
				amount: view.amount,
				confirm_amount: confirmed ? view.amount : fromUnits(0n),
				pending_amount: confirmed ? fromUnits(0n) : view.amount,
				confirmations: view.confirmations,
				status: view.status,
				status_code: view.status_code,
				date: view.date,
				transaction_timestamp: view.transaction_timestamp,
			};
		});
		return {
			...walletInfo(wallet),
			address: address.address,
			expire_on: S.utcDate(address.expiresAt),
			expire_on_timestamp: address.expiresAt,
			label: address.label,
			required_confirmations: S.REQUIRED_CONFIRMATIONS,
			confirm_amount: fromUnits(confirmAmount),
			pending_amount: fromUnits(pendingAmount),
			transactions,
		};
	},

	'/v1/wallet/withdraw/estimate'({ fields }) {
		const units = amountUnits(fields, 'amount');
		withdrawalSpeed(fields);
		if (fields.address && !S.ADDRESS_FORMAT.test(fields.address))
			throw invalid('The address is invalid.');
		const { transactionFee, processingFee, total } = fees(units);
		return {
			amount: fromUnits(units),
			transaction_fee: fromUnits(transactionFee),
			processing_fee: fromUnits(processingFee),
			total_amount: fromUnits(total),
			fees_structure: { transaction_fee: S.TRANSACTION_FEE, processing_fee: '0.25%' },
		};
	},

	'/v1/wallet/withdraw'({ wallet, fields, sim, now }) {
		const address = required(fields, 'address');
		const units = amountUnits(fields, 'amount');
		withdrawalSpeed(fields);
		if (!S.ADDRESS_FORMAT.test(address)) throw invalid('The address is invalid.');
		const { transactionFee, processingFee, total } = fees(units);
		if (total > wallet.balance) throw invalid('Insufficient balance.');
		if (total > wallet.withdrawLimit24h) throw invalid('The 24 hour withdrawal limit is exceeded.');
		wallet.balance -= total;
		wallet.withdrawLimit24h -= total;
		const tx = sim.recordTransaction(wallet, {
			type: 'send',
			address,
			amount: units,
			confirmations: 0,
			now,
		});
		tx.fees = { transactionFee, processingFee, total };
		return {
			id: tx.id,
			txid: tx.txid,
			explorer_url: explorer('tx', tx.txid),
			amount: fromUnits(units),
			transaction_fees: fromUnits(transactionFee),
			processing_fees: fromUnits(processingFee),
			total_amount: fromUnits(total),
			to_address: address,
			...walletInfo(wallet),
			date: S.utcDate(now),
			transaction_timestamp: now,
			remaining_withdraw_limit_24h: fromUnits(wallet.withdrawLimit24h),
		};
	},

	'/v1/wallet/transaction'({ wallet, fields, sim }) {
		const tx = sim.state.transactions.get(required(fields, 'id'));
		if (!tx || tx.walletKey !== wallet.apiKey) throw new ApiFailure(1005, 'Transaction not found.');
		return transactionView(wallet, tx);
	},

	'/v1/wallet/balance'({ wallet }) {
		return {
			balance: fromUnits(wallet.balance),
			...coinDetails(wallet),
			explorer_url: 'https://explorer.sim.local',
			minimum_deposit_amount: fromUnits(wallet.minimumDeposit),
			remaining_withdraw_limit_24h: fromUnits(wallet.withdrawLimit24h),
		};
	},

	'/v1/invoice/create'({ wallet, fields, sim, now }) {
		const amount = amountUnits(fields, 'amount');
		const fiat = (fields.fiat_currency ?? 'USD').toUpperCase();
		if (!FIAT.has(fiat)) throw invalid('The selected fiat currency is invalid.');
		const name = fields.name ?? '';
		if (name.length > 30) throw invalid('The name may not be greater than 30 characters.');
		if (fields.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email))
			throw invalid('The email must be a valid email address.');
		for (const key of ['custom_data1', 'custom_data2']) {
			if ((fields[key] ?? '').length > 30)
				throw invalid(`The ${key} may not be greater than 30 characters.`);
		}
		for (const key of ['notify_url', 'success_url', 'fail_url']) {
			if (fields[key] && !/^https?:\/\/\S+$/.test(fields[key]))
				throw invalid(`The ${key} format is invalid.`);
		}
		const minutes = fields.expiry_time_in_minutes ?? '1440';
		if (!/^[1-9]\d*$/.test(minutes))
			throw invalid('The expiry_time_in_minutes must be an integer.');
		const { usdUnits, cryptoUnits } = fiatToCryptoUnits(amount, fiat, wallet.coinSymbol);
		const core = S.invoiceCore(sim, wallet, fields, {
			currency: fiat,
			amounts: { fiat: amount, usd: usdUnits, crypto: cryptoUnits },
			minutes,
			now,
		});
		const { expiresAt, ...rest } = core;
		// The v1 record as the service's v1 clients record it: merchant_id too, the coin's full
		// name and its symbol, millisecond timestamps, and no address.
		const invoice = {
			...rest,
			amount: fromUnits(cryptoUnits),
			// The service writes an empty map as an empty list.
			paid_amount: [],
			fiat_currency: fields.fiat_currency === undefined ? '' : fiat,
			coin: wallet.coin,
			coin_symbol: wallet.coinSymbol,
			wallet_id: wallet.id,
			name: name || wallet.name,
			success_url: fields.success_url ?? '',
			expire_on_timestamp: expiresAt,
			invoice_timestamp: now,
			delete_after: S.utcDate(expiresAt + 30 * 24 * 3600 * 1000),
			delete_after_timestamp: expiresAt + 30 * 24 * 3600 * 1000,
		};
		sim.state.invoices.set(invoice.invoice_id, invoice);
		return invoiceView(invoice);
	},

	'/v1/invoice/get'({ wallet, fields, sim }) {
		const invoice = sim.state.invoices.get(required(fields, 'invoice_id'));
		if (!invoice || invoice.walletKey !== wallet.apiKey)
			throw new ApiFailure(1005, 'Invoice not found.');
		return invoiceView(invoice);
	},

	'/v1/rate/fiat-to-crypto'({ fields }) {
		const fiat = required(fields, 'fiat').toUpperCase();
		if (!FIAT.has(fiat)) throw invalid('The selected fiat is invalid.');
		const fiatUnits = amountUnits(fields, 'fiat_amount');
		const crypto = (fields.crypto ?? '').toUpperCase();
		if (crypto && !RATED_COINS.has(crypto)) throw invalid('The selected crypto is invalid.');
		return [...RATED_COINS]
			.filter((coin) => !crypto || coin === crypto)
			.map((coin) => ({
				short_name: coin,
				name: COIN_NAMES[coin],
				price: fromUnits(fiatToCryptoUnits(fiatUnits, fiat, coin).cryptoUnits),
			}));
	},

	'/v1/rate/crypto-to-fiat'({ fields }) {
		const crypto = required(fields, 'crypto').toUpperCase();
		if (!RATED_COINS.has(crypto)) throw invalid('The selected crypto is invalid.');
		const cryptoUnits = amountUnits(fields, 'crypto_amount');
		const fiat = required(fields, 'fiat').toUpperCase();
		if (!FIAT.has(fiat)) throw invalid('The selected fiat is invalid.');
		// The service may list more fiats than the one asked: the asked one first, then USD.
		const usdUnits = (cryptoUnits * toUnits(S.COIN_USD[crypto])) / FACTOR;
		return [...new Set([fiat, 'USD'])].map((code) => ({
			code,
			currency: FIAT_NAMES[code] ?? code,
			amount: fiatAmount((usdUnits * toUnits(S.FIAT_PER_USD[code] ?? '1')) / FACTOR),
		}));
	},

	'/v1/rate/supported-currency'() {
		return [...RATED_COINS].map((coin) => ({
			coin: COIN_NAMES[coin],
			coin_symbol: coin,
			network_name: `${COIN_NAMES[coin]} Network`,
			explorer_url: `https://explorer.sim.local/${coin.toLowerCase()}`,
			logo: `https://sim.coinremitter.local/assets/${coin.toLowerCase()}.png`,
			minimum_deposit_amount: '0.01000000',
			price_in_usd: S.COIN_USD[coin],
			fees: Object.fromEntries(
				['low', 'medium', 'priority'].map((speed, index) => [speed, feeLevel(index)]),
			),
		}));
	},
};

/** Coins the rate endpoints know, with their full names. */
const COIN_NAMES = {
	BTC: 'Bitcoin',
	ETH: 'Ethereum',
	LTC: 'Litecoin',
	TCN: 'Tcoin',
	TRX: 'Tron',
	KOIN: 'Koin',
};
const RATED_COINS = new Set(
	Object.keys(COIN_NAMES).filter((coin) => S.COIN_USD[coin] !== undefined),
);
const FIAT_NAMES = {
	USD: 'United States Dollar',
	EUR: 'Euro',
	GBP: 'British Pound',
	INR: 'Indian Rupee',
	JPY: 'Japanese Yen',
};

/** A fiat amount as the service writes it: two decimals. */
function fiatAmount(units) {
	const text = fromUnits(units);
	return text.slice(0, text.indexOf('.') + 3);
}

function feeLevel(index) {
	const fee = fromUnits(toUnits(S.TRANSACTION_FEE) * BigInt(index + 1));
	return {
		transaction_fees_type: 'flat',
		processing_fees_type: 'percentage',
		transaction_fee: fee,
		processing_fee: '0.25',
		transaction_fee_with_gasstation: fee,
		processing_fee_with_gasstation: '0.25',
	};
}

function invoiceView(invoice) {
	const { walletKey, ...view } = invoice;
	return structuredClone(view);
}

/** Endpoints that answer without wallet credentials. */
const PUBLIC_PATHS = new Set([
	'/v1/rate/fiat-to-crypto',
	'/v1/rate/crypto-to-fiat',
	'/v1/rate/supported-currency',
]);

module.exports = {
	handlers,
	PUBLIC_PATHS,
	ApiFailure,
	errorBody,
	transactionView,
	fees,
	fiatToCryptoUnits,
	FIAT,
	COINS,
};
