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
				deliveryKey: `v1:invoice:${String(created.json.invoice_id)}:0:0`,
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
				deliveryKey: `legacy:invoice:${String(created.json.invoice_id)}:0:0`,
			});
		});
	});
});
