// Attack (or an old n8n): the n8n that runs the node offers no deduplication store. A payout that
// cannot be recorded as attempted could be paid again by any retry: it is not sent.
import type { IExecuteFunctions } from 'n8n-workflow';

import { payOnce } from '../../../nodes/CoinRemitter/actions/withdrawal/payoutOnce';

const payout = { key: '', credentialType: 'coinRemitterApi', address: 'T1', amount: '1' };

it('without the deduplication store, nothing is sent and the error says why', async () => {
	const context = {
		helpers: {},
		getNode: () => ({ name: 'Withdraw', type: 'x', typeVersion: 1, credentials: {} }),
	} as unknown as IExecuteFunctions;
	const send = jest.fn().mockResolvedValue({ amount: '1' });
	await expect(payOnce.call(context, 0, payout, send)).rejects.toThrow(
		/cannot record this payout as attempted/,
	);
	expect(send).not.toHaveBeenCalled();
});
