import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { shown } from '../../../../helpers/editor';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('rate: fiatToCrypto', () => {
	describe('v1', () => {
		const { runAsEditor } = v1Operations(ctx);

		it('sends fiat, fiat_amount and crypto and outputs one item per element of the answer, paired to its input', async () => {
			const items = await runAsEditor({
				resource: 'rate',
				operation: 'fiatToCrypto',
				fiatCurrency: shown('USD'),
				fiatAmount: '100',
				coin: shown('BTC'),
			});
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/rate/fiat-to-crypto');
			expectMultipart(request);
			expect(request.fields).toEqual({ fiat: 'USD', fiat_amount: '100', crypto: 'BTC' });
			expect(items.map((item) => item.json)).toEqual([
				{ short_name: 'BTC', name: 'Bitcoin', price: '0.00166666' },
			]);
			expect(items[0].pairedItem).toEqual({ item: 0 });
		});

		it('without a coin (Every Coin) sends no crypto field and gives one item per coin', async () => {
			const items = await runAsEditor({
				resource: 'rate',
				operation: 'fiatToCrypto',
				fiatCurrency: shown('EUR'),
				fiatAmount: '50',
				coin: shown('Every Coin'),
			});
			expect(onlyRequest(ctx.sim, TCN).fields).toEqual({ fiat: 'EUR', fiat_amount: '50' });
			expect(items.length).toBeGreaterThan(3);
			for (const item of items) {
				expect(Object.keys(item.json).sort()).toEqual(['name', 'price', 'short_name']);
				expect(item.json.price).toMatch(/^\d+\.\d{8}$/);
				expect(item.pairedItem).toEqual({ item: 0 });
			}
			expect(items.map((item) => item.json.short_name)).toContain('TCN');
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { coin } = wallet;
		const { run, onlyLegacyRequest } = legacyOperations(ctx, wallet);

		it('sends fiat_symbol and fiat_amount', async () => {
			const items = await run('rate', 'fiatToCrypto', { fiatCurrency: 'USD', fiatAmount: '40' });
			expect(onlyLegacyRequest('get-fiat-to-crypto-rate')).toEqual({
				fiat_symbol: 'USD',
				fiat_amount: '40',
			});
			expect(items[0].json).toMatchObject({
				crypto_symbol: coin,
				fiat_amount: '40.00000000',
				fiat_symbol: 'USD',
			});
		});
	});
});
