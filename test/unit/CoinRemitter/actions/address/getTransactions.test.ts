import { onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('address: getTransactions', () => {
	describe('v1', () => {
		const { run, newAddress } = v1Operations(ctx);

		it('lists the deposits of the address with exact string amounts', async () => {
			const address = await newAddress('shop');
			ctx.sim.deposit(TCN.apiKey, address, '0.12345678', 5);
			ctx.sim.deposit(TCN.apiKey, address, '1.00000001', 1);
			const items = await run('address', 'getTransactions', { address });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/address/transactions');
			expect(request.fields).toEqual({ address });
			const summary = items[0].json;
			expect(summary).toMatchObject({
				address,
				label: 'shop',
				confirm_amount: '0.12345678',
				pending_amount: '1.00000001',
				required_confirmations: 3,
			});
			expect(summary.transactions).toEqual([
				expect.objectContaining({
					amount: '0.12345678',
					status: 'confirm',
					status_code: 1,
					confirmations: 5,
				}),
				expect.objectContaining({
					amount: '1.00000001',
					status: 'pending',
					status_code: 0,
					confirmations: 1,
				}),
			]);
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { coin, keys } = wallet;
		const { run, onlyLegacyRequest, newAddress } = legacyOperations(ctx, wallet);

		it('gives one item per transaction, all paired to the input', async () => {
			const address = await newAddress();
			ctx.sim.deposit(keys.apiKey, address, '0.1', 1);
			ctx.sim.deposit(keys.apiKey, address, '0.2', 7);
			const items = await run('address', 'getTransactions', { address });
			expect(onlyLegacyRequest('get-transaction-by-address')).toEqual({ address });
			expect(
				items.map((item) => [item.json.amount, item.json.confirmations, item.json.coin_short_name]),
			).toEqual([
				['0.10000000', 1, coin],
				['0.20000000', 7, coin],
			]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		});
	});
});
