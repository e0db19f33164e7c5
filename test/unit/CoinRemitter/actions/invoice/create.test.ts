import { expectMultipart, onlyRequest } from '../../../../helpers/assertions';
import { LEGACY_WALLETS, legacyOperations, v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('invoice: create', () => {
	describe('v1', () => {
		const { run } = v1Operations(ctx);

		it('sends every field under its API name', async () => {
			const items = await run('invoice', 'create', {
				amount: '19.99',
				fiatCurrency: 'EUR',
				additionalFields: {
					name: 'Order 42',
					email: 'buyer@example.com',
					expiryMinutes: 30,
					notifyUrl: 'https://example.com/hook',
					successUrl: 'https://example.com/ok',
					failUrl: 'https://example.com/fail',
					description: 'Two mugs',
					customData1: 'order-42',
					customData2: 'customer-7',
				},
			});
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/invoice/create');
			expectMultipart(request);
			expect(request.fields).toEqual({
				amount: '19.99',
				fiat_currency: 'EUR',
				name: 'Order 42',
				email: 'buyer@example.com',
				expiry_time_in_minutes: '30',
				notify_url: 'https://example.com/hook',
				success_url: 'https://example.com/ok',
				fail_url: 'https://example.com/fail',
				description: 'Two mugs',
				custom_data1: 'order-42',
				custom_data2: 'customer-7',
			});
			expect(items[0].json).toMatchObject({
				status: 'Pending',
				status_code: 0,
				name: 'Order 42',
				custom_data1: 'order-42',
				total_amount: { EUR: '19.99000000', USD: '22.21111111', TCN: '44.42222222' },
			});
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { generation } = wallet;
		const { run, onlyLegacyRequest } = legacyOperations(ctx, wallet);

		it(`spells the success URL ${generation === 'v2' ? 'suceess_url' : 'success_url'} and outputs success_url`, async () => {
			const items = await run('invoice', 'create', {
				amount: '12.5',
				fiatCurrency: 'EUR',
				additionalFields: {
					name: 'Order 9',
					expiryMinutes: 60,
					notifyUrl: 'https://shop.example/notify',
					successUrl: 'https://shop.example/ok',
					failUrl: 'https://shop.example/fail',
					description: 'Tea',
					customData1: 'o-9',
					customData2: 'c-1',
				},
			});
			const spelling = generation === 'v2' ? 'suceess_url' : 'success_url';
			expect(onlyLegacyRequest('create-invoice')).toEqual({
				amount: '12.5',
				currency: 'EUR',
				name: 'Order 9',
				expire_time: '60',
				notify_url: 'https://shop.example/notify',
				[spelling]: 'https://shop.example/ok',
				fail_url: 'https://shop.example/fail',
				description: 'Tea',
				custom_data1: 'o-9',
				custom_data2: 'c-1',
			});
			expect(items[0].json).toMatchObject({
				[spelling]: 'https://shop.example/ok',
				success_url: 'https://shop.example/ok',
				base_currency: 'EUR',
				status_code: 0,
				total_amount: { EUR: '12.50000000' },
			});
		});
	});
});
