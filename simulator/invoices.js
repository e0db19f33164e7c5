'use strict';
// What happens to an invoice of the simulator after it is created: payments (exact, under, over,
// after expiry) and expiry. The spec states the statuses; what it leaves open is marked below.
const crypto = require('node:crypto');
const { fromUnits, toUnits } = require('./decimal');
const S = require('./state');

const STATUSES = ['Pending', 'Paid', 'Under Paid', 'Over Paid', 'Expired', 'Cancelled'];
const PENDING = 0;
const UNDER_PAID = 2;
const EXPIRED = 4;
const CANCELLED = 5;

function invoiceOf(sim, invoiceId) {
	const invoice = sim.state.invoices.get(invoiceId);
	if (!invoice) throw new Error(`no invoice ${invoiceId} in the simulator`);
	return invoice;
}

/** The coin the invoice is paid in: v1 records say coin_symbol, legacy ones the symbol in coin. */
const coinOf = (invoice) => invoice.coin_symbol ?? invoice.coin;

/** When the invoice expires (ms), from its `expire_on` (UTC "YYYY-MM-DD HH:MM:SS"); none when empty. */
function expiryOf(invoice) {
	if (!invoice.expire_on) return undefined;
	return Date.parse(`${invoice.expire_on.replace(' ', 'T')}Z`);
}

function setStatus(invoice, code) {
	invoice.status_code = code;
	invoice.status = STATUSES[code];
}

/**
 * `paid_amount` in every currency of `total_amount`: the coin as received, the others at the
 * invoice's own conversion (paid × total / coin total, rounded down), so that paying the coin
 * total pays every total exactly. How the service converts what was paid: not shown by the spec.
 */
function paidInEveryCurrency(invoice, coin, paidUnits) {
	const totalCoin = toUnits(invoice.total_amount[coin]);
	return Object.fromEntries(
		Object.entries(invoice.total_amount).map(([currency, total]) => [
			currency,
			fromUnits(currency === coin ? paidUnits : (paidUnits * toUnits(total)) / totalCoin),
		]),
	);
}

/**
 * The status after a payment: Paid, Under Paid or Over Paid by the coin's totals; a payment after
 * the expiry time leaves the invoice Expired, with what was paid (the "Expired with
 * paid_amount"); a cancelled invoice stays cancelled.
 */
function statusAfterPayment(invoice, paidUnits, now) {
	if (invoice.status_code === CANCELLED) return CANCELLED;
	const expiry = expiryOf(invoice);
	if (invoice.status_code === EXPIRED || (expiry !== undefined && now >= expiry)) return EXPIRED;
	const total = toUnits(invoice.total_amount[coinOf(invoice)]);
	return paidUnits === total ? 1 : paidUnits < total ? UNDER_PAID : 3;
}

/**
 * Records a payment of `amount` (in the invoice's coin) on an invoice of the simulator: under,
 * exact, over, or after expiry. Returns the record (the notification's body is the same shape).
 */
function payInvoice(sim, invoiceId, amount, { confirmations = 3, now = Date.now() } = {}) {
	const invoice = invoiceOf(sim, invoiceId);
	const units = toUnits(String(amount));
	if (units === undefined || units <= 0n)
		throw new Error(`a payment takes an amount above 0 with at most 8 decimals, not ${amount}`);
	const coin = coinOf(invoice);
	const before = Array.isArray(invoice.paid_amount) ? '0' : (invoice.paid_amount[coin] ?? '0');
	const paidUnits = toUnits(before) + units;
	invoice.paid_amount = paidInEveryCurrency(invoice, coin, paidUnits);
	invoice.payment_history.push({
		txid: crypto.randomBytes(32).toString('hex'),
		explorer_url: 'https://explorer.sim.local/tx/paid',
		amount: fromUnits(units),
		date: S.utcDate(now),
		confirmation: confirmations,
		// v1 records say how many confirmations the payment needs; legacy ones do not.
		...(invoice.coin_symbol ? { required_confirmations: S.REQUIRED_CONFIRMATIONS } : {}),
	});
	setStatus(invoice, statusAfterPayment(invoice, paidUnits, now));
	if ('last_updated_date' in invoice) invoice.last_updated_date = S.utcDate(now);
	return invoice;
}

/**
 * The invoice's expiry time passes now: a Pending or Under Paid invoice becomes Expired ("payment
 * not completed before the expiry time"); Paid, Over Paid and Cancelled ones keep their status.
 * Whether the service notifies on expiry: not shown (the spec names notifications on payments).
 */
function expireInvoice(sim, invoiceId, { now = Date.now() } = {}) {
	const invoice = invoiceOf(sim, invoiceId);
	invoice.expire_on = S.utcDate(now);
	if ('expire_on_timestamp' in invoice) invoice.expire_on_timestamp = now;
	if (invoice.status_code === PENDING || invoice.status_code === UNDER_PAID)
		setStatus(invoice, EXPIRED);
	return invoice;
}

module.exports = { STATUSES, expireInvoice, payInvoice };
