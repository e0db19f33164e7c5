import type { IDataObject } from 'n8n-workflow';

import { readFields } from '../../../nodes/CoinRemitterTrigger/parse';
import { callbacks } from '../../../simulator/server';
import { LTC, TCN, useSimulator, walletAddress } from '../../fixtures/simulator';
import { callWebhook, encode } from '../../helpers/webhook';

const ctx = useSimulator();

const ENCODINGS = [
	['multipart', 'json'],
	['multipart', 'brackets'],
	['urlencoded', 'brackets'],
	['urlencoded', 'json'],
	['json', 'json'],
] as const;

function newAddress(apiKey: string, label = 'shop1') {
	const address =
		'T' +
		Math.random()
			.toString(36)
			.slice(2)
			.padEnd(33, 'x')
			.slice(0, 33)
			.replace(/[0lIO]/g, 'x');
	walletAddress(ctx.sim, address, { apiKey, label, lifetimeMs: 1000 });
	return address;
}

describe.each(ENCODINGS)('callbacks in %s with nested fields as %s', (encoding, nested) => {
	const deliver = async (payload: object) => await callWebhook(encode(payload, encoding, nested));

	it('a v1 deposit becomes a typed deposit item', async () => {
		const tx = ctx.sim.deposit(TCN.apiKey, newAddress(TCN.apiKey), '0.12345678', 2);
		const result = await deliver(callbacks.v1TransactionWebhook(ctx.sim, tx.id));
		expect(result.status).toBe(200);
		expect(result.body).toEqual({ received: true });
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toEqual({
			...tx,
			event: 'deposit',
			interface: 'v1',
			verified: false,
			verification: expect.stringMatching(
				/^NOT verified: the trigger has no CoinRemitter V1 API credential/,
			),
			deliveryKey: `v1:tx:${tx.id}:pending`,
			amount: '0.12345678',
			confirmations: 2,
			required_confirmations: 3,
			status_code: 0,
			transaction_timestamp: tx.transaction_timestamp,
		});
	});

	it('a legacy withdrawal becomes a typed withdrawal item', async () => {
		const wallet = ctx.sim.wallet(LTC.apiKey)!;
		const tx = ctx.sim.recordTransaction(wallet, {
			type: 'send',
			address: 'T' + '5'.repeat(33),
			amount: 150000000n,
			confirmations: 4,
		});
		const result = await deliver(callbacks.legacyTransactionWebhook(ctx.sim, tx.id));
		expect(result.items[0]).toMatchObject({
			event: 'withdrawal',
			interface: 'legacy',
			id: tx.id,
			type: 'send',
			coin_short_name: 'LTC',
			merchant_id: 'sim-merchant-1',
			amount: '1.50000000',
			confirmations: 4,
		});
		expect(typeof result.items[0].confirmations).toBe('number');
	});

	it('an invoice notification keeps amount maps and the payment history typed', async () => {
		const invoice = createLegacyInvoice();
		const payload = callbacks.payInvoice(ctx.sim, invoice, '10.00000000');
		const [item] = (await deliver(payload)).items;
		expect(item).toMatchObject({
			event: 'invoice',
			interface: 'legacy',
			invoice_id: invoice,
			status: 'Under Paid',
			status_code: 2,
			paid_amount: { TCN: '10.00000000' },
			total_amount: { TCN: '20.00000000', USD: '10.00000000' },
		});
		expect(item.payment_history).toEqual([
			expect.objectContaining({ amount: '10.00000000', confirmation: 3 }),
		]);
	});

	it.each([
		[
			'pricing',
			{
				plan_name: 'Gold',
				order_data: {
					email_address: 'buyer@example.com',
					phone_number: '5550100',
					phone_number_code: '+1',
				},
			},
		],
		[
			'presale',
			{
				round_name: 'Round 1',
				conversion_rate: { fiat_to_token: '100.00000000', crypto_to_token: '50.00000000' },
			},
		],
		['paymentButton', { description: 'Donation', widget_type: 'payment_button' }],
	] as const)('a %s widget order is typed', async (kind, expected) => {
		const payload = callbacks.widgetOrders[kind]();
		const [item] = (await deliver(payload)).items;
		expect(item).toMatchObject({
			event: 'widgetOrder',
			interface: 'v1',
			status_code: 1,
			paid_crypto_amount: '20.00000000',
			...expected,
		});
		expect(item.order_timestamp).toBe(Number(payload.order_timestamp));
		expect(item.payment_history).toEqual([
			expect.objectContaining({
				amount: '20.00000000',
				confirmation: 3,
				required_confirmations: 3,
				date_timestamp: Number(payload.order_timestamp),
			}),
		]);
	});
});

function createLegacyInvoice(): string {
	const invoiceId = `TCN${String(ctx.sim.state.invoices.size + 1).padStart(4, '0')}`;
	ctx.sim.state.invoices.set(invoiceId, {
		id: 'inv-1',
		invoice_id: invoiceId,
		walletKey: TCN.apiKey,
		merchant_id: 'sim-merchant-1',
		url: 'https://sim.coinremitter.local/invoice',
		total_amount: { TCN: '20.00000000', USD: '10.00000000' },
		paid_amount: [],
		usd_amount: '10.00000000',
		conversion_rate: { USD_TCN: '2.00000000', TCN_USD: '0.50000000' },
		base_currency: 'USD',
		coin: 'TCN',
		name: 'Order',
		description: '',
		wallet_name: 'tcn-wallet',
		address: 'T' + '6'.repeat(33),
		payment_history: [],
		status: 'Pending',
		status_code: 0,
		notify_url: '',
		successUrl: '',
		fail_url: '',
		expire_on: '2030-01-01 00:00:00',
		invoice_date: '2026-01-01 00:00:00',
		custom_data1: '',
		custom_data2: '',
		last_updated_date: '2026-01-01 00:00:00',
	} as IDataObject);
	return invoiceId;
}

export { createLegacyInvoice };

describe('identifiers are short', () => {
	it('refuses an id, a txid or an address longer than 256 characters with a 400 naming the field', () => {
		for (const name of ['id', 'txid', 'address', 'invoice_id', 'order_id'])
			expect(() => readFields({ [name]: 'a'.repeat(257), type: 'receive' })).toThrow(
				expect.objectContaining({ status: 400, message: `The field "${name}" is too long` }),
			);
		expect(readFields({ id: 'a'.repeat(256) })).toEqual({ id: 'a'.repeat(256) });
	});
});
