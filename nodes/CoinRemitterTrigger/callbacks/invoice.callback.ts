import type { z } from 'zod/v4';

import { invoiceKey } from '../../shared/deliveryKey';
import { balanceOfRecord } from '../../shared/invoiceBalance';
import { amount, amountMap, callbackSchema, fields, integer, list, text } from '../schemas';
import type { CallbackInterface } from '../schemas';
import { defineCallback, statusNotSelected } from './callback';

const core = {
	id: text,
	invoice_id: text,
	merchant_id: text,
	url: text,
	total_amount: amountMap,
	paid_amount: amountMap,
	usd_amount: amount,
	conversion_rate: amountMap,
	fiat_currency: text,
	coin: text,
	name: text,
	description: text,
	wallet_name: text,
	status: text,
	status_code: integer,
	notify_url: text,
	success_url: text,
	fail_url: text,
	expire_on: text,
	invoice_date: text,
	custom_data1: text,
	custom_data2: text,
	// Not the service's: what the trigger computes from total_amount and paid_amount (derive).
	owed: amountMap,
	overpaid: amountMap,
};

/** An invoice notification of `api`: the fields both interfaces carry, then its own. */
const invoiceSchema = (
	api: CallbackInterface,
	coinField: string,
	own: Record<string, z.ZodType>,
	paymentFields: Record<string, z.ZodType>,
) =>
	callbackSchema({
		kind: `${api}Invoice`,
		title: `Invoice notification (${api})`,
		interface: api,
		required: ['invoice_id', coinField, 'status_code'],
		fields: fields({
			...core,
			...own,
			payment_history: list(
				fields({
					txid: text,
					explorer_url: text,
					amount,
					date: text,
					confirmation: integer,
					...paymentFields,
				}),
			),
		}),
	});

const v1 = invoiceSchema(
	'v1',
	'coin_symbol',
	{
		amount,
		coin_symbol: text,
		wallet_id: text,
		expire_on_timestamp: integer,
		invoice_timestamp: integer,
		delete_after: text,
		delete_after_timestamp: integer,
	},
	{ required_confirmations: integer },
);

const legacy = invoiceSchema(
	'legacy',
	'coin',
	{ base_currency: text, address: text, suceess_url: text, last_updated_date: text },
	{},
);

/** An invoice's notification (its Notify URL): the invoice record as Invoice → Get returns it. */
export const invoiceCallback = defineCallback({
	name: 'invoice',
	events: [
		{
			name: 'Invoice',
			value: 'invoice',
			description: 'A payment or status change of an invoice',
		},
	],
	schemas: [v1, legacy],
	recognise(body) {
		if (body.invoice_id === undefined) return undefined;
		// Both carry merchant_id; only v1 records carry coin_symbol.
		return { schema: body.coin_symbol !== undefined ? v1 : legacy, event: 'invoice' };
	},
	// Amounts are not compared: what was paid changes while the invoice lives; the record says.
	lookup: {
		read: (callback) => ({
			endpoint: { v1: '/v1/invoice/get', legacy: 'get-invoice' },
			fields: { invoice_id: String(callback.invoice_id) },
		}),
		mustMatch: ['type', 'address'],
	},
	// What is still owed and what was paid beyond the amount, per currency, from the record's maps.
	derive: (record) => ({ ...balanceOfRecord(record) }),
	skip: statusNotSelected,
	deliveryKey: (item) => invoiceKey(item.interface as CallbackInterface, item),
});
