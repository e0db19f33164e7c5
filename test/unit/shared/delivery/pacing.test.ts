import type { RecordedRequest } from '../../../../simulator/server';
import { operation, requestOption } from '../../../helpers/editor';
import { runNode } from '../../../helpers/engine';
import { useSimulator, v1Credentials } from '../../../fixtures/simulator';

// A tight limit (5 per second) and a gateway 30 ms away.
const LIMIT = 5;
const WINDOW_MS = 1000;
const ctx = useSimulator({ rateLimit: LIMIT, rateWindowMs: WINDOW_MS, latencyMs: 30 });

const WINDOW = requestOption('Rate Limit Window (Seconds)');
const CONCURRENCY = requestOption('Concurrent Requests');
const getBalance = operation('V1 (Current)', 'Wallet', 'Get Balance');
const fastWindow = { [WINDOW.name]: WINDOW_MS / 1000 };

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ i }));

/** Requests per window, counted the way the simulator opens its windows (at the first request after the last one closed). */
function perWindow(requests: RecordedRequest[]): number[] {
	const counts: number[] = [];
	let resetAt = -Infinity;
	for (const request of [...requests].sort((a, b) => a.at - b.at)) {
		if (request.at >= resetAt) {
			counts.push(0);
			resetAt = request.at + WINDOW_MS;
		}
		counts[counts.length - 1]++;
	}
	return counts;
}

describe('the rate limiter with many calls in flight', () => {
	it('never overruns the window with many items in flight, and no 429 happens', async () => {
		const started = Date.now();
		const result = await runNode({
			parameters: { ...getBalance, options: fastWindow },
			credentials: v1Credentials(ctx.sim),
			items: items(23),
		});
		const elapsed = Date.now() - started;
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(23);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		expect(Math.max(...perWindow(ctx.sim.requests))).toBeLessThanOrEqual(LIMIT);
		// 23 calls at 5 a window need four window turns, and the node wastes little beyond them.
		expect(elapsed).toBeGreaterThanOrEqual(4 * WINDOW_MS);
		expect(elapsed).toBeLessThan(4 * WINDOW_MS + 1000);
	});

	it('paces two executions on one wallet together: their calls share one window', async () => {
		const run = () =>
			runNode({
				parameters: { ...getBalance, options: fastWindow },
				credentials: v1Credentials(ctx.sim),
				items: items(12),
			});
		const started = Date.now();
		const [first, second] = await Promise.all([run(), run()]);
		const elapsed = Date.now() - started;
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(first.items).toHaveLength(12);
		expect(second.items).toHaveLength(12);
		expect(ctx.sim.requests).toHaveLength(24);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		expect(Math.max(...perWindow(ctx.sim.requests))).toBeLessThanOrEqual(LIMIT);
		expect(elapsed).toBeGreaterThanOrEqual(4 * WINDOW_MS);
	});

	it('keeps the window with the concurrency option at its largest', async () => {
		const result = await runNode({
			parameters: { ...getBalance, options: { ...fastWindow, [CONCURRENCY.name]: 500 } },
			credentials: v1Credentials(ctx.sim),
			items: items(11),
		});
		expect(result.items).toHaveLength(11);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		expect(Math.max(...perWindow(ctx.sim.requests))).toBeLessThanOrEqual(LIMIT);
	});

	it('waits out 429s that come anyway (another client on the wallet) and every item succeeds', async () => {
		ctx.sim.faults.rateLimitBurst = 3;
		const result = await runNode({
			parameters: { ...getBalance, options: fastWindow },
			credentials: v1Credentials(ctx.sim),
			items: items(8),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(8);
		expect(result.items.every((item) => item.json.balance === '25.00000000')).toBe(true);
		expect(
			ctx.sim.requests.filter((request) => request.status === 429).length,
		).toBeGreaterThanOrEqual(3);
	});
});
