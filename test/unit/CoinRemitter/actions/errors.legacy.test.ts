/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- Jest test code, never loaded by n8n: simulator test keys (not secrets) are fine here */
import { runNode } from '../../../helpers/engine';
import { expectNoSecrets } from '../../../helpers/assertions';
import { testCredential } from '../../../helpers/credentialTester';
import {
	KOIN,
	LTC,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
} from '../../../fixtures/simulator';

const ctx = useSimulator({ rateLimit: 3 });
const WRONG = { apiKey: TCN_LEGACY.apiKey, password: 'wrong-legacy-pass-9' };
const SECRETS = [
	TCN_LEGACY.password,
	WRONG.password,
	LTC.password,
	KOIN.password,
	TCN_LEGACY.apiKey,
];

async function runLegacy(
	parameters: Record<string, unknown>,
	coin = 'TCN',
	keys: { apiKey: string; password: string } = TCN_LEGACY,
) {
	const result = await runNode({
		parameters: { apiVersion: 'legacy', ...parameters } as never,
		credentials: legacyCredentials(ctx.sim, coin, keys),
	});
	expectNoSecrets(result.error ?? {}, SECRETS);
	expectNoSecrets(result.items, SECRETS);
	return result;
}

const balance = { resource: 'wallet', operation: 'getBalance' };
const ADDRESS = 'T' + '4'.repeat(33);

describe('legacy flags and statuses', () => {
	it('flag 0 at HTTP 200 (wrong password) is an error quoting the service, without secrets', async () => {
		const { error } = await runLegacy(balance, 'TCN', WRONG);
		expect(error?.message).toBe('CoinRemitter refused the request');
		expect(error?.description).toContain('"Invalid API key or password."');
		expect(error?.description).toMatch(/wrong API key, password or coin/);
	});

	it('flag 0 for an insufficient balance', async () => {
		const { error } = await runLegacy({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '999',
		});
		expect(error?.message).toBe('CoinRemitter refused the request');
		expect(error?.description).toContain('Insufficient balance.');
	});

	it('flag 2 names the rejected field', async () => {
		const { error } = await runLegacy({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1.123456789',
		});
		expect(ctx.sim.requests).toHaveLength(1);
		expect(error?.message).toBe('CoinRemitter rejected the "amount" field');
		expect(error?.description).toContain('The amount format is invalid.');
	});

	it('HTTP 500 with flag 0 is a server error to retry later', async () => {
		ctx.sim.faults.serverErrors = 1;
		const { error } = await runLegacy({ ...balance, options: { readAttempts: 1 } });
		expect(error?.message).toBe('CoinRemitter had an internal server error');
		expect(error?.httpCode).toBe('500');
	});

	it('HTTP 429 is the rate limit', async () => {
		for (let i = 0; i < 3; i++) expect((await runLegacy(balance)).error).toBeUndefined();
		const { error } = await runLegacy({ ...balance, options: { maxRateLimitWait: 0 } });
		expect(error?.message).toBe('CoinRemitter rate limit reached [1006]');
	});

	it('HTTP 503 is maintenance', async () => {
		ctx.sim.faults.maintenance = true;
		expect((await runLegacy({ ...balance, options: { readAttempts: 1 } })).error?.message).toBe(
			'CoinRemitter is under maintenance',
		);
	});

	it('validate-address answering flag 0 with valid false is a normal answer', async () => {
		ctx.sim.quirks.legacyInvalidAddressFlag = 0;
		const { error, items } = await runLegacy({
			resource: 'address',
			operation: 'validate',
			address: 'bad',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ valid: false });
	});

	it('continueOnFail gives a paired error item', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'legacy',
				resource: 'transaction',
				operation: 'get',
				transactionId: '={{ $json.id }}',
			},
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
			items: [{ id: 'missing' }],
			continueOnFail: true,
		});
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ error: 'CoinRemitter refused the request' }),
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('legacy validation before any request', () => {
	it.each([
		['a thousands separator', '1,000', 'Amount: "1,000" is not a plain decimal number'],
		['a decimal comma', '0,25', 'Amount: "0,25" is not a plain decimal number'],
		['zero', '0', 'Amount: must be greater than zero'],
	])('refuses an amount with %s', async (_name, amount, message) => {
		const { error } = await runLegacy({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it.each([
		['name', { name: 'n'.repeat(11) }, 'Name: is 11 characters long; the most allowed is 10'],
		[
			'description',
			{ description: 'd'.repeat(51) },
			'Description: is 51 characters long; the most allowed is 50',
		],
		[
			'custom data',
			{ customData1: 'c'.repeat(51) },
			'Custom Data 1: is 51 characters long; the most allowed is 50',
		],
	])('applies the KOIN v2 invoice limit on %s', async (_name, additionalFields, message) => {
		const { error } = await runLegacy(
			{
				resource: 'invoice',
				operation: 'create',
				amount: '1',
				fiatCurrency: 'USD',
				additionalFields,
			},
			'KOIN',
			KOIN,
		);
		expect(error?.message).toBe(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('accepts KOIN v2 fields at their limits and leaves other coins unlimited', async () => {
		const atLimit = {
			name: 'n'.repeat(10),
			description: 'd'.repeat(50),
			customData1: 'c'.repeat(50),
		};
		expect(
			(
				await runLegacy(
					{
						resource: 'invoice',
						operation: 'create',
						amount: '1',
						fiatCurrency: 'USD',
						additionalFields: atLimit,
					},
					'KOIN',
					KOIN,
				)
			).error,
		).toBeUndefined();
		const long = { name: 'n'.repeat(40) };
		expect(
			(
				await runLegacy({
					resource: 'invoice',
					operation: 'create',
					amount: '1',
					fiatCurrency: 'USD',
					additionalFields: long,
				})
			).error,
		).toBeUndefined();
	});
});

describe('credential coinRemitterLegacyApi: test', () => {
	it.each([
		['TCN', 'v3', TCN_LEGACY],
		['LTC', 'v2', LTC],
	])(
		'passes for %s on %s, with the credentials in a multipart body to get-balance',
		async (coin, generation, keys) => {
			const result = await testCredential('coinRemitterLegacyApi', {
				coin,
				...keys,
				baseUrl: ctx.sim.url,
				apiGeneration: 'auto',
			});
			expect(result.status).toBe('OK');
			const [request] = ctx.sim.requests;
			expect(request.path).toBe(`/api/${generation}/${coin}/get-balance`);
			expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
			expect(request.fields).toEqual({ api_key: keys.apiKey, password: keys.password });
		},
	);

	it('fails on a wrong password although the service answers HTTP 200 (flag 0)', async () => {
		const result = await testCredential('coinRemitterLegacyApi', {
			coin: 'TCN',
			...WRONG,
			baseUrl: ctx.sim.url,
			apiGeneration: 'auto',
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused the API key or password/);
		expectNoSecrets(result, SECRETS);
	});

	it('fails when the key belongs to another coin', async () => {
		const result = await testCredential('coinRemitterLegacyApi', {
			coin: 'BTC',
			...TCN_LEGACY,
			baseUrl: ctx.sim.url,
			apiGeneration: 'auto',
		});
		expect(result.status).toBe('Error');
	});
});
