// The simulator answers with the shapes the real service answers with (service-facts.md), field
// by field: the same names, the same JSON types, the same nesting. Where it differs, it is wrong.
import { FormData, request } from 'undici';

import { callbacks } from '../../../simulator/server';
import { TCN, useSimulator, walletAddress } from '../../fixtures/simulator';
import * as recorded from '../../fixtures/recorded';
import { shapeOf } from '../../fixtures/recorded';

const ctx = useSimulator();

/** Maps keyed by currency (`total_amount`, `conversion_rate`...) are compared as objects, not by their keys. */
const MAPS = new Set(['total_amount', 'paid_amount', 'conversion_rate']);

function recordShape(record: Record<string, unknown>) {
	return Object.fromEntries(
		Object.entries(shapeOf(record) as Record<string, unknown>).map(([key, shape]) => [
			key,
			MAPS.has(key) ? 'map' : shape,
		]),
	);
}

async function v1(path: string, fields: Record<string, string> = {}) {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	const answer = await request(`${ctx.sim.url}${path}`, {
		method: 'POST',
		headers: { 'x-api-key': TCN.apiKey, 'x-api-password': TCN.apiPassword },
		body: form,
	});
	const body = (await answer.body.json()) as { success: boolean; data: unknown };
	expect(body.success).toBe(true);
	return body.data;
}

describe('simulator contract: v1 rates answer arrays', () => {
	it('fiat-to-crypto: [{ short_name, name, price }], every coin without `crypto`', async () => {
		const one = (await v1('/v1/rate/fiat-to-crypto', {
			fiat: 'USD',
			fiat_amount: '50',
			crypto: 'BTC',
		})) as unknown[];
		expect(one).toHaveLength(1);
		expect(shapeOf(one)).toEqual(shapeOf(recorded.v1FiatToCrypto));
		const every = (await v1('/v1/rate/fiat-to-crypto', {
			fiat: 'USD',
			fiat_amount: '50',
		})) as unknown[];
		expect(every.length).toBeGreaterThan(1);
		for (const element of every)
			expect(shapeOf(element)).toEqual(shapeOf(recorded.v1FiatToCrypto[0]));
	});

	it('crypto-to-fiat: [{ code, currency, amount }]', async () => {
		const answer = await v1('/v1/rate/crypto-to-fiat', {
			crypto: 'BTC',
			crypto_amount: '0.01',
			fiat: 'USD',
		});
		expect(shapeOf(answer)).toEqual(shapeOf(recorded.v1CryptoToFiat));
	});

	it('supported-currency: coins with fee levels', async () => {
		const answer = (await v1('/v1/rate/supported-currency')) as unknown[];
		for (const element of answer)
			expect(shapeOf(element)).toEqual(shapeOf(recorded.v1SupportedCurrencies[0]));
	});
});

describe('simulator contract: invoices', () => {
	it('the v1 invoice record (create, get, paid notification) has the recorded fields, merchant_id included, no address', async () => {
		const created = (await v1('/v1/invoice/create', {
			amount: '10',
			fiat_currency: 'USD',
		})) as Record<string, unknown>;
		const expected = recordShape(recorded.v1Invoice);
		// The recorded invoice has no expiry (empty strings); the simulator's expires, as by default.
		expected.expire_on_timestamp = 'number';
		expected.payment_history = 'array';
		expect(recordShape(created)).toEqual(expected);
		expect(created).not.toHaveProperty('address');
		expect(created.coin).toBe('Tcoin');
		expect(created.coin_symbol).toBe('TCN');

		const fetched = (await v1('/v1/invoice/get', {
			invoice_id: created.invoice_id as string,
		})) as Record<string, unknown>;
		expect(recordShape(fetched)).toEqual(expected);

		const notification = callbacks.payInvoice(
			ctx.sim,
			created.invoice_id as string,
			(created.total_amount as Record<string, string>).TCN,
		);
		expect(recordShape(notification)).toEqual({
			...expected,
			payment_history: shapeOf(recorded.v1Invoice.payment_history),
		});
	});

	it('the legacy invoice record differs as recorded: short coin name, an address, no coin_symbol', async () => {
		const form = new FormData();
		for (const [name, value] of Object.entries({
			api_key: 'sim_ltc_key',
			password: 'sim_ltc_password',
			amount: '10',
			currency: 'USD',
		}))
			form.append(name, value);
		const answer = await request(`${ctx.sim.url}/api/v2/LTC/create-invoice`, {
			method: 'POST',
			body: form,
		});
		const { data } = (await answer.body.json()) as { data: Record<string, unknown> };
		expect(recordShape(data)).toEqual(recordShape(recorded.legacyInvoice));
		expect(data.coin).toBe('LTC');
	});
});

describe('simulator contract: transaction webhooks', () => {
	it('the v1 deposit webhook is the v1 transaction record', () => {
		const address = 'T' + 'b'.repeat(33);
		walletAddress(ctx.sim, address, { label: 'l', lifetimeMs: 1000 });
		const tx = ctx.sim.deposit(TCN.apiKey, address, '0.5', 1);
		expect(shapeOf(callbacks.v1TransactionWebhook(ctx.sim, tx.id))).toEqual(
			shapeOf(recorded.v1Transaction),
		);
	});

	it('the legacy webhook has coin_short_name and merchant_id, no coin_symbol', () => {
		const wallet = ctx.sim.wallet('sim_ltc_key')!;
		const tx = ctx.sim.recordTransaction(wallet, {
			type: 'receive',
			address: 'M' + 'c'.repeat(33),
			amount: 50000000n,
			confirmations: 3,
		});
		expect(shapeOf(callbacks.legacyTransactionWebhook(ctx.sim, tx.id))).toEqual(
			shapeOf(recorded.legacyTransaction),
		);
	});
});
