import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('address: validate', () => {
	describe('v1', () => {
		const { run, newAddress } = v1Operations(ctx);

		it('outputs valid true for a well-formed address', async () => {
			const address = await newAddress();
			const items = await run('address', 'validate', { address });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/wallet/address/validate');
			expectMultipart(request);
			expect(request.fields).toEqual({ address });
			expect(items[0].json).toEqual({ valid: true });
		});

		it('outputs valid false, not an error, for a malformed address', async () => {
			const items = await run('address', 'validate', { address: 'not-an-address' });
			expect(items[0].json).toEqual({ valid: false });
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { run, onlyLegacyRequest, newAddress } = legacyOperations(ctx, wallet);

		it('answers valid true and valid false as normal items', async () => {
			const address = await newAddress();
			expect((await run('address', 'validate', { address }))[0].json).toEqual({ valid: true });
			expect(onlyLegacyRequest('validate-address')).toEqual({ address });
			expect((await run('address', 'validate', { address: 'nope' }))[0].json).toEqual({
				valid: false,
			});
		});
	});
});
