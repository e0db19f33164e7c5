import { request } from 'undici';

import { useSimulator, TCN } from '../../fixtures/simulator';

const ctx = useSimulator({ rateLimit: 2 });

async function post(path: string, fields: Record<string, string>, keys: Partial<typeof TCN> = TCN) {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	const headers: Record<string, string> = {};
	if (keys.apiKey) headers['x-api-key'] = keys.apiKey;
	if (keys.apiPassword) headers['x-api-password'] = keys.apiPassword;
	const response = await fetch(`${ctx.sim.url}${path}`, { method: 'POST', body: form, headers });
	return {
		status: response.status,
		headers: response.headers,
		body: (await response.json()) as Record<string, unknown>,
	};
}

describe('gateway simulator (v1)', () => {
	it('answers with rate limit headers and 429 + 1006 past the limit', async () => {
		const first = await post('/v1/wallet/balance', {});
		expect(first.headers.get('x-ratelimit-limit')).toBe('2');
		expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
		await post('/v1/wallet/balance', {});
		const third = await post('/v1/wallet/balance', {});
		expect(third.status).toBe(429);
		expect(third.body).toEqual({
			success: false,
			error: 'too_many_requests',
			error_code: 1006,
			msg: 'Too Many Attempts.',
		});
	});

	it('answers wrong credentials with HTTP 200 and 1003', async () => {
		const response = await post(
			'/v1/wallet/balance',
			{},
			{ apiKey: TCN.apiKey, apiPassword: 'wrong' },
		);
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({ success: false, error_code: 1003 });
	});

	it.each([
		[
			'/v1/wallet/withdraw',
			{ address: 'T' + '3'.repeat(33), amount: '1.123456789' },
			/at most 8 decimals/,
		],
		[
			'/v1/wallet/withdraw',
			{ address: 'T' + '3'.repeat(33), amount: '1000' },
			/Insufficient balance/,
		],
		[
			'/v1/wallet/withdraw',
			{ address: 'T' + '3'.repeat(33), amount: '1', withdrawal_speed: 'fast' },
			/withdrawal_speed/,
		],
		['/v1/wallet/address/create', { label: 'has space' }, /letters and numbers/],
		['/v1/invoice/create', { amount: '1', fiat_currency: 'XYZ' }, /fiat currency is invalid/],
	])('rejects invalid input on %s with 400 + 1001', async (path, fields, msg) => {
		const response = await post(path, fields as Record<string, string>);
		expect(response.status).toBe(400);
		expect(response.body).toMatchObject({ success: false, error_code: 1001 });
		expect(response.body.msg).toMatch(msg);
	});

	it('keeps total_amount = amount + fees exact and debits the wallet by it', async () => {
		const estimate = await post('/v1/wallet/withdraw/estimate', { amount: '3.33333333' });
		const data = estimate.body.data as Record<string, string>;
		expect(data.total_amount).toBe('3.34176666');
		expect(ctx.sim.wallet(TCN.apiKey)!.balance).toBe(2500000000n);
	});

	it('answers unknown paths with 404 + 1005', async () => {
		const response = await post('/v1/wallet/nothing', {});
		expect(response.status).toBe(404);
		expect(response.body).toMatchObject({ error_code: 1005 });
	});
});

describe('gateway simulator latency', () => {
	const slow = useSimulator({ latencyMs: 120 });

	async function timedBalance(url: string) {
		const started = performance.now();
		const response = await request(`${url}/v1/wallet/balance`, {
			method: 'POST',
			headers: { 'x-api-key': TCN.apiKey, 'x-api-password': TCN.apiPassword },
		});
		await response.body.json();
		return { status: response.statusCode, ms: performance.now() - started };
	}

	it('answers every API request after the latency it was started with', async () => {
		const answer = await timedBalance(slow.sim.url);
		expect(answer.status).toBe(200);
		expect(answer.ms).toBeGreaterThanOrEqual(115);
	});

	it('changes the latency through POST /__sim/latency, and refuses a bad value', async () => {
		const set = async (body: unknown) => {
			const response = await request(`${slow.sim.url}/__sim/latency`, {
				method: 'POST',
				body: JSON.stringify(body),
			});
			return {
				status: response.statusCode,
				body: (await response.body.json()) as Record<string, unknown>,
			};
		};
		expect(await set({ ms: 0 })).toEqual({ status: 200, body: { ms: 0 } });
		expect((await timedBalance(slow.sim.url)).ms).toBeLessThan(100);
		expect(await set({ ms: 250 })).toEqual({ status: 200, body: { ms: 250 } });
		expect((await timedBalance(slow.sim.url)).ms).toBeGreaterThanOrEqual(245);
		expect((await set({ ms: -1 })).status).toBe(400);
		await set({ ms: 120 });
	});

	it('holds answers back concurrently, not one after another', async () => {
		const started = performance.now();
		const answers = await Promise.all(Array.from({ length: 10 }, () => timedBalance(slow.sim.url)));
		expect(answers.every((answer) => answer.status === 200)).toBe(true);
		expect(performance.now() - started).toBeLessThan(10 * 120 * 0.5);
	});
});
