'use strict';
// Callbacks as the service sends them: payload builders for every kind, and delivery to a URL in
// multipart/form-data (what the service sends), urlencoded or JSON.
const crypto = require('node:crypto');
const { buildMultipart } = require('./multipart');
const { fromUnits } = require('./decimal');
const invoices = require('./invoices');
const S = require('./state');
const v1 = require('./v1');

/** Every value as the text a form field carries; nested values as JSON text or bracket fields. */
function flatten(payload, nested) {
	const out = {};
	const walk = (prefix, value) => {
		if (value !== null && typeof value === 'object') {
			if (nested === 'json' && prefix) {
				out[prefix] = JSON.stringify(value);
				return;
			}
			const entries = Array.isArray(value)
				? value.map((v, i) => [String(i), v])
				: Object.entries(value);
			if (entries.length === 0 && prefix) out[prefix] = Array.isArray(value) ? '[]' : '{}';
			for (const [key, inner] of entries) walk(prefix ? `${prefix}[${key}]` : key, inner);
			return;
		}
		out[prefix] = value === null || value === undefined ? '' : String(value);
	};
	walk('', payload);
	return out;
}

/** The HTTP request for a callback: { body, contentType }. */
function encodeCallback(payload, { encoding = 'multipart', nested = 'json' } = {}) {
	if (encoding === 'json')
		return { body: Buffer.from(JSON.stringify(payload)), contentType: 'application/json' };
	const fields = flatten(payload, nested);
	if (encoding === 'urlencoded') {
		return {
			body: Buffer.from(new URLSearchParams(fields).toString()),
			contentType: 'application/x-www-form-urlencoded',
		};
	}
	return buildMultipart(fields);
}

/** POSTs a callback to `url`; resolves with the status and body of the answer. */
async function fireCallback(url, payload, options) {
	const { body, contentType } = encodeCallback(payload, options);
	const response = await fetch(url, {
		method: 'POST',
		body,
		headers: { 'content-type': contentType },
	});
	return {
		status: response.status,
		body: await response.text(),
		retryAfter: response.headers.get('retry-after') ?? undefined,
	};
}

function secondsNow() {
	return Math.floor(Date.now() / 1000);
}

/** The v1 deposit/withdrawal webhook for a transaction of the simulator. */
function v1TransactionWebhook(sim, transactionId) {
	const tx = sim.state.transactions.get(transactionId);
	return v1.transactionView(sim.wallet(tx.walletKey), tx);
}

/** The legacy deposit/withdrawal webhook for a transaction of the simulator. */
function legacyTransactionWebhook(sim, transactionId) {
	const tx = sim.state.transactions.get(transactionId);
	const wallet = sim.wallet(tx.walletKey);
	return {
		id: tx.id,
		txid: tx.txid,
		explorer_url: `https://explorer.sim.local/tx/${tx.txid}`,
		merchant_id: wallet.merchantId,
		type: tx.type,
		coin_short_name: wallet.coinSymbol,
		wallet_id: wallet.id,
		wallet_name: wallet.name,
		address_label: tx.label,
		address: tx.address,
		amount: fromUnits(tx.amount),
		confirmations: tx.confirmations,
		date: S.utcDate(tx.createdAt),
	};
}

/**
 * Records a payment of `amount` (the invoice's coin) on an invoice of the simulator and returns
 * the notification it would send: under, exact, over, or after expiry (see invoices.js).
 */
function payInvoice(sim, invoiceId, amount, options) {
	invoices.payInvoice(sim, invoiceId, amount, options);
	return invoiceNotification(sim, invoiceId);
}

/** The notification body of an invoice: the shape get-invoice returns. */
function invoiceNotification(sim, invoiceId) {
	const invoice = structuredClone(sim.state.invoices.get(invoiceId));
	delete invoice.walletKey;
	if ('successUrl' in invoice) {
		// Legacy: the shape of get-invoice, so v2 spells it suceess_url.
		invoice[invoice.generation === 'v2' ? 'suceess_url' : 'success_url'] = invoice.successUrl;
		delete invoice.successUrl;
		delete invoice.generation;
	}
	return invoice;
}

function widgetBase(type, statusCode) {
	const now = secondsNow();
	return {
		widget_id: `wdg_${type}_1`,
		widget_name: `${type} widget`,
		order_id: `ord_${crypto.randomBytes(4).toString('hex')}`,
		wallet_name: 'tcn-wallet',
		wallet_id: 'wallet-1',
		widget_type: type,
		coin: 'Tcoin',
		coin_symbol: 'TCN',
		crypto_amount: '20.00000000',
		fiat_amount: '10.00',
		usd_amount: '10.00',
		crypto_currency: 'TCN',
		fiat_currency: 'USD',
		paid_crypto_amount: statusCode === 0 ? '0.00000000' : '20.00000000',
		paid_fiat_amount: statusCode === 0 ? '0.00' : '10.00',
		expire_on: S.utcDate((now + 3600) * 1000),
		expire_on_timestamp: String(now + 3600),
		status_code: String(statusCode),
		status: ['Pending', 'Paid', 'Under Paid', 'Over Paid', 'Expired', 'Cancelled'][statusCode],
		payment_history:
			statusCode === 0
				? []
				: [
						{
							txid: 'f'.repeat(64),
							explorer_url: 'https://explorer.sim.local/tx/widget',
							amount: '20.00000000',
							confirmation: '3',
							required_confirmations: '3',
							date: S.utcDate(now * 1000),
							date_timestamp: String(now),
						},
					],
		order_date: S.utcDate(now * 1000),
		order_timestamp: String(now),
	};
}

/** Widget order callbacks as the spec lists their fields (timestamps in seconds, values as strings). */
const widgetOrders = {
	pricing: (statusCode = 1) => ({
		...widgetBase('pricing', statusCode),
		plan_name: 'Gold',
		unit_crypto_amount: '20.00000000',
		unit_fiat_amount: '10.00',
		order_data: {
			email_address: 'buyer@example.com',
			phone_number: '5550100',
			phone_number_code: '+1',
		},
	}),
	presale: (statusCode = 1) => ({
		...widgetBase('presale', statusCode),
		round_name: 'Round 1',
		order_token_amount: '1000',
		bonus_token_amount: '50',
		total_token_amount: '1050',
		token_symbol: 'SIM',
		token_name: 'Sim Token',
		conversion_rate: { fiat_to_token: '100.00000000', crypto_to_token: '50.00000000' },
		order_data: {
			email_address: 'investor@example.com',
			recipient_wallet_address: 'T' + '9'.repeat(33),
		},
	}),
	paymentButton: (statusCode = 1) => ({
		...widgetBase('payment_button', statusCode),
		description: 'Donation',
		unit_crypto_amount: '20.00000000',
		unit_fiat_amount: '10.00',
		order_data: { email_address: 'donor@example.com', phone_number: '', phone_number_code: '' },
	}),
};

/** A fresh address of the wallet, as Address → Create would give. */
function newAddress(wallet) {
	const address = S.randomAddress();
	wallet.addresses.set(address, {
		address,
		label: 'demo',
		createdAt: Date.now(),
		expiresAt: Date.now() + S.ADDRESS_LIFETIME_MS,
	});
	return address;
}

/** A v1 invoice of 10 USD (20 TCN) in the TCN wallet, for the samples; returns its invoice_id. */
function sampleInvoice(sim, reference) {
	const invoice = sim.createV1Invoice('sim_tcn_key', {
		amount: '10',
		fiat_currency: 'USD',
		custom_data1: reference,
	});
	return invoice.invoice_id;
}

/**
 * One sample callback per kind, recorded in the simulator so that verification finds it (POST
 * /__sim/fire, for trying a trigger by hand). A new callback kind adds its sample here.
 */
const samples = {
	deposit(sim) {
		const wallet = sim.wallet('sim_tcn_key');
		return sim.deposit(wallet.apiKey, newAddress(wallet), '0.25000000', S.REQUIRED_CONFIRMATIONS);
	},
	invoice(sim) {
		const wallet = sim.wallet('sim_tcn_key');
		const invoice = sim.createV1Invoice(wallet.apiKey, {
			amount: '10',
			fiat_currency: 'USD',
			custom_data1: 'order-1001',
		});
		return payInvoice(sim, invoice.invoice_id, invoice.total_amount[wallet.coinSymbol]);
	},
	// 10 USD is 20 TCN: paid 15, 25, or 20 after the invoice expired.
	invoiceUnderPaid: (sim) => payInvoice(sim, sampleInvoice(sim, 'order-1002'), '15'),
	invoiceOverPaid: (sim) => payInvoice(sim, sampleInvoice(sim, 'order-1003'), '25'),
	invoiceExpiredPaid(sim) {
		const invoiceId = sampleInvoice(sim, 'order-1004');
		invoices.expireInvoice(sim, invoiceId);
		return payInvoice(sim, invoiceId, '20');
	},
	pricing: () => widgetOrders.pricing(),
	presale: () => widgetOrders.presale(),
	paymentButton: () => widgetOrders.paymentButton(),
};

module.exports = {
	encodeCallback,
	fireCallback,
	flatten,
	invoiceNotification,
	legacyTransactionWebhook,
	payInvoice,
	samples,
	v1TransactionWebhook,
	widgetOrders,
};
