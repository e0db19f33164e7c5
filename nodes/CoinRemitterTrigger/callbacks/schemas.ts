/**
 * One schema per callback the service sends, written once: the trigger parses and types
 * callbacks with them, and the editor's output schema is generated from them.
 */
export type FieldType =
	| 'string'
	| 'amount'
	| 'integer'
	| { object: Shape }
	| { array: Shape }
	| 'amountMap'
	| 'stringMap';

export type Shape = Record<string, FieldType>;

export type TriggerEvent = 'deposit' | 'withdrawal' | 'invoice' | 'widgetOrder';
export type CallbackInterface = 'v1' | 'legacy';

export interface CallbackSchema {
	kind: string;
	title: string;
	interface: CallbackInterface;
	/** Fields without which the payload is not this callback. */
	required: string[];
	fields: Shape;
}

const v1Transaction: Shape = {
	id: 'string',
	txid: 'string',
	explorer_url: 'string',
	type: 'string',
	status: 'string',
	status_code: 'integer',
	coin: 'string',
	coin_symbol: 'string',
	wallet_id: 'string',
	wallet_name: 'string',
	address: 'string',
	label: 'string',
	amount: 'amount',
	confirmations: 'integer',
	required_confirmations: 'integer',
	date: 'string',
	transaction_timestamp: 'integer',
};

const legacyTransaction: Shape = {
	id: 'string',
	txid: 'string',
	explorer_url: 'string',
	merchant_id: 'string',
	type: 'string',
	coin_short_name: 'string',
	wallet_id: 'string',
	wallet_name: 'string',
	address_label: 'string',
	address: 'string',
	amount: 'amount',
	confirmations: 'integer',
	date: 'string',
	transaction_fees: 'amount',
	processing_fees: 'amount',
	total_amount: 'amount',
};

const invoicePayment: Shape = {
	txid: 'string',
	explorer_url: 'string',
	amount: 'amount',
	date: 'string',
	confirmation: 'integer',
};

const invoice: Shape = {
	id: 'string',
	invoice_id: 'string',
	merchant_id: 'string',
	url: 'string',
	total_amount: 'amountMap',
	paid_amount: 'amountMap',
	usd_amount: 'amount',
	conversion_rate: 'amountMap',
	base_currency: 'string',
	fiat_currency: 'string',
	coin: 'string',
	coin_symbol: 'string',
	name: 'string',
	description: 'string',
	wallet_name: 'string',
	address: 'string',
	payment_history: { array: invoicePayment },
	status: 'string',
	status_code: 'integer',
	notify_url: 'string',
	success_url: 'string',
	suceess_url: 'string',
	fail_url: 'string',
	expire_on: 'string',
	expire_on_timestamp: 'integer',
	invoice_date: 'string',
	invoice_timestamp: 'integer',
	custom_data1: 'string',
	custom_data2: 'string',
	last_updated_date: 'string',
};

const widgetPayment: Shape = {
	txid: 'string',
	explorer_url: 'string',
	amount: 'amount',
	confirmation: 'integer',
	required_confirmations: 'integer',
	date: 'string',
	date_timestamp: 'integer',
};

const widgetOrder: Shape = {
	widget_id: 'string',
	widget_name: 'string',
	order_id: 'string',
	wallet_name: 'string',
	wallet_id: 'string',
	widget_type: 'string',
	coin: 'string',
	coin_symbol: 'string',
	crypto_amount: 'amount',
	fiat_amount: 'amount',
	usd_amount: 'amount',
	crypto_currency: 'string',
	fiat_currency: 'string',
	paid_crypto_amount: 'amount',
	paid_fiat_amount: 'amount',
	expire_on: 'string',
	expire_on_timestamp: 'integer',
	status_code: 'integer',
	status: 'string',
	payment_history: { array: widgetPayment },
	order_date: 'string',
	order_timestamp: 'integer',
};

export const SCHEMAS = {
	v1Transaction: {
		kind: 'v1Transaction',
		title: 'Deposit or withdrawal (v1 webhook)',
		interface: 'v1',
		required: ['id', 'type'],
		fields: v1Transaction,
	},
	legacyTransaction: {
		kind: 'legacyTransaction',
		title: 'Deposit or withdrawal (legacy webhook)',
		interface: 'legacy',
		required: ['id', 'type'],
		fields: legacyTransaction,
	},
	invoice: {
		kind: 'invoice',
		title: 'Invoice notification',
		interface: 'legacy',
		required: ['invoice_id'],
		fields: invoice,
	},
	pricingWidget: {
		kind: 'pricingWidget',
		title: 'Pricing widget order',
		interface: 'v1',
		required: ['order_id'],
		fields: {
			...widgetOrder,
			plan_name: 'string',
			unit_crypto_amount: 'amount',
			unit_fiat_amount: 'amount',
			order_data: { object: { email_address: 'string', phone_number: 'string', phone_number_code: 'string' } },
		},
	},
	presaleWidget: {
		kind: 'presaleWidget',
		title: 'Presale widget order',
		interface: 'v1',
		required: ['order_id'],
		fields: {
			...widgetOrder,
			round_name: 'string',
			order_token_amount: 'amount',
			bonus_token_amount: 'amount',
			total_token_amount: 'amount',
			token_symbol: 'string',
			token_name: 'string',
			conversion_rate: { object: { fiat_to_token: 'amount', crypto_to_token: 'amount' } },
			order_data: { object: { email_address: 'string', recipient_wallet_address: 'string' } },
		},
	},
	paymentButtonWidget: {
		kind: 'paymentButtonWidget',
		title: 'Payment button widget order',
		interface: 'v1',
		required: ['order_id'],
		fields: {
			...widgetOrder,
			description: 'string',
			unit_crypto_amount: 'amount',
			unit_fiat_amount: 'amount',
			order_data: { object: { email_address: 'string', phone_number: 'string', phone_number_code: 'string' } },
		},
	},
} satisfies Record<string, CallbackSchema>;

export type CallbackKind = keyof typeof SCHEMAS;

/** Status names of invoices and widget orders, by status_code. */
export const ORDER_STATUSES: Record<number, string> = {
	0: 'Pending',
	1: 'Paid',
	2: 'Under Paid',
	3: 'Over Paid',
	4: 'Expired',
	5: 'Cancelled',
};

type JsonSchema = { type: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; additionalProperties?: JsonSchema };

function fieldSchema(type: FieldType): JsonSchema {
	if (type === 'integer') return { type: 'number' };
	if (type === 'string' || type === 'amount') return { type: 'string' };
	if (type === 'amountMap' || type === 'stringMap') return { type: 'object', additionalProperties: { type: 'string' } };
	if ('object' in type) return shapeSchema(type.object);
	return { type: 'array', items: shapeSchema(type.array) };
}

function shapeSchema(shape: Shape): JsonSchema {
	return { type: 'object', properties: Object.fromEntries(Object.entries(shape).map(([name, type]) => [name, fieldSchema(type)])) };
}

/** The JSON schema of the trigger's items, for the editor to show fields before the first event. */
export function outputJsonSchema(): JsonSchema {
	const properties: Record<string, JsonSchema> = {
		event: { type: 'string' },
		interface: { type: 'string' },
		verified: { type: 'boolean' },
	};
	for (const schema of Object.values(SCHEMAS) as CallbackSchema[]) {
		Object.assign(properties, shapeSchema(schema.fields).properties);
	}
	return { type: 'object', properties };
}
