import { checkWidgetSecret } from '../widgetSecret';
import { amount, callbackSchema, fields, integer, list, object, text } from '../schemas';
import { defineCallback, statusNotSelected } from './callback';

const orderFields = {
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

const pricing = callbackSchema({
	kind: 'pricingWidget',
	title: 'Pricing widget order',
	interface: 'v1',
	required: ['order_id'],
	fields: fields({
		...orderFields,
		plan_name: text,
		unit_crypto_amount: amount,
		unit_fiat_amount: amount,
		order_data: contactData,
	}),
});

const presale = callbackSchema({
	kind: 'presaleWidget',
	title: 'Presale widget order',
	interface: 'v1',
	required: ['order_id'],
	fields: fields({
		...orderFields,
		round_name: text,
		order_token_amount: amount,
		bonus_token_amount: amount,
		total_token_amount: amount,
		token_symbol: text,
		token_name: text,
		conversion_rate: object(fields({ fiat_to_token: amount, crypto_to_token: amount })),
		order_data: object(fields({ email_address: text, recipient_wallet_address: text })),
	}),
});

const paymentButton = callbackSchema({
	kind: 'paymentButtonWidget',
	title: 'Payment button widget order',
	interface: 'v1',
	required: ['order_id'],
	fields: fields({
		...orderFields,
		description: text,
		unit_crypto_amount: amount,
		unit_fiat_amount: amount,
		order_data: contactData,
	}),
});

/** An order of a pricing, presale or payment button widget (the widget's callback URL). */
export const widgetOrderCallback = defineCallback({
	name: 'widgetOrder',
	events: [
		{
			name: 'Widget Order',
			value: 'widgetOrder',
			description: 'An order of a pricing, presale or payment button widget',
		},
	],
	schemas: [pricing, presale, paymentButton],
	recognise(body) {
		const type = typeof body.widget_type === 'string' ? body.widget_type.toLowerCase() : undefined;
		if (type === undefined && body.widget_id === undefined) return undefined;
		const schema = type === 'pricing' ? pricing : type === 'presale' ? presale : paymentButton;
		return { schema, event: 'widgetOrder' };
	},
	// The API has no read for widget orders: a secret in the callback URL is all that can be checked.
	unverifiable: async (context, options) => await checkWidgetSecret(context, options.widgetSecret),
	skip: statusNotSelected,
	deliveryKey(item) {
		const payments = Array.isArray(item.payment_history) ? item.payment_history.length : 0;
		return `widget:${String(item.widget_id)}:${String(item.order_id)}:${String(item.status_code)}:${payments}`;
	},
});
