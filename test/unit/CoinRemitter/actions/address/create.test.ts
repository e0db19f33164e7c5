import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('address: create', () => {
	describe('v1', () => {
		const { run } = v1Operations(ctx);

		it('sends the label as a multipart field to /v1/wallet/address/create and outputs the address', async () => {
			const items = await run('address', 'create', { label: 'order1234' });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/address/create');
			expectMultipart(request);
			expect(request.fields).toEqual({ label: 'order1234' });
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				label: 'order1234',
				coin_symbol: 'TCN',
				remaining_address_limit: -1,
			});
			expect(items[0].json.address).toMatch(/^T\w{33}$/);
			expect(items[0].json.minimum_deposit_amount).toBe('0.01000000');
			expect(items[0].pairedItem).toEqual({ item: 0 });
		});

		it('sends no label field when the label is empty', async () => {
			await run('address', 'create', { label: '' });
			expect(onlyRequest(ctx.sim, TCN).fields).toEqual({});
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { generation } = wallet;
		const { run, onlyLegacyRequest } = legacyOperations(ctx, wallet);

		it('sends the label inside the multipart body with the credentials', async () => {
			const items = await run('address', 'create', { label: 'cust42' });
			expect(onlyLegacyRequest('get-new-address')).toEqual({ label: 'cust42' });
			expect(items[0].json.label).toBe('cust42');
			expect(items[0].json.address).toMatch(/^T\w{33}$/);
			expect('qr_code' in items[0].json).toBe(generation === 'v3');
		});
	});
});
