/* eslint-disable @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node globals are fine here */
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

	/** Sends a balance read; its status and the simulator's record of it (arrival and answer). */
	async function balance(url: string) {
		const response = await request(`${url}/v1/wallet/balance`, {
			method: 'POST',
			headers: { 'x-api-key': TCN.apiKey, 'x-api-password': TCN.apiPassword },
		});
		await response.body.json();
		const record = slow.sim.requests.at(-1)!;
		return { status: response.statusCode, heldMs: record.answeredAt! - record.at };
	}

	const setLatency = async (body: unknown) => {
		const response = await request(`${slow.sim.url}/__sim/latency`, {
			method: 'POST',
			body: JSON.stringify(body),
		});
		return {
			status: response.statusCode,
			body: (await response.body.json()) as Record<string, unknown>,
		};
	};

	it('answers every API request after the latency it was started with', async () => {
		const answer = await balance(slow.sim.url);
		expect(answer.status).toBe(200);
		expect(answer.heldMs).toBeGreaterThanOrEqual(115); // a timer may fire a few ms early by Date.now()
	});

	it('changes the latency through POST /__sim/latency, and refuses a bad value', async () => {
		expect(await setLatency({ ms: 250 })).toEqual({ status: 200, body: { ms: 250 } });
		expect((await balance(slow.sim.url)).heldMs).toBeGreaterThanOrEqual(245);
		// A read sent at 0 ms while one held for 2 s is under way is answered first.
		expect(await setLatency({ ms: 2000 })).toEqual({ status: 200, body: { ms: 2000 } });
		const held = balance(slow.sim.url);
		// Its answer is held once the simulator has its status (the delay is read at that moment).
		while (slow.sim.requests[1]?.status === undefined)
			await new Promise((resolve) => setImmediate(resolve));
		expect(await setLatency({ ms: 0 })).toEqual({ status: 200, body: { ms: 0 } });
		await balance(slow.sim.url);
		await held;
		const [, slowRead, quickRead] = slow.sim.requests;
		expect(quickRead.answeredAt!).toBeLessThan(slowRead.answeredAt!);
		expect((await setLatency({ ms: -1 })).status).toBe(400);
		await setLatency({ ms: 120 });
	});

	it('holds answers back concurrently, not one after another', async () => {
		// Held a whole second, so that a loaded machine still gets all ten under way first.
		await setLatency({ ms: 1000 });
		const answers = await Promise.all(Array.from({ length: 10 }, () => balance(slow.sim.url)));
		expect(answers.every((answer) => answer.status === 200)).toBe(true);
		// Each was held for the whole latency, and all of them were under way together.
		const reads = slow.sim.requests;
		expect(reads).toHaveLength(10);
		expect(reads.every((read) => read.answeredAt! - read.at >= 995)).toBe(true);
		const lastArrival = Math.max(...reads.map((read) => read.at));
		expect(reads.every((read) => read.answeredAt! > lastArrival)).toBe(true);
		await setLatency({ ms: 120 });
	});
});
