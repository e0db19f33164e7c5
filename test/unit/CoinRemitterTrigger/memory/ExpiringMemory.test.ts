import { ExpiringMemory } from '../../../../nodes/CoinRemitterTrigger/memory/ExpiringMemory';
import { HeldCallbacks } from '../../../../nodes/CoinRemitterTrigger/memory/HeldCallbacks';

describe('ExpiringMemory', () => {
	it('forgets an entry once its time is up', () => {
		const memory = new ExpiringMemory<true>(1_000, 10);
		memory.set('id', true, 0);
		expect(memory.has('id', 999)).toBe(true);
		expect(memory.has('id', 1_000)).toBe(false);
		expect(memory.size).toBe(0);
	});

	it('never holds more than its bound: the oldest entry goes first', () => {
		const memory = new ExpiringMemory<number>(60_000, 3);
		for (let i = 0; i < 5; i++) memory.set(`id${i}`, i, 0);
		expect(memory.size).toBe(3);
		expect(memory.get('id0', 1)).toBeUndefined();
		expect(memory.get('id4', 1)).toBe(4);
	});
});

describe('HeldCallbacks', () => {
	it('gives out at most its capacity; a release (once, however often called) frees one', () => {
		const slots = new HeldCallbacks(2);
		const first = slots.take();
		const second = slots.take();
		expect(slots.take()).toBeUndefined();
		first!();
		first!();
		expect(slots.inUse).toBe(1);
		expect(slots.take()).toBeDefined();
		second!();
	});
});

describe('ExpiringMemory in bytes', () => {
	it('keeps a key of any length as a digest of fixed size: 64 KiB keys hold no more than short ones', () => {
		const memory = new ExpiringMemory<true>(60_000, 1000);
		const longKey = (i: number) => `${i}:${'x'.repeat(64 * 1024)}`;
		memory.set(longKey(1), true, 0);
		expect(memory.has(longKey(1), 1)).toBe(true);
		expect(memory.has(longKey(2), 1)).toBe(false);
		const keys = [...(memory as unknown as { entries: Map<string, unknown> }).entries.keys()];
		expect(keys.map((key) => key.length)).toEqual([22]);
	});
});
