import { LEGACY_WALLETS, legacyOperations } from '../../../../helpers/operations';
import { useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('rate: getCoinPrices', () => {
	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { generation, keys } = wallet;
		const { run } = legacyOperations(ctx, wallet);

		it(`is a GET ${generation === 'v2' ? 'with' : 'without'} the credentials`, async () => {
			const items = await run('rate', 'getCoinPrices');
			expect(ctx.sim.requests).toHaveLength(1);
			const [request] = ctx.sim.requests;
			expect(request.method).toBe('GET');
			expect(request.path).toBe(`/api/${generation}/get-coin-rate`);
			if (generation === 'v2')
				expect(request.query).toEqual({ api_key: keys.apiKey, password: keys.password });
			else expect(request.query).toEqual({});
			expect(items[0].json.BTC).toEqual({
				symbol: 'BTC',
				name: 'Bitcoin',
				price: '60000.00000000',
			});
		});
	});
});
