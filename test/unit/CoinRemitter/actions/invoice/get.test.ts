import { callbacks } from '../../../../../simulator/server';
import { onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('invoice: get', () => {
	describe('v1', () => {
		const { run } = v1Operations(ctx);

		it('sends invoice_id and outputs the invoice', async () => {
			const [created] = await run('invoice', 'create', { amount: '5', fiatCurrency: 'USD' });
			ctx.sim.requests.length = 0;
			const items = await run('invoice', 'get', { invoiceId: created.json.invoice_id });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/invoice/get');
			expect(request.fields).toEqual({ invoice_id: created.json.invoice_id });
			expect(items[0].json).toEqual({
				...created.json,
				owed: { TCN: '10', USD: '5' },
				overpaid: { TCN: '0', USD: '0' },
				deliveryKey: `v1:invoice:${String(created.json.invoice_id)}:0:0`,
			});
		});

		it('adds what is owed after an under payment, from the record CoinRemitter returns', async () => {
			const [created] = await run('invoice', 'create', { amount: '9', fiatCurrency: 'EUR' });
			const invoiceId = String(created.json.invoice_id);
			callbacks.payInvoice(ctx.sim, invoiceId, '12.34567891');
			const [item] = await run('invoice', 'get', { invoiceId });
			expect(item.json).toMatchObject({
				status_code: 2,
				paid_amount: { TCN: '12.34567891', USD: '6.17283945', EUR: '5.55555550' },
				owed: { TCN: '7.65432109', USD: '3.82716055', EUR: '3.4444445' },
				overpaid: { TCN: '0', USD: '0', EUR: '0' },
			});
		});

		it('adds what was paid beyond the amount, also on an invoice paid after it expired', async () => {
			const [created] = await run('invoice', 'create', { amount: '10', fiatCurrency: 'USD' });
			const invoiceId = String(created.json.invoice_id);
			ctx.sim.expireInvoice(invoiceId);
			callbacks.payInvoice(ctx.sim, invoiceId, '20.5');
			const [item] = await run('invoice', 'get', { invoiceId });
			expect(item.json).toMatchObject({
				status: 'Expired',
				owed: { TCN: '0', USD: '0' },
				overpaid: { TCN: '0.5', USD: '0.25' },
			});
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { run, onlyLegacyRequest } = legacyOperations(ctx, wallet);

		it('sends invoice_id', async () => {
			const [created] = await run('invoice', 'create', { amount: '1', fiatCurrency: 'USD' });
			ctx.sim.requests.length = 0;
			const items = await run('invoice', 'get', { invoiceId: created.json.invoice_id });
			expect(onlyLegacyRequest('get-invoice')).toEqual({ invoice_id: created.json.invoice_id });
			expect(items[0].json).toEqual({
				...created.json,
				owed: { [wallet.coin]: wallet.coin === 'TCN' ? '2' : '0.0125', USD: '1' },
				overpaid: { [wallet.coin]: '0', USD: '0' },
				deliveryKey: `legacy:invoice:${String(created.json.invoice_id)}:0:0`,
			});
		});

		it('adds what is owed and what was overpaid to the legacy record', async () => {
			const [created] = await run('invoice', 'create', { amount: '8', fiatCurrency: 'USD' });
			const invoiceId = String(created.json.invoice_id);
			const total = (created.json.total_amount as Record<string, string>)[wallet.coin];
			callbacks.payInvoice(ctx.sim, invoiceId, total);
			callbacks.payInvoice(ctx.sim, invoiceId, '0.00000001');
			const [item] = await run('invoice', 'get', { invoiceId });
			expect(item.json).toMatchObject({
				status_code: 3,
				owed: { [wallet.coin]: '0', USD: '0' },
				overpaid: { [wallet.coin]: '0.00000001' },
			});
		});
	});
});
