/**
 * Every callback the service sends, written once in zod (n8n provides zod to community nodes at
 * run time): the trigger types callbacks with these schemas, and the editor's output schema is
 * generated from them at build time (outputSchema.ts).
 * Field names and shapes follow what CoinRemitter's specification and its official clients record.
 */
import { z } from 'zod/v4';

import { isSignedDecimal, isWholeNumber } from '../shared/decimal';
import { parseJsonExact } from '../shared/json';

export type TriggerEvent = 'deposit' | 'withdrawal' | 'invoice' | 'widgetOrder';
export type CallbackInterface = 'v1' | 'legacy';

/** Nested values arrive as JSON text or already as objects (bracket notation, JSON bodies). */
function fromJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return parseJsonExact(value);
	} catch {
		return value;
	}
}

/** Text as sent; numbers and booleans written as text. */
const text = z.preprocess(
	(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
	z.string({ error: 'is not text' }),
);

/** An exact decimal string, never a float; the empty string is kept (the service sends it for "none"). */
const amount = z.preprocess(
	(value) =>
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value,
	z
		.string({ error: 'is not a decimal amount' })
		.refine((value) => value === '' || isSignedDecimal(value), 'is not a decimal amount'),
);

/** A whole number; sent as text in form bodies. Empty means "none" (e.g. an invoice without expiry). */
const integer = z.preprocess(
	(value) => {
		if (typeof value !== 'string') return value;
		const trimmed = value.trim();
		if (trimmed === '') return null;
		return isWholeNumber(trimmed) ? Number(trimmed) : value;
	},
	z.number({ error: 'is not a whole number' }).int('is not a whole number').nullable(),
);

/** `{ "BTC": "0.03", "USD": "10.62" }`; the service sends `[]` for an empty map. */
const amountMap = z.preprocess(
	(value) => {
		const parsed = fromJsonText(value);
		return Array.isArray(parsed) && parsed.length === 0 ? {} : parsed;
	},
	z.record(z.string(), amount.nullable(), { error: 'is not an object' }),
);

const object = <Shape extends z.ZodRawShape>(shape: Shape) =>
	z.preprocess(fromJsonText, z.looseObject(shape, { error: 'is not an object' }));

const list = <Shape extends z.ZodRawShape>(shape: Shape) =>
	z.preprocess(
		(value) => fromJsonText(value) ?? [],
		z.array(z.looseObject(shape, { error: 'is not an object' }), { error: 'is not a list' }),
	);

/** Every field may be missing or null in a callback; what is there must have its type. */
function fields<Shape extends Record<string, z.ZodType>>(shape: Shape) {
	return Object.fromEntries(
		Object.entries(shape).map(([name, type]) => [name, type.nullable().optional()]),
	) as {
		[Name in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[Name]>>;
	};
}

const v1TransactionFields = fields({
	id: text,
	txid: text,
	explorer_url: text,
	type: text,
	status: text,
	status_code: integer,
	coin: text,
	coin_symbol: text,
	wallet_id: text,
	wallet_name: text,
	merchant_id: text,
	address: text,
	label: text,
	amount,
	confirmations: integer,
	required_confirmations: integer,
	date: text,
	transaction_timestamp: integer,
});

const legacyTransactionFields = fields({
	id: text,
	txid: text,
	explorer_url: text,
	merchant_id: text,
	type: text,
	coin_short_name: text,
	wallet_id: text,
	wallet_name: text,
	address_label: text,
	address: text,
	amount,
	confirmations: integer,
	date: text,
	transaction_fees: amount,
	processing_fees: amount,
	total_amount: amount,
});

const invoiceCore = {
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
};

const v1InvoiceFields = fields({
	...invoiceCore,
	amount,
	coin_symbol: text,
	wallet_id: text,
	payment_history: list(
		fields({
			txid: text,
			explorer_url: text,
			amount,
			date: text,
			confirmation: integer,
			required_confirmations: integer,
		}),
	),
	expire_on_timestamp: integer,
	invoice_timestamp: integer,
	delete_after: text,
	delete_after_timestamp: integer,
});

const legacyInvoiceFields = fields({
	...invoiceCore,
	base_currency: text,
	address: text,
	payment_history: list(
		fields({ txid: text, explorer_url: text, amount, date: text, confirmation: integer }),
	),
	suceess_url: text,
	last_updated_date: text,
});

const widgetOrderFields = {
	widget_id: text,
	widget_name: text,
	order_id: text,
	wallet_name: text,
	wallet_id: text,
	widget_type: text,
	coin: text,
	coin_symbol: text,
	crypto_amount: amount,
	fiat_amount: amount,
	usd_amount: amount,
	crypto_currency: text,
	fiat_currency: text,
	paid_crypto_amount: amount,
	paid_fiat_amount: amount,
	expire_on: text,
	expire_on_timestamp: integer,
	status_code: integer,
	status: text,
	payment_history: list(
		fields({
			txid: text,
			explorer_url: text,
			amount,
			confirmation: integer,
			required_confirmations: integer,
			date: text,
			date_timestamp: integer,
		}),
	),
	order_date: text,
	order_timestamp: integer,
};

const contactData = object(
	fields({ email_address: text, phone_number: text, phone_number_code: text }),
);

export interface CallbackSchema {
	kind: string;
	title: string;
	interface: CallbackInterface;
	event?: TriggerEvent;
	/** Fields without which the payload is not this callback. */
	required: string[];
	schema: z.ZodType<Record<string, unknown>>;
}

const callback = <Shape extends z.ZodRawShape>(
	definition: Omit<CallbackSchema, 'schema'> & { fields: Shape },
) => ({
	...definition,
	schema: z.looseObject(definition.fields),
});

export const SCHEMAS = {
	v1Transaction: callback({
		kind: 'v1Transaction',
		title: 'Deposit or withdrawal (v1 webhook)',
		interface: 'v1',
		required: ['id', 'type', 'txid', 'address', 'amount', 'coin_symbol'],
		fields: v1TransactionFields,
	}),
	legacyTransaction: callback({
		kind: 'legacyTransaction',
		title: 'Deposit or withdrawal (legacy webhook)',
		interface: 'legacy',
		required: ['id', 'type', 'txid', 'address', 'amount', 'coin_short_name'],
		fields: legacyTransactionFields,
	}),
	v1Invoice: callback({
		kind: 'v1Invoice',
		title: 'Invoice notification (v1)',
		interface: 'v1',
		event: 'invoice',
		required: ['invoice_id', 'coin_symbol', 'status_code'],
		fields: v1InvoiceFields,
	}),
	legacyInvoice: callback({
		kind: 'legacyInvoice',
		title: 'Invoice notification (legacy)',
		interface: 'legacy',
		event: 'invoice',
		required: ['invoice_id', 'coin', 'status_code'],
		fields: legacyInvoiceFields,
	}),
	pricingWidget: callback({
		kind: 'pricingWidget',
		title: 'Pricing widget order',
		interface: 'v1',
		event: 'widgetOrder',
		required: ['order_id'],
		fields: fields({
			...widgetOrderFields,
			plan_name: text,
			unit_crypto_amount: amount,
			unit_fiat_amount: amount,
			order_data: contactData,
		}),
	}),
	presaleWidget: callback({
		kind: 'presaleWidget',
		title: 'Presale widget order',
		interface: 'v1',
		event: 'widgetOrder',
		required: ['order_id'],
		fields: fields({
			...widgetOrderFields,
			round_name: text,
			order_token_amount: amount,
			bonus_token_amount: amount,
			total_token_amount: amount,
			token_symbol: text,
			token_name: text,
			conversion_rate: object(fields({ fiat_to_token: amount, crypto_to_token: amount })),
			order_data: object(fields({ email_address: text, recipient_wallet_address: text })),
		}),
	}),
	paymentButtonWidget: callback({
		kind: 'paymentButtonWidget',
		title: 'Payment button widget order',
		interface: 'v1',
		event: 'widgetOrder',
		required: ['order_id'],
		fields: fields({
			...widgetOrderFields,
			description: text,
			unit_crypto_amount: amount,
			unit_fiat_amount: amount,
			order_data: contactData,
		}),
	}),
} satisfies Record<string, CallbackSchema>;

export type CallbackKind = keyof typeof SCHEMAS;

/** A zod issue in the words the sender gets back: `The field "payment_history[0].confirmation" is not a whole number`. */
export function describeIssue(issue: z.core.$ZodIssue): string {
	const path = issue.path.reduce<string>(
		(text, segment) =>
			typeof segment === 'number'
				? `${text}[${segment}]`
				: text
					? `${text}.${String(segment)}`
					: String(segment),
		'',
	);
	return `The field "${path}" ${issue.message}`;
}
