import { operation, requestOption } from '../../../helpers/editor';
import { runNode } from '../../../helpers/engine';
import { perWindow } from '../../../helpers/requestLog';
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

const windows = () => perWindow(ctx.sim.requests, WINDOW_MS);

describe('the rate limiter with many calls in flight', () => {
	it('never overruns the window with many items in flight, and no 429 happens', async () => {
		const result = await runNode({
			parameters: { ...getBalance, options: fastWindow },
			credentials: v1Credentials(ctx.sim),
			items: items(23),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(23);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		// 23 calls at 5 a window: four full windows and the rest, none wasted (how long it takes: npm run bench).
		expect(windows()).toEqual([5, 5, 5, 5, 3]);
	});

	it('paces two executions on one wallet together: their calls share one window', async () => {
		const run = () =>
			runNode({
				parameters: { ...getBalance, options: fastWindow },
				credentials: v1Credentials(ctx.sim),
				items: items(12),
			});
		const [first, second] = await Promise.all([run(), run()]);
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(first.items).toHaveLength(12);
		expect(second.items).toHaveLength(12);
		expect(ctx.sim.requests).toHaveLength(24);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		expect(windows()).toEqual([5, 5, 5, 5, 4]);
	});

	it('keeps the window with the concurrency option at its largest', async () => {
		const result = await runNode({
			parameters: { ...getBalance, options: { ...fastWindow, [CONCURRENCY.name]: 500 } },
			credentials: v1Credentials(ctx.sim),
			items: items(11),
		});
		expect(result.items).toHaveLength(11);
		expect(ctx.sim.requests.filter((request) => request.status === 429)).toHaveLength(0);
		expect(Math.max(...windows())).toBeLessThanOrEqual(LIMIT);
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
