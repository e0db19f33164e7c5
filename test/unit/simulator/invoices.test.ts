// Payments on the simulator's invoices: under, exact, over and after expiry, on v1 and legacy
// records, in process and through the control routes an end-to-end test uses.
import { callbacks } from '../../../simulator/server';
import { LTC, TCN, useSimulator } from '../../fixtures/simulator';

const ctx = useSimulator();

type Invoice = Record<string, unknown> & {
	invoice_id: string;
	total_amount: Record<string, string>;
	paid_amount: Record<string, string> | [];
};

/** A v1 invoice of 10 USD in the TCN wallet: 20 TCN at the simulator's rate. */
const v1Invoice = (fields: Record<string, string> = {}) =>
	ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD', ...fields }) as Invoice;

/** A legacy (v2) invoice of 40 USD in the LTC wallet: 0.5 LTC. */
const legacyInvoice = () =>
	ctx.sim.createLegacyInvoice(LTC.apiKey, { amount: '40', currency: 'USD' }) as Invoice;

const pay = (invoice: Invoice, amount: string) =>
	callbacks.payInvoice(ctx.sim, invoice.invoice_id, amount) as Invoice;

async function control(path: string, body: object) {
	const answer = await fetch(`${ctx.sim.url}${path}`, {
		method: 'POST',
		body: JSON.stringify(body),
	});
	return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('simulator invoices: nothing paid', () => {
	it('writes paid_amount as an empty list on v1 and legacy, as the service does', () => {
		expect(v1Invoice().paid_amount).toEqual([]);
		expect(legacyInvoice().paid_amount).toEqual([]);
	});
});

describe('simulator invoices: v1 payments', () => {
	it('under: Under Paid, paid_amount in the coin and at the invoice rate in USD', () => {
		const paid = pay(v1Invoice(), '15');
		expect(paid).toMatchObject({
			status: 'Under Paid',
			status_code: 2,
			total_amount: { TCN: '20.00000000', USD: '10.00000000' },
			paid_amount: { TCN: '15.00000000', USD: '7.50000000' },
		});
		expect(paid.payment_history).toEqual([
			expect.objectContaining({ amount: '15.00000000', required_confirmations: 3 }),
		]);
	});

	it('two payments adding up exactly: Paid, every currency equal to its total', () => {
		const invoice = v1Invoice({ amount: '9', fiat_currency: 'EUR' }); // 10 USD, 20 TCN
		expect(invoice.total_amount).toEqual({
			TCN: '20.00000000',
			USD: '10.00000000',
			EUR: '9.00000000',
		});
		pay(invoice, '1.23456789');
		const paid = pay(invoice, '18.76543211');
		expect(paid.status).toBe('Paid');
		expect(paid.paid_amount).toEqual(invoice.total_amount);
		expect(paid.payment_history).toHaveLength(2);
	});

	it('over: Over Paid', () => {
		expect(pay(v1Invoice(), '25')).toMatchObject({
			status: 'Over Paid',
			status_code: 3,
			paid_amount: { TCN: '25.00000000', USD: '12.50000000' },
		});
	});

	it('after expiry: the invoice expires unpaid, a later payment leaves it Expired with paid_amount', () => {
		const invoice = v1Invoice();
		const expired = ctx.sim.expireInvoice(invoice.invoice_id);
		expect(expired).toMatchObject({ status: 'Expired', status_code: 4, paid_amount: [] });
		expect(expired.expire_on_timestamp).toBeLessThanOrEqual(Date.now());
		expect(pay(invoice, '20')).toMatchObject({
			status: 'Expired',
			status_code: 4,
			paid_amount: { TCN: '20.00000000', USD: '10.00000000' },
		});
	});

	it('a payment after the expiry time expires it even without expireInvoice', () => {
		const invoice = v1Invoice({ expiry_time_in_minutes: '1' });
		const later = Date.now() + 2 * 60_000;
		const paid = callbacks.payInvoice(ctx.sim, invoice.invoice_id, '5', { now: later });
		expect(paid).toMatchObject({ status_code: 4, paid_amount: { TCN: '5.00000000' } });
	});

	it('an Under Paid invoice expires; a Paid one keeps its status', () => {
		const under = v1Invoice();
		pay(under, '5');
		expect(ctx.sim.expireInvoice(under.invoice_id)).toMatchObject({ status_code: 4 });
		const full = v1Invoice();
		pay(full, '20');
		expect(ctx.sim.expireInvoice(full.invoice_id)).toMatchObject({ status_code: 1 });
	});

	it('refuses a payment of nothing or with more than 8 decimals', () => {
		const invoice = v1Invoice();
		expect(() => pay(invoice, '0')).toThrow(/above 0/);
		expect(() => pay(invoice, '0.000000001')).toThrow(/8 decimals/);
		expect(() => callbacks.payInvoice(ctx.sim, 'NOPE', '1')).toThrow(/no invoice NOPE/);
	});
});

describe('simulator invoices: legacy payments', () => {
	it('under, over and late on the legacy record: coin is the symbol, no required_confirmations', () => {
		const under = pay(legacyInvoice(), '0.4');
		expect(under).toMatchObject({
			status_code: 2,
			coin: 'LTC',
			paid_amount: { LTC: '0.40000000', USD: '32.00000000' },
		});
		expect(under).not.toHaveProperty('coin_symbol');
		expect(under.payment_history).toEqual([
			expect.not.objectContaining({ required_confirmations: expect.anything() }),
		]);
		expect(pay(legacyInvoice(), '0.6')).toMatchObject({ status_code: 3 });
		const late = legacyInvoice();
		ctx.sim.expireInvoice(late.invoice_id);
		expect(pay(late, '0.5')).toMatchObject({ status_code: 4, paid_amount: { LTC: '0.50000000' } });
	});

	it('v2 spells suceess_url in the notification as in get-invoice', () => {
		const invoice = ctx.sim.createLegacyInvoice(LTC.apiKey, {
			amount: '40',
			suceess_url: 'https://shop.example/ok',
		}) as Invoice;
		expect(pay(invoice, '0.1')).toMatchObject({ suceess_url: 'https://shop.example/ok' });
	});
});

describe('simulator invoices: control routes', () => {
	it('POST /__sim/invoice/pay pays and notifies the url given', async () => {
		const invoice = v1Invoice();
		const { status, body } = await control('/__sim/invoice/pay', {
			invoiceId: invoice.invoice_id,
			amount: '15',
			url: `${ctx.sim.url}/__sim/sink`,
			encoding: 'json',
		});
		expect(status).toBe(200);
		expect(body.notification).toMatchObject({ status_code: 2 });
		expect(body.answer).toMatchObject({ status: 200 });
		expect(ctx.sim.sink).toEqual([expect.objectContaining({ invoice_id: invoice.invoice_id })]);
	});

	it('POST /__sim/invoice/pay notifies the invoice notify_url when no url is given', async () => {
		const invoice = v1Invoice({ notify_url: `${ctx.sim.url}/__sim/sink` });
		const { body } = await control('/__sim/invoice/pay', {
			invoiceId: invoice.invoice_id,
			amount: '25',
			encoding: 'json',
		});
		expect(body.answer).toMatchObject({ status: 200 });
		expect(ctx.sim.sink).toEqual([expect.objectContaining({ status_code: 3 })]);
	});

	it('POST /__sim/invoice/expire, then a payment: Expired with paid_amount', async () => {
		const invoice = v1Invoice();
		const expired = await control('/__sim/invoice/expire', { invoiceId: invoice.invoice_id });
		expect(expired.body).toMatchObject({ status_code: 4 });
		const paid = await control('/__sim/invoice/pay', {
			invoiceId: invoice.invoice_id,
			amount: '20',
		});
		expect(paid.body).toEqual({
			notification: expect.objectContaining({ status_code: 4, status: 'Expired' }),
		});
	});

	it('answers 400 with the reason for an unknown invoice or a bad amount', async () => {
		expect(await control('/__sim/invoice/pay', { invoiceId: 'NOPE', amount: '1' })).toEqual({
			status: 400,
			body: { error: 'no invoice NOPE in the simulator' },
		});
		const invoice = v1Invoice();
		expect(
			(await control('/__sim/invoice/pay', { invoiceId: invoice.invoice_id, amount: 'x' })).status,
		).toBe(400);
		expect((await control('/__sim/invoice/expire', { invoiceId: 'NOPE' })).status).toBe(400);
	});
});

describe('simulator invoices: samples for POST /__sim/fire', () => {
	it.each([
		['invoiceUnderPaid', 2, { TCN: '15.00000000' }],
		['invoiceOverPaid', 3, { TCN: '25.00000000' }],
		['invoiceExpiredPaid', 4, { TCN: '20.00000000' }],
	])('%s', (kind, statusCode, paid) => {
		expect(callbacks.samples[kind](ctx.sim)).toMatchObject({
			status_code: statusCode,
			paid_amount: paid,
			coin_symbol: 'TCN',
		});
	});
});
