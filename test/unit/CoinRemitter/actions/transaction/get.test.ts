import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('transaction: get', () => {
	describe('v1', () => {
		const { run, newAddress } = v1Operations(ctx);

		it('sends the id and outputs the transaction', async () => {
			const address = await newAddress('tx');
			const deposit = ctx.sim.deposit(TCN.apiKey, address, '0.5', 4);
			const items = await run('transaction', 'get', { transactionId: deposit.id });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/transaction');
			expectMultipart(request);
			expect(request.fields).toEqual({ id: deposit.id });
			expect(items[0].json).toEqual({ ...deposit, deliveryKey: `v1:tx:${deposit.id}:confirmed` });
			expect(items[0].json).toMatchObject({
				type: 'receive',
				amount: '0.50000000',
				status_code: 1,
			});
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { keys } = wallet;
		const { run, onlyLegacyRequest, newAddress } = legacyOperations(ctx, wallet);

		it('sends the id', async () => {
			const address = await newAddress();
			const deposit = ctx.sim.deposit(keys.apiKey, address, '3', 2);
			const items = await run('transaction', 'get', { transactionId: deposit.id });
			expect(onlyLegacyRequest('get-transaction')).toEqual({ id: deposit.id });
			expect(items[0].json).toMatchObject({
				id: deposit.id,
				type: 'receive',
				amount: '3.00000000',
				confirmations: 2,
				merchant_id: 'sim-merchant-1',
			});
		});
	});
});
