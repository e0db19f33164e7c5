/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- Jest test code, never loaded by n8n: Node built-ins and simulator test keys (not secrets) are fine here */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ICredentialDataDecryptedObject, Logger } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { testCredential } from '../../helpers/credentialTester';
import { runNode } from '../../helpers/engine';
import { useSimulator } from '../../fixtures/simulator';
import { callWebhook, encode } from '../../helpers/webhook';

// Wallets whose keys and passwords are unmistakable, so that any leak is found.
const V1_KEY = 'KEY-v1-7f3a9c2e51';
const V1_PASSWORD = 'PASS-v1-b84d0e6a23';
const LEGACY_KEY = 'KEY-legacy-c1d2e3f4a5';
const LEGACY_PASSWORD = 'PASS-legacy-9e8d7c6b5a';
const WRONG_PASSWORD = 'WRONG-pass-0a1b2c3d4e';
const SECRETS = [V1_KEY, V1_PASSWORD, LEGACY_KEY, LEGACY_PASSWORD, WRONG_PASSWORD];

const ctx = useSimulator({
	rateLimit: 2,
	wallets: [
		{
			apiKey: V1_KEY,
			apiPassword: V1_PASSWORD,
			coin: 'Tcoin',
			coinSymbol: 'TCN',
			balance: '1.00000000',
		},
		{
			apiKey: LEGACY_KEY,
			apiPassword: LEGACY_PASSWORD,
			coin: 'Litecoin',
			coinSymbol: 'LTC',
			balance: '1.00000000',
		},
		{
			apiKey: 'inactive-key',
			apiPassword: V1_PASSWORD,
			coin: 'Tcoin',
			coinSymbol: 'TCN',
			balance: '0',
			active: false,
		},
	],
});

const logged: string[] = [];
const consoleSpies: jest.SpyInstance[] = [];
beforeAll(() => {
	const capture = (...args: unknown[]) =>
		logged.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
	LoggerProxy.init({
		error: capture,
		warn: capture,
		info: capture,
		debug: capture,
	} as unknown as Logger);
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
		consoleSpies.push(jest.spyOn(console, method).mockImplementation(capture));
});
afterAll(() => consoleSpies.forEach((spy) => spy.mockRestore()));

let closedUrl = '';
let htmlUrl = '';
const html = createServer((_req, res) => res.writeHead(502).end('<html>proxy error</html>'));
afterAll(async () => await new Promise((resolve) => html.close(resolve)));
beforeAll(async () => {
	const closed = createServer();
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
	closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
	await new Promise((resolve) => closed.close(resolve));
	await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
	htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});

const v1 = (
	password = V1_PASSWORD,
	baseUrl?: string,
	apiKey = V1_KEY,
): Record<string, ICredentialDataDecryptedObject> => ({
	coinRemitterApi: { apiKey, apiPassword: password, baseUrl: baseUrl ?? ctx.sim.url },
});
const legacy = (
	password = LEGACY_PASSWORD,
	baseUrl?: string,
	apiGeneration = 'auto',
): Record<string, ICredentialDataDecryptedObject> => ({
	coinRemitterLegacyApi: {
		coin: 'LTC',
		apiKey: LEGACY_KEY,
		password,
		baseUrl: baseUrl ?? ctx.sim.url,
		apiGeneration,
	},
});

const noRetry = { readAttempts: 1, maxRateLimitWait: 0 };
const ADDRESS = 'T' + '5'.repeat(33);

type Case = [
	string,
	() => Record<string, unknown>,
	() => Record<string, ICredentialDataDecryptedObject>,
	(() => void)?,
];
const v1Balance = {
	apiVersion: 'v1',
	resource: 'wallet',
	operation: 'getBalance',
	options: noRetry,
};
const legacyBalance = {
	apiVersion: 'legacy',
	resource: 'wallet',
	operation: 'getBalance',
	options: noRetry,
};

const cases: Case[] = [
	[
		'v1 1001 validation',
		() => ({
			apiVersion: 'v1',
			resource: 'withdrawal',
			operation: 'create',
			address: 'bad',
			amount: '1',
			options: noRetry,
		}),
		() => v1(),
	],
	['v1 1002 server error', () => v1Balance, () => v1(), () => (ctx.sim.faults.serverErrors = 1)],
	['v1 1003 wrong password', () => v1Balance, () => v1(WRONG_PASSWORD)],
	['v1 1004 inactive', () => v1Balance, () => v1(V1_PASSWORD, undefined, 'inactive-key')],
	[
		'v1 1005 not found',
		() => ({
			apiVersion: 'v1',
			resource: 'transaction',
			operation: 'get',
			transactionId: 'nope',
			options: noRetry,
		}),
		() => v1(),
	],
	['v1 1006 rate limit', () => v1Balance, () => v1(), () => (ctx.sim.faults.rateLimitBurst = 1)],
	['v1 1007 maintenance', () => v1Balance, () => v1(), () => (ctx.sim.faults.maintenance = true)],
	['v1 network failure', () => v1Balance, () => v1(V1_PASSWORD, closedUrl)],
	['v1 body that is not JSON', () => v1Balance, () => v1(V1_PASSWORD, htmlUrl)],
	[
		'v1 validation before sending',
		() => ({
			apiVersion: 'v1',
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1,5',
		}),
		() => v1(),
	],
	[
		'v1 withdrawal outcome unknown',
		() => ({
			apiVersion: 'v1',
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '0.1',
		}),
		() => v1(),
		() => (ctx.sim.faults.dropAfterWithdraw = 1),
	],
	['legacy flag 0 wrong password', () => legacyBalance, () => legacy(WRONG_PASSWORD)],
	[
		'legacy flag 2',
		() => ({
			apiVersion: 'legacy',
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1.123456789',
		}),
		() => legacy(),
	],
	['legacy HTTP 500', () => legacyBalance, () => legacy(), () => (ctx.sim.faults.serverErrors = 1)],
	[
		'legacy HTTP 429',
		() => legacyBalance,
		() => legacy(),
		() => (ctx.sim.faults.rateLimitBurst = 1),
	],
	[
		'legacy HTTP 503',
		() => legacyBalance,
		() => legacy(),
		() => (ctx.sim.faults.maintenance = true),
	],
	[
		'legacy HTTP 404 (wrong generation)',
		() => legacyBalance,
		() => legacy(LEGACY_PASSWORD, undefined, 'v3'),
	],
	['legacy network failure', () => legacyBalance, () => legacy(LEGACY_PASSWORD, closedUrl)],
	[
		'legacy validation before sending',
		() => ({
			apiVersion: 'legacy',
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '0',
		}),
		() => legacy(),
	],
	[
		'legacy withdrawal outcome unknown',
		() => ({
			apiVersion: 'legacy',
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '0.1',
		}),
		() => legacy(),
		() => (ctx.sim.faults.dropAfterWithdraw = 1),
	],
];

function expectClean(value: unknown) {
	const text = JSON.stringify(value, (_key, inner) =>
		inner instanceof Error ? { ...inner, message: inner.message, stack: inner.stack } : inner,
	);
	for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('no key or password in any error, output item or log line', () => {
	it.each(
		cases.map(([name, parameters, credentials, arrange]) => ({
			name,
			parameters,
			credentials,
			arrange,
		})),
	)('$name', async ({ parameters, credentials, arrange }) => {
		arrange?.();
		logged.length = 0;
		const failing = await runNode({
			parameters: parameters() as never,
			credentials: credentials(),
		});
		expect(failing.error).toBeDefined();
		expectClean(failing.error);
		expectClean({ message: failing.error?.message, description: failing.error?.description });
		expectClean(failing.run);

		ctx.sim.reset();
		arrange?.();
		const continued = await runNode({
			parameters: parameters() as never,
			credentials: credentials(),
			continueOnFail: true,
		});
		expect(continued.items[0].json.error).toEqual(expect.any(String));
		expectClean(continued.items);
		expectClean(logged);
	});

	it.each([
		['v1', 'coinRemitterApi', { apiKey: V1_KEY, apiPassword: WRONG_PASSWORD }],
		[
			'legacy',
			'coinRemitterLegacyApi',
			{ coin: 'LTC', apiKey: LEGACY_KEY, password: WRONG_PASSWORD, apiGeneration: 'auto' },
		],
	])('the %s credential test with wrong keys', async (_name, type, data) => {
		logged.length = 0;
		const result = await testCredential(type, { ...data, baseUrl: ctx.sim.url });
		expect(result.status).toBe('Error');
		expectClean(result);
		expectClean(logged);
		const unreachable = await testCredential(type, { ...data, baseUrl: closedUrl });
		expect(unreachable.status).toBe('Error');
		expectClean(unreachable);
	});

	it('the trigger, when verification fails with wrong keys', async () => {
		logged.length = 0;
		const tx = ctx.sim.deposit(
			V1_KEY,
			(() => {
				ctx.sim
					.wallet(V1_KEY)!
					.addresses.set(ADDRESS, { address: ADDRESS, label: '', createdAt: 0, expiresAt: 0 });
				return ADDRESS;
			})(),
			'0.5',
			1,
		);
		const result = await callWebhook(encode(tx), { credentials: v1(WRONG_PASSWORD) });
		expect(result.status).toBe(503);
		expectClean(result);
		expectClean(logged);
	});
});

describe('credentials stay with their own requests', () => {
	it('a v1 call leaves no header behind for a later legacy or public call', async () => {
		await runNode({ parameters: v1Balance as never, credentials: v1() });
		await runNode({ parameters: legacyBalance as never, credentials: legacy() });
		await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'rate',
				operation: 'fiatToCrypto',
				fiatCurrency: 'USD',
				fiatAmount: '1',
				coin: 'BTC',
			} as never,
			credentials: v1(),
		});
		const [, legacyCall] = ctx.sim.requests;
		expect(legacyCall.path).toBe('/api/v2/LTC/get-balance');
		expect(legacyCall.headers['x-api-key']).toBeUndefined();
		expect(legacyCall.headers['x-api-password']).toBeUndefined();
	});
});
