'use strict';
// The legacy interface (v2/v3) as shared/spec/legacy-interface-v2-v3.md describes it: per-coin paths,
// credentials in the body, and a numeric `flag` (1 success, 0 failure, 2 validation error).
const { fromUnits, toUnits } = require('./decimal');
const S = require('./state');
const { fees, fiatToCryptoUnits, FIAT } = require('./v1');

/** A legacy answer other than success. */
class LegacyFailure extends Error {
	constructor(flag, msg, status = 200) {
		super(msg);
		this.flag = flag;
		this.status = status;
	}
}
const invalid = (msg) => new LegacyFailure(2, msg);
const refused = (msg) => new LegacyFailure(0, msg);

/** Marks a value to be written as a bare JSON number with exactly these digits. */
const NUMBER_MARK = '\u0000num:';
const rawNumber = (text) => `${NUMBER_MARK}${text}`;

/** JSON text in which rawNumber() values become number literals, so 25.00000000 keeps its digits. */
function serialize(body) {
	return JSON.stringify(body).replace(/"\\u0000num:([-0-9.eE+]+)"/g, '$1');
}

function required(fields, name, label = name.replace(/_/g, ' ')) {
	const value = fields[name];
	if (value === undefined || String(value).trim() === '')
		throw invalid(`The ${label} field is required.`);
	return String(value);
}

function amountUnits(fields, name) {
	const text = required(fields, name);
	const units = toUnits(text);
	if (units === undefined) throw invalid(`The ${name} format is invalid.`);
	if (units <= 0n) throw invalid(`The ${name} must be greater than 0.`);
	return units;
}

function transactionView(wallet, tx) {
	const view = {
		id: tx.id,
		txid: tx.txid,
		explorer_url: `https://explorer.sim.local/tx/${tx.txid}`,
		type: tx.type,
		merchant_id: wallet.merchantId,
		coin_short_name: wallet.coinSymbol,
		wallet_id: wallet.id,
		wallet_name: wallet.name,
		address: tx.address,
		amount: fromUnits(tx.amount),
		confirmations: tx.confirmations,
		date: S.utcDate(tx.createdAt),
	};
	if (tx.type === 'send' && tx.fees) {
		view.transaction_fees = fromUnits(tx.fees.transactionFee);
		view.processing_fees = fromUnits(tx.fees.processingFee);
		view.total_amount = fromUnits(tx.fees.total);
	}
	return view;
}

function invoiceView(invoice, generation) {
	const { walletKey, successUrl, generation: created, ...view } = invoice;
	view[generation === 'v2' ? 'suceess_url' : 'success_url'] = successUrl;
	return structuredClone(view);
}

const KOIN_V2_LIMITS = { name: 10, description: 50, custom_data1: 50, custom_data2: 50 };

const handlers = {
	'get-new-address'({ wallet, fields, generation, now }) {
		const label = fields.label ?? '';
		const address = S.randomAddress();
		wallet.addresses.set(address, {
			address,
			label,
			createdAt: now,
			expiresAt: now + S.ADDRESS_LIFETIME_MS,
		});
		const data = { address, label };
		if (generation === 'v3') data.qr_code = `https://sim.coinremitter.local/qr/${address}.png`;
		return data;
	},

	'validate-address'({ fields, sim }) {
		const valid = S.ADDRESS_FORMAT.test(required(fields, 'address'));
		// One reference answers an invalid address with flag 0 and data.valid false.
		if (!valid && sim.quirks.legacyInvalidAddressFlag === 0)
			throw Object.assign(refused('Invalid address.'), { data: { valid } });
		return { valid };
	},

	withdraw({ wallet, fields, sim, now }) {
		const address = required(fields, 'to_address');
		const units = amountUnits(fields, 'amount');
		if (!S.ADDRESS_FORMAT.test(address)) throw refused('Invalid address.');
		const { transactionFee, processingFee, total } = fees(units);
		if (total > wallet.balance) throw refused('Insufficient balance.');
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
		const view = transactionView(wallet, tx);
		return {
			id: view.id,
			txid: view.txid,
			explorer_url: view.explorer_url,
			amount: view.amount,
			transaction_fees: view.transaction_fees,
			processing_fees: view.processing_fees,
			total_amount: view.total_amount,
			to_address: address,
			wallet_id: wallet.id,
			wallet_name: wallet.name,
			coin_short_name: wallet.coinSymbol,
			date: view.date,
		};
	},

	'get-transaction'({ wallet, fields, sim }) {
		const tx = sim.state.transactions.get(required(fields, 'id'));
		if (!tx || tx.walletKey !== wallet.apiKey) throw refused('Transaction not found.');
		return transactionView(wallet, tx);
	},

	'get-transaction-by-address'({ wallet, fields, sim }) {
		const address = required(fields, 'address');
		return [...sim.state.transactions.values()]
			.filter(
				(tx) => tx.walletKey === wallet.apiKey && tx.address === address && tx.type === 'receive',
			)
			.map((tx) => transactionView(wallet, tx));
	},

	'get-balance'({ wallet }) {
		return {
			balance: rawNumber(fromUnits(wallet.balance)),
			wallet_name: wallet.name,
			coin_name: wallet.coin,
		};
	},

	'create-invoice'({ wallet, fields, generation, sim, now }) {
		const amount = amountUnits(fields, 'amount');
		const currency = (fields.currency || 'USD').toUpperCase();
		if (!FIAT.has(currency)) throw invalid('The selected currency is invalid.');
		if (wallet.coinSymbol === 'KOIN' && generation === 'v2') {
			for (const [name, max] of Object.entries(KOIN_V2_LIMITS)) {
				if ((fields[name] ?? '').length > max)
					throw invalid(
						`The ${name.replace(/_/g, ' ')} may not be greater than ${max} characters.`,
					);
			}
		}
		const minutes = fields.expire_time || '1440';
		if (!/^[1-9]\d*$/.test(minutes)) throw invalid('The expire time must be an integer.');
		const { usdUnits, cryptoUnits } = fiatToCryptoUnits(amount, currency, wallet.coinSymbol);
		const core = S.invoiceCore(sim, wallet, fields, {
			currency,
			amounts: { fiat: amount, usd: usdUnits, crypto: cryptoUnits },
			minutes,
			now,
		});
		const { expiresAt, ...rest } = core;
		void expiresAt;
		// The legacy record: the coin's short name, an address, no coin_symbol, wallet_id or timestamps.
		const invoice = {
			...rest,
			paid_amount: [],
			base_currency: currency,
			coin: wallet.coinSymbol,
			address: S.randomAddress(),
			name: fields.name ?? '',
			last_updated_date: S.utcDate(now),
			// v2 knows only its own spelling; a `success_url` sent to v2 is not a field it reads.
			successUrl: (generation === 'v2' ? fields.suceess_url : fields.success_url) ?? '',
			// Not a field of the record: how its notifications spell the success URL.
			generation,
		};
		sim.state.invoices.set(invoice.invoice_id, invoice);
		return invoiceView(invoice, generation);
	},

	'get-invoice'({ wallet, fields, generation, sim }) {
		const invoice = sim.state.invoices.get(required(fields, 'invoice_id'));
		if (!invoice || invoice.walletKey !== wallet.apiKey) throw refused('Invoice not found.');
		return invoiceView(invoice, generation);
	},

	'get-fiat-to-crypto-rate'({ wallet, fields }) {
		const fiat = required(fields, 'fiat_symbol').toUpperCase();
		if (!FIAT.has(fiat)) throw invalid('The selected fiat symbol is invalid.');
		const fiatUnits = amountUnits(fields, 'fiat_amount');
		const { cryptoUnits } = fiatToCryptoUnits(fiatUnits, fiat, wallet.coinSymbol);
		return {
			crypto_amount: fromUnits(cryptoUnits),
			crypto_symbol: wallet.coinSymbol,
			crypto_currency: wallet.coin,
			fiat_amount: fromUnits(fiatUnits),
			fiat_symbol: fiat,
		};
	},
};

function coinPrices() {
	const names = {
		TCN: 'Tcoin',
		BTC: 'Bitcoin',
		LTC: 'Litecoin',
		ETH: 'Ethereum',
		TRX: 'Tron',
		KOIN: 'Koin',
		DOGE: 'Dogecoin',
	};
	return Object.fromEntries(
		Object.entries(S.COIN_USD).map(([symbol, price]) => [
			symbol,
			{ symbol, name: names[symbol], price: rawNumber(price) },
		]),
	);
}

/** Handles one legacy request; returns { status, text } of the answer. */
function handleLegacy({ sim, method, path, fields, query, now }) {
	const answer = (status, flag, msg, action, data) => ({
		status,
		text: serialize({ flag, msg, action, data }),
	});
	const coinRate = /^\/api\/(v2|v3)\/get-coin-rate$/.exec(path);
	if (coinRate) {
		if (method !== 'GET') return answer(404, 0, 'Not found.', 'get-coin-rate', []);
		if (coinRate[1] === 'v2') {
			const wallet = sim.wallet(query.api_key);
			if (!wallet || wallet.apiPassword !== query.password)
				return answer(200, 0, 'Invalid API key or password.', 'get-coin-rate', []);
		}
		return answer(200, 1, 'Coin rates.', 'get-coin-rate', coinPrices());
	}

	const match = /^\/api\/(v2|v3)\/([A-Z0-9]+)\/([a-z-]+)$/.exec(path);
	const handler = match && handlers[match[3]];
	if (!match || !handler || method !== 'POST')
		return answer(404, 0, 'Not found.', match?.[3] ?? '', []);
	const [, generation, coin, action] = match;
	if (S.LEGACY_V2_COINS.has(coin) !== (generation === 'v2'))
		return answer(404, 0, 'Not found.', action, []);

	try {
		const apiKey = required(fields, 'api_key', 'api key');
		const password = required(fields, 'password');
		const wallet = sim.wallet(apiKey);
		if (!wallet || wallet.apiPassword !== password || wallet.coinSymbol !== coin)
			throw refused('Invalid API key or password.');
		if (!wallet.active) throw refused('Your account is inactive.');
		const data = handler({ wallet, fields, generation, sim, now });
		return answer(200, 1, 'Success.', action, data);
	} catch (error) {
		if (!(error instanceof LegacyFailure)) throw error;
		return answer(error.status, error.flag, error.message, action, error.data ?? []);
	}
}

module.exports = { handleLegacy, handlers, serialize };
