import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('withdrawal: create', () => {
	describe('v1', () => {
		const { run, newAddress } = v1Operations(ctx);

		it('withdraws the exact amount and the wallet is charged amount plus fees', async () => {
			const address = await newAddress();
			const items = await run('withdrawal', 'create', {
				address,
				amount: '0.30000001',
				withdrawalSpeed: 'low',
			});
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/withdraw');
			expectMultipart(request);
			expect(request.fields).toEqual({ address, amount: '0.30000001', withdrawal_speed: 'low' });
			expect(items[0].json).toMatchObject({
				amount: '0.30000001',
				transaction_fees: '0.00010000',
				processing_fees: '0.00075000',
				total_amount: '0.30085001',
				to_address: address,
			});
			const [balance] = await run('wallet', 'getBalance');
			expect(balance.json.balance).toBe('24.69914999');
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { coin } = wallet;
		const { run, onlyLegacyRequest, newAddress } = legacyOperations(ctx, wallet);

		it('sends to_address and the exact amount', async () => {
			const address = await newAddress();
			const items = await run('withdrawal', 'create', { address, amount: '1.23456789' });
			expect(onlyLegacyRequest('withdraw')).toEqual({ to_address: address, amount: '1.23456789' });
			expect(items[0].json).toMatchObject({
				amount: '1.23456789',
				transaction_fees: '0.00010000',
				processing_fees: '0.00308641',
				total_amount: '1.23775430',
				to_address: address,
				coin_short_name: coin,
			});
		});
	});
});
