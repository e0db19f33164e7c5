import type { IExecuteFunctions } from 'n8n-workflow';

import { payOnce } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutOnce';

const payout = { key: 'order-1', credentialType: 'coinRemitterApi', address: 'T1', amount: '1' };

function context(checkProcessedAndRecord: jest.Mock) {
	return {
		helpers: { checkProcessedAndRecord, removeProcessed: jest.fn() },
		getNode: () => ({ name: 'Withdraw', credentials: {} }),
	} as unknown as IExecuteFunctions;
}

describe('payOnce', () => {
	it("writes the key again when another execution inserted the workflow's key row at the same moment", async () => {
		const record = jest
			.fn()
			.mockRejectedValueOnce(
				new Error(
					'duplicate key value violates unique constraint "PK_ca04b9d8dc72de268fe07a65773"',
				),
			)
			.mockResolvedValueOnce({ new: ['key:order-1'], processed: [] });
		const send = jest.fn().mockResolvedValue({ amount: '1' });
		await expect(payOnce.call(context(record), 0, payout, send)).resolves.toEqual({ amount: '1' });
		expect(record).toHaveBeenCalledTimes(2);
		expect(send).toHaveBeenCalledTimes(1);
	});

	it('does not send when the second write finds the key already recorded', async () => {
		const record = jest
			.fn()
			.mockRejectedValueOnce(new Error('UNIQUE constraint failed: processed_data.workflowId'))
			.mockResolvedValueOnce({ new: [], processed: ['key:order-1'] });
		const send = jest.fn();
		await expect(payOnce.call(context(record), 0, payout, send)).rejects.toThrow(
			/already attempted/,
		);
		expect(send).not.toHaveBeenCalled();
	});

	it('sends nothing on any other error of the store', async () => {
		const record = jest.fn().mockRejectedValue(new Error('connection refused'));
		const send = jest.fn();
		await expect(payOnce.call(context(record), 0, payout, send)).rejects.toThrow(
			/connection refused/,
		);
		expect(record).toHaveBeenCalledTimes(1);
		expect(send).not.toHaveBeenCalled();
	});
});
