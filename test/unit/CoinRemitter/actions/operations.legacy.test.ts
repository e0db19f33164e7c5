import { runNode } from '../../../helpers/engine';
import { expectMultipart } from '../../../helpers/assertions';
import { LTC, TCN, TCN_LEGACY, legacyCredentials, useSimulator } from '../../../fixtures/simulator';

const ctx = useSimulator();

const wallets = [
	{ coin: 'TCN', generation: 'v3', keys: TCN_LEGACY, balance: '25.00000000' },
	{ coin: 'LTC', generation: 'v2', keys: LTC, balance: '40.00000000' },
] as const;

describe.each(wallets)('legacy $generation ($coin)', ({ coin, generation, keys, balance }) => {
	async function run(
		resource: string,
		operation: string,
		parameters: Record<string, unknown> = {},
	) {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource, operation, ...parameters } as never,
			credentials: legacyCredentials(ctx.sim, coin, keys),
		});
		expect(result.error).toBeUndefined();
		return result.items;
	}

	/** The single request of the run: a multipart POST to the coin's path that carries the credentials. */
	function onlyLegacyRequest(operationPath: string) {
		expect(ctx.sim.requests).toHaveLength(1);
		const [request] = ctx.sim.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/api/${generation}/${coin}/${operationPath}`);
		expectMultipart(request);
		expect(request.fields.api_key).toBe(keys.apiKey);
		expect(request.fields.password).toBe(keys.password);
		expect(request.headers['x-api-key']).toBeUndefined();
		const fields = { ...request.fields };
		delete fields.api_key;
		delete fields.password;
		return fields;
	}

	async function newAddress(label = '') {
		const [item] = await run('address', 'create', { label });
		ctx.sim.requests.length = 0;
		return item.json.address as string;
	}

	it('address: create sends the label inside the multipart body with the credentials', async () => {
		const items = await run('address', 'create', { label: 'cust42' });
		expect(onlyLegacyRequest('get-new-address')).toEqual({ label: 'cust42' });
		expect(items[0].json.label).toBe('cust42');
		expect(items[0].json.address).toMatch(/^T\w{33}$/);
		expect('qr_code' in items[0].json).toBe(generation === 'v3');
	});

	it('address: validate answers valid true and valid false as normal items', async () => {
		const address = await newAddress();
		expect((await run('address', 'validate', { address }))[0].json).toEqual({ valid: true });
		expect(onlyLegacyRequest('validate-address')).toEqual({ address });
		expect((await run('address', 'validate', { address: 'nope' }))[0].json).toEqual({
			valid: false,
		});
	});

	it('address: getTransactions gives one item per transaction, all paired to the input', async () => {
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

	it('withdrawal: create sends to_address and the exact amount', async () => {
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

	it('transaction: get sends the id', async () => {
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

	it('wallet: getBalance keeps the numeric balance exact, as the digits the service wrote', async () => {
		const items = await run('wallet', 'getBalance');
		expect(onlyLegacyRequest('get-balance')).toEqual({});
		expect(items[0].json).toMatchObject({ balance, coin_name: expect.any(String) });
	});

	it(`invoice: create spells the success URL ${generation === 'v2' ? 'suceess_url' : 'success_url'} and outputs success_url`, async () => {
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

	it('invoice: get sends invoice_id', async () => {
		const [created] = await run('invoice', 'create', { amount: '1', fiatCurrency: 'USD' });
		ctx.sim.requests.length = 0;
		const items = await run('invoice', 'get', { invoiceId: created.json.invoice_id });
		expect(onlyLegacyRequest('get-invoice')).toEqual({ invoice_id: created.json.invoice_id });
		expect(items[0].json).toEqual({
			...created.json,
			deliveryKey: `legacy:invoice:${String(created.json.invoice_id)}:0:0`,
		});
	});

	it('rate: fiatToCrypto sends fiat_symbol and fiat_amount', async () => {
		const items = await run('rate', 'fiatToCrypto', { fiatCurrency: 'USD', fiatAmount: '40' });
		expect(onlyLegacyRequest('get-fiat-to-crypto-rate')).toEqual({
			fiat_symbol: 'USD',
			fiat_amount: '40',
		});
		expect(items[0].json).toMatchObject({
			crypto_symbol: coin,
			fiat_amount: '40.00000000',
			fiat_symbol: 'USD',
		});
	});

	it(`rate: getCoinPrices is a GET ${generation === 'v2' ? 'with' : 'without'} the credentials`, async () => {
		const items = await run('rate', 'getCoinPrices');
		expect(ctx.sim.requests).toHaveLength(1);
		const [request] = ctx.sim.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/api/${generation}/get-coin-rate`);
		if (generation === 'v2')
			expect(request.query).toEqual({ api_key: keys.apiKey, password: keys.password });
		else expect(request.query).toEqual({});
		expect(items[0].json.BTC).toEqual({ symbol: 'BTC', name: 'Bitcoin', price: '60000.00000000' });
	});
});

describe('legacy generation', () => {
	it('a forced generation overrides the automatic one', async () => {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance' },
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY, 'v2'),
		});
		expect(ctx.sim.requests[0].path).toBe('/api/v2/TCN/get-balance');
		expect(result.error?.message).toBe(
			'CoinRemitter has no such legacy endpoint for this coin (HTTP 404)',
		);
		expect(result.error?.description).toMatch(/API generation of the credential/);
	});

	it('does not send v1 headers and v1 keys do not open the legacy interface with another coin', async () => {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance' },
			credentials: legacyCredentials(ctx.sim, 'BTC', {
				apiKey: TCN.apiKey,
				password: TCN.apiPassword,
			}),
		});
		expect(result.error?.message).toBe('CoinRemitter refused the request');
	});
});
