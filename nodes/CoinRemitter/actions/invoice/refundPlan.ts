// Invoice → Refund: what an invoice received and may still be refunded, read from CoinRemitter's
// record (never the item), and the checks made before anything is reserved or sent.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	addDecimals,
	canonicalDecimal,
	compareDecimals,
	isPlainDecimal,
} from '../../../shared/decimal';
import { balanceOfRecord, isPositive } from '../../../shared/invoiceBalance';
import { isPlainObject } from '../../../shared/json';
import { endpoint as VALIDATE } from '../address/validate.operation';
import type { ItemContext } from '../operation';
import { walletOfRun } from '../wallet/walletOfRun';
import { endpoint as getEndpoint } from './get.operation';

export const WHAT_TO_REFUND = ['excess', 'everything', 'amount'] as const;
export type WhatToRefund = (typeof WHAT_TO_REFUND)[number];

/** Paid, Under Paid, Over Paid, Expired: the statuses that can have received something. */
const REFUNDABLE_STATUSES = [1, 2, 3, 4];

/** The invoice as a refund sees it: its id, status and coin, what it received and its excess. */
export interface RefundableInvoice {
	invoiceId: string;
	status: string;
	coin: string;
	/** What it received in its coin (paid_amount), exact. */
	received: string;
	/** What it received beyond its amount in its coin. */
	excess: string;
}

/** A refusal naming the field and why; nothing was reserved or sent. */
export function refundRefusal(item: ItemContext, field: string, reason: string) {
	return new NodeOperationError(item.field.node, `${field}: ${reason}`, {
		itemIndex: item.itemIndex,
		description:
			'Nothing was sent for this item and nothing was counted as refunded. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#under-and-over-payments">More</a>',
	});
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the record says the invoice received in `coin`: a plain decimal, "0" when nothing. */
function receivedIn(record: IDataObject, coin: string): string {
	const paid = record.paid_amount;
	const amount = isPlainObject(paid) ? text(paid[coin]) : '';
	return isPlainDecimal(amount) ? canonicalDecimal(amount) : '0';
}

/**
 * Reads the invoice and the wallet from CoinRemitter and refuses (nothing reserved or sent) an
 * invoice of another wallet, one that received nothing, or one of a status that cannot have.
 */
export async function readRefundable(
	this: IExecuteFunctions,
	item: ItemContext,
	invoiceId: string,
): Promise<RefundableInvoice> {
	const record = await item.read(getEndpoint, { invoice_id: invoiceId });
	if (!isPlainObject(record))
		throw refundRefusal(item, 'Invoice ID', `invoice ${invoiceId} was not found as one record`);
	const wallet = await walletOfRun(this, item);
	const ours = (field: string) =>
		text(record[field]) !== '' && text(record[field]) === text(wallet[field]);
	const sameWallet = text(record.wallet_id) !== '' ? ours('wallet_id') : ours('wallet_name');
	if (!sameWallet || text(record.coin_symbol) !== text(wallet.coin_symbol))
		throw refundRefusal(
			item,
			'Invoice ID',
			`invoice ${invoiceId} is not an invoice of this wallet (${text(wallet.wallet_name)}, ${text(wallet.coin_symbol)})`,
		);
	const coin = text(record.coin_symbol);
	const status = text(record.status) || `status ${String(record.status_code)}`;
	const received = receivedIn(record, coin);
	if (!REFUNDABLE_STATUSES.includes(Number(record.status_code)))
		throw refundRefusal(
			item,
			'Invoice ID',
			`invoice ${invoiceId} is ${status}: only a Paid, Under Paid, Over Paid or Expired invoice that received coins can be refunded`,
		);
	if (!isPositive(received))
		throw refundRefusal(
			item,
			'Invoice ID',
			`invoice ${invoiceId} (${status}) received nothing in ${coin}`,
		);
	const excess = balanceOfRecord(record).overpaid[coin] ?? '0';
	return { invoiceId: text(record.invoice_id) || invoiceId, status, coin, received, excess };
}

/** Asks CoinRemitter whether the address is one of the wallet's coin; refuses it otherwise. */
export async function requireValidAddress(item: ItemContext, address: string): Promise<void> {
	const answer = (await item.read(VALIDATE, { address })) as IDataObject;
	if (answer?.valid !== true && answer?.status !== true)
		throw refundRefusal(
			item,
			'Address',
			`CoinRemitter says ${address} is not a valid address of this wallet's coin`,
		);
}

const atLeastZero = (amount: string) => (compareDecimals(amount, '0') > 0 ? amount : '0');

/**
 * What this refund sends, given what was refunded of the invoice before: the excess not yet
 * refunded, everything not yet refunded, or `asked` if that much is left ("0": nothing left).
 * Refuses an excess on an invoice paid no more than its amount, and an amount above what is left.
 */
export function refundAmount(
	item: ItemContext,
	invoice: RefundableInvoice,
	what: WhatToRefund,
	asked: string,
	refundedBefore: string,
): string {
	const left = atLeastZero(addDecimals(invoice.received, refundedBefore, -1));
	if (what === 'everything') return canonicalDecimal(left);
	if (what === 'excess') {
		if (!isPositive(invoice.excess))
			throw refundRefusal(
				item,
				'What to Refund',
				`invoice ${invoice.invoiceId} (${invoice.status}) was not paid beyond its amount, so it has no excess to refund`,
			);
		return canonicalDecimal(atLeastZero(addDecimals(invoice.excess, refundedBefore, -1)));
	}
	if (compareDecimals(asked, left) > 0)
		throw refundRefusal(
			item,
			'Amount',
			`${asked} ${invoice.coin} is more than the ${canonicalDecimal(left)} ${invoice.coin} left to refund of invoice ${invoice.invoiceId} (it received ${invoice.received}, ${canonicalDecimal(refundedBefore)} refunded before)`,
		);
	return canonicalDecimal(asked);
}

/** What the person asked about a refund is told before the payout's own question. */
export const refundQuestion = (invoice: RefundableInvoice, refundedBefore: string) =>
	`Refund of invoice ${invoice.invoiceId} (${invoice.status}): it received ${invoice.received} ${invoice.coin}, ${invoice.excess} ${invoice.coin} of it beyond its amount; ${canonicalDecimal(refundedBefore)} ${invoice.coin} refunded before.`;
