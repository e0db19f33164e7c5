/* eslint-disable @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node globals are fine here */
import { forEachBounded } from '../../../../nodes/CoinRemitter/actions/bounded';

describe('bounded work', () => {
	it('for 10,000 items, never starts more than the bound, and starts each only when a slot frees', async () => {
		const bound = 50;
		let running = 0;
		let most = 0;
		let started = 0;
		let finished = 0;
		const order: number[] = [];
		await forEachBounded(10_000, bound, async (index) => {
			started++;
			running++;
			most = Math.max(most, running);
			expect(started - finished).toBeLessThanOrEqual(bound);
			await new Promise((resolve) => setImmediate(resolve));
			order.push(index);
			running--;
			finished++;
		});
		expect(finished).toBe(10_000);
		expect(most).toBe(bound);
		expect(new Set(order).size).toBe(10_000);
	});

	it('stops taking new items once told to, and lets those under way finish', async () => {
		const done: number[] = [];
		let stop = false;
		await forEachBounded(
			100,
			4,
			async (index) => {
				await new Promise((resolve) => setImmediate(resolve));
				if (index === 5) stop = true;
				done.push(index);
			},
			() => stop,
		);
		expect(done.length).toBeLessThan(12);
		expect(done).toContain(5);
	});
});
