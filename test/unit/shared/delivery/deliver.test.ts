/* eslint-disable @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node globals are fine here */
import { runNode } from '../../../helpers/engine';
import { perWindow } from '../../../helpers/requestLog';
import {
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../fixtures/simulator';

// A small, fast window stands in for CoinRemitter's 100 requests per minute.
const ctx = useSimulator({ rateLimit: 5, rateWindowMs: 1000 });
const ADDRESS = 'T' + '3'.repeat(33);
const fastWindow = { rateLimitWindow: 1, maxRateLimitWait: 20 };

const run = async (
	parameters: Record<string, unknown>,
	items = [{}],
	credentials = v1Credentials(ctx.sim),
) =>
	await runNode({ parameters: { apiVersion: 'v1', ...parameters } as never, credentials, items });

const statuses = () => ctx.sim.requests.map((request) => request.status);
const sends = () => [...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send');

describe('rate limit pacing', () => {
	it('paces a batch beyond the limit so that no call meets a 429 and every item succeeds', async () => {
		const result = await run(
			{ resource: 'wallet', operation: 'getBalance', options: fastWindow },
			Array.from({ length: 17 }, () => ({})),
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(17);
		expect(statuses().filter((status) => status === 429)).toHaveLength(0);
		// 17 calls at 5 per second: three full windows and the rest, none wasted.
		expect(perWindow(ctx.sim.requests, 1000)).toEqual([5, 5, 5, 2]);
	});

	it('waits out a 429 and retries, for a read', async () => {
		ctx.sim.faults.rateLimitBurst = 2;
		const result = await run({ resource: 'wallet', operation: 'getBalance', options: fastWindow });
		expect(result.error).toBeUndefined();
		expect(statuses()).toEqual([429, 429, 200]);
	});

	it('waits out a 429 and retries a withdrawal: a 429 was not processed, and one withdrawal is made', async () => {
		ctx.sim.faults.rateLimitBurst = 1;
		const result = await run({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1',
			options: fastWindow,
		});
		expect(result.error).toBeUndefined();
		expect(statuses()).toEqual([429, 200]);
		expect(sends()).toHaveLength(1);
	});

	it('stops with a clear error when the wait would pass the longest wait allowed', async () => {
		ctx.sim.faults.rateLimitBurst = 1;
		ctx.sim.faults.retryAfterSeconds = 30;
		const result = await run({
			resource: 'wallet',
			operation: 'getBalance',
			options: { maxRateLimitWait: 2 },
		});
		expect(result.error?.message).toBe('CoinRemitter rate limit reached [1006]');
		expect(result.error?.description).toMatch(
			/about 30 s of waiting, more than the node's "Longest Rate Limit Wait" option allows/,
		);
		expect(ctx.sim.requests).toHaveLength(1);
	});

	it('paces the legacy interface the same way', async () => {
		const result = await run(
			{ apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance', options: fastWindow },
			Array.from({ length: 8 }, () => ({})),
			legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(8);
		expect(statuses().filter((status) => status === 429)).toHaveLength(0);
	});
});

describe('safe retries', () => {
	const quick = { ...fastWindow, readAttempts: 3 };

	it('retries a read after server errors', async () => {
		ctx.sim.faults.serverErrors = 2;
		const result = await run({ resource: 'wallet', operation: 'getBalance', options: quick });
		expect(result.error).toBeUndefined();
		expect(statuses()).toEqual([500, 500, 200]);
	});

	it('retries a read after maintenance answers and dropped connections', async () => {
		ctx.sim.faults.dropConnections = 1;
		ctx.sim.faults.serverErrors = 1;
		const result = await run({
			resource: 'transaction',
			operation: 'get',
			transactionId: 'x',
			options: quick,
		});
		expect(result.error?.message).toBe('CoinRemitter could not find what was asked for [1005]');
		expect(statuses()).toEqual(['dropped', 500, 404]);
	});

	it('gives up on a read after the attempts allowed', async () => {
		ctx.sim.faults.serverErrors = 5;
		const result = await run({ resource: 'wallet', operation: 'getBalance', options: quick });
		expect(result.error?.message).toBe('CoinRemitter had an internal server error [1002]');
		expect(ctx.sim.requests).toHaveLength(3);
	});

	it('never sends a withdrawal again after a server error: the outcome is unknown', async () => {
		ctx.sim.faults.serverErrors = 1;
		const result = await run({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1',
			options: quick,
		});
		expect(result.error?.message).toBe(
			'CoinRemitter may or may not have carried out this request: the outcome is unknown',
		);
		expect(result.error?.description).toMatch(
			/Check whether it happened before anything else: for a withdrawal, the wallet's transactions in the CoinRemitter dashboard/,
		);
		expect(ctx.sim.requests).toHaveLength(1);
	});

	it('records exactly one withdrawal when the answer is lost after the service carried it out', async () => {
		ctx.sim.faults.dropAfterWithdraw = 1;
		const before = ctx.sim.wallet(TCN.apiKey)!.balance;
		const result = await run({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '2',
			options: quick,
		});
		expect(result.error?.message).toBe(
			'CoinRemitter may or may not have carried out this request: the outcome is unknown',
		);
		expect(
			ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw'),
		).toHaveLength(1);
		expect(sends()).toHaveLength(1);
		expect(before - ctx.sim.wallet(TCN.apiKey)!.balance).toBe(200510000n);
	});

	it('records exactly one legacy withdrawal when the answer is lost', async () => {
		ctx.sim.faults.dropAfterWithdraw = 1;
		const result = await run(
			{
				apiVersion: 'legacy',
				resource: 'withdrawal',
				operation: 'create',
				address: ADDRESS,
				amount: '2',
				options: quick,
			},
			[{}],
			legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		);
		expect(result.error?.message).toBe(
			'CoinRemitter may or may not have carried out this request: the outcome is unknown',
		);
		expect(sends()).toHaveLength(1);
	});

	it('treats a withdrawal that times out as outcome unknown, and sends it once', async () => {
		ctx.sim.faults.delayMs = 1500;
		const result = await run({
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1',
			options: { ...quick, timeout: 0.5 },
		});
		expect(result.error?.message).toBe(
			'CoinRemitter may or may not have carried out this request: the outcome is unknown',
		);
		ctx.sim.faults.delayMs = 0;
		expect(ctx.sim.requests).toHaveLength(1);
		expect(sends()).toHaveLength(1);
	});

	it('retries a read that times out, and then succeeds', async () => {
		ctx.sim.faults.delayMs = 800;
		const pending = run({
			resource: 'wallet',
			operation: 'getBalance',
			options: { ...quick, timeout: 0.4 },
		});
		// Once the first try's answer is held back (its delay read), the next ones are not.
		while (ctx.sim.requests[0]?.status === undefined)
			await new Promise((resolve) => setImmediate(resolve));
		ctx.sim.faults.delayMs = 0;
		const result = await pending;
		expect(result.error).toBeUndefined();
		expect(ctx.sim.requests.length).toBeGreaterThanOrEqual(2);
	});

	it('sends a withdrawal again when the connection was surely never made', async () => {
		const result = await run(
			{
				resource: 'withdrawal',
				operation: 'create',
				address: ADDRESS,
				amount: '1',
				options: quick,
			},
			[{}],
			{ coinRemitterApi: { ...TCN, baseUrl: 'http://127.0.0.1:9' } },
		);
		expect(result.error?.message).toBe('Could not reach CoinRemitter: the connection was refused');
	});
});
