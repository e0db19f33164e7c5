import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('withdrawal: estimate', () => {
	describe('v1', () => {
		const { run, newAddress } = v1Operations(ctx);

		it('sends amount, speed and the optional address, and outputs the fees', async () => {
			const address = await newAddress();
			const items = await run('withdrawal', 'estimate', {
				amount: '2.5',
				withdrawalSpeed: 'priority',
				additionalFields: { address },
			});
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/withdraw/estimate');
			expectMultipart(request);
			expect(request.fields).toEqual({ amount: '2.5', withdrawal_speed: 'priority', address });
			expect(items[0].json).toEqual({
				amount: '2.50000000',
				transaction_fee: '0.00010000',
				processing_fee: '0.00625000',
				total_amount: '2.50635000',
				fees_structure: { transaction_fee: '0.00010000', processing_fee: '0.25%' },
			});
		});

		it('leaves withdrawal_speed out when the wallet default is chosen', async () => {
			await run('withdrawal', 'estimate', { amount: '1', withdrawalSpeed: '' });
			expect(onlyRequest(ctx.sim, TCN).fields).toEqual({ amount: '1' });
		});
	});
});
