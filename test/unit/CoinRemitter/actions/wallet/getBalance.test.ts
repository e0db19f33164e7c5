import { onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('wallet: getBalance', () => {
	describe('v1', () => {
		const { run } = v1Operations(ctx);

		it('posts no body to /v1/wallet/balance and outputs the balance as a string', async () => {
			const items = await run('wallet', 'getBalance');
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/balance');
			expect(request.fields).toEqual({});
			expect(items[0].json).toMatchObject({
				balance: '25.00000000',
				coin_symbol: 'TCN',
				remaining_withdraw_limit_24h: '100.00000000',
			});
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { balance } = wallet;
		const { run, onlyLegacyRequest } = legacyOperations(ctx, wallet);

		it('keeps the numeric balance exact, as the digits the service wrote', async () => {
			const items = await run('wallet', 'getBalance');
			expect(onlyLegacyRequest('get-balance')).toEqual({});
			expect(items[0].json).toMatchObject({ balance, coin_name: expect.any(String) });
		});
	});
});
