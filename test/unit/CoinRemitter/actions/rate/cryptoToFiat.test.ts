import { onlyRequest } from '../../../../helpers/assertions';
import { shown } from '../../../../helpers/editor';
import { v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('rate: cryptoToFiat', () => {
	describe('v1', () => {
		const { runAsEditor } = v1Operations(ctx);

		it('sends crypto, crypto_amount and fiat and outputs one item per fiat with exact amounts', async () => {
			const items = await runAsEditor({
				resource: 'rate',
				operation: 'cryptoToFiat',
				coin: shown('BTC'),
				cryptoAmount: '0.5',
				fiatCurrency: shown('EUR'),
			});
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/rate/crypto-to-fiat');
			expect(request.fields).toEqual({ crypto: 'BTC', crypto_amount: '0.5', fiat: 'EUR' });
			expect(items.map((item) => item.json)).toEqual([
				{ code: 'EUR', currency: 'Euro', amount: '27000.00' },
				{ code: 'USD', currency: 'United States Dollar', amount: '30000.00' },
			]);
		});
	});
});
