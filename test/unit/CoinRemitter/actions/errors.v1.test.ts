/* eslint-disable @n8n/community-nodes/no-restricted-imports -- Jest test code, never loaded by n8n: Node built-ins are fine here */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { forgetRateLimits } from '../../../../nodes/shared/delivery';
import { runNode } from '../../../helpers/engine';
import { expectNoSecrets } from '../../../helpers/assertions';
import { INACTIVE, TCN, WRONG, useSimulator, v1Credentials } from '../../../fixtures/simulator';

const ctx = useSimulator({ rateLimit: 3 });
const SECRETS = [
	TCN.apiPassword,
	WRONG.apiPassword,
	INACTIVE.apiPassword,
	TCN.apiKey,
	INACTIVE.apiKey,
];

async function runFailing(
	parameters: Record<string, unknown>,
	credentials = v1Credentials(ctx.sim),
) {
	const result = await runNode({
		parameters: { apiVersion: 'v1', ...parameters } as never,
		credentials,
	});
	expect(result.error).toBeDefined();
	expectNoSecrets(result.error, SECRETS);
	expectNoSecrets(result.run.data.resultData, SECRETS);
	return result.error!;
}

const balance = { resource: 'wallet', operation: 'getBalance' };

describe('v1 errors', () => {
	it('1001: names the rejected field in the service words', async () => {
		// An address the simulator refuses: the node cannot know the coin's address format.
		const error = await runFailing({
			resource: 'withdrawal',
			operation: 'create',
			address: 'Txyz',
			amount: '1',
		});
		expect(error.message).toBe('CoinRemitter rejected a field of the request [1001]');
		expect(error.description).toContain('The address is invalid.');
		expect(error.httpCode).toBe('400');
	});

	it('1002: server error says to retry later (once the read attempts are used up)', async () => {
		ctx.sim.faults.serverErrors = 1;
		const error = await runFailing({ ...balance, options: { readAttempts: 1 } });
		expect(error.message).toBe('CoinRemitter had an internal server error [1002]');
		expect(error.description).toMatch(/Try again in a few minutes/);
	});

	it('1003: wrong keys (HTTP 200) say to paste the key and password again', async () => {
		const error = await runFailing(balance, v1Credentials(ctx.sim, WRONG));
		expect(error.message).toBe('The CoinRemitter API key or API password is wrong [1003]');
		expect(error.description).toMatch(/paste the API key and API password/);
		expect(error.httpCode).toBe('200');
	});

	it('1004: inactive account', async () => {
		const error = await runFailing(balance, v1Credentials(ctx.sim, INACTIVE));
		expect(error.message).toBe(
			'The CoinRemitter account is inactive or its API access is not enabled [1004]',
		);
		expect(error.httpCode).toBe('401');
	});

	it('1005: not found says what to check', async () => {
		const error = await runFailing({
			resource: 'transaction',
			operation: 'get',
			transactionId: 'no-such-id',
		});
		expect(error.message).toBe('CoinRemitter could not find what was asked for [1005]');
		expect(error.description).toContain('Transaction not found.');
		expect(error.httpCode).toBe('404');
	});

	it('1006: rate limit explains the plan limits', async () => {
		for (let i = 0; i < 3; i++) {
			expect(
				(
					await runNode({
						parameters: { apiVersion: 'v1', ...balance },
						credentials: v1Credentials(ctx.sim),
					})
				).error,
			).toBeUndefined();
		}
		// The wallet's limiter outlives each run: the fourth run knows the window is used up and sends nothing.
		const error = await runFailing({ ...balance, options: { maxRateLimitWait: 0 } });
		expect(error.message).toBe('CoinRemitter rate limit reached [1006]');
		expect(error.description).toMatch(/100 per minute on the free plan, 500 on pro/);
		expect(ctx.sim.requests).toHaveLength(3);
		// A process that has not seen the window meets the 429 itself, and says so.
		forgetRateLimits();
		const after429 = await runFailing({ ...balance, options: { maxRateLimitWait: 0 } });
		expect(after429.message).toBe('CoinRemitter rate limit reached [1006]');
		expect(after429.httpCode).toBe('429');
		expect(ctx.sim.requests.map((request) => request.status)).toEqual([200, 200, 200, 429]);
	});

	it('1007: maintenance', async () => {
		ctx.sim.faults.maintenance = true;
		const error = await runFailing({ ...balance, options: { readAttempts: 1 } });
		expect(error.message).toBe('CoinRemitter is under maintenance [1007]');
		expect(error.httpCode).toBe('503');
	});

	it('a refused connection is a clear network error without secrets', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise((resolve) => closed.close(resolve));
		const error = await runFailing(balance, {
			coinRemitterApi: { ...TCN, baseUrl: `http://127.0.0.1:${port}` },
		});
		expect(error.message).toBe('Could not reach CoinRemitter: the connection was refused');
		expect(error.description).toMatch(/Check the base URL/);
	});

	it('a body that is not JSON (a proxy page) is reported as such', async () => {
		const proxy = createServer((_req, res) =>
			res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'),
		);
		await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
		const { port } = proxy.address() as AddressInfo;
		try {
			const error = await runFailing(balance, {
				coinRemitterApi: { ...TCN, baseUrl: `http://127.0.0.1:${port}/` },
			});
			expect(error.message).toBe(
				'CoinRemitter answered HTTP 502 with a body that is not the expected JSON',
			);
		} finally {
			await new Promise((resolve) => proxy.close(resolve));
		}
	});

	it('errors carry the index of the failing item', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'transaction',
				operation: 'get',
				transactionId: '={{ $json.id }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: [{ id: 'missing-a' }, { id: 'missing-b' }],
		});
		// Both items were in flight together; the error is the first item's.
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(ctx.sim.requests).toHaveLength(2);
	});

	it('with one request at a time, the first failing item stops the rest', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'transaction',
				operation: 'get',
				transactionId: '={{ $json.id }}',
				options: { concurrency: 1 },
			},
			credentials: v1Credentials(ctx.sim),
			items: [{ id: 'missing-a' }, { id: 'missing-b' }],
		});
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(ctx.sim.requests).toHaveLength(1);
	});
});

describe('continueOnFail', () => {
	it('turns each failure into an error item paired to its input and goes on', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'address',
				operation: 'create',
				label: '={{ $json.label }}',
			},
			credentials: v1Credentials(ctx.sim, WRONG),
			items: [{ label: 'ok1' }, { label: 'bad label!' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBe(
			'The CoinRemitter API key or API password is wrong [1003]',
		);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json.error).toBe(
			'Label: may contain only letters A-Z and digits 0-9 (no spaces or symbols)',
		);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expectNoSecrets(result.items, SECRETS);
	});

	it('keeps successful items and error items in input order', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'address',
				operation: 'validate',
				address: '={{ $json.address }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: [{ address: 'T' + '1'.repeat(33) }, { address: '' }, { address: 'nope' }],
			continueOnFail: true,
		});
		expect(result.items.map((item) => item.json)).toEqual([
			{ valid: true },
			expect.objectContaining({ error: 'Address: is required but empty' }),
			{ valid: false },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(ctx.sim.requests).toHaveLength(2);
	});
});
