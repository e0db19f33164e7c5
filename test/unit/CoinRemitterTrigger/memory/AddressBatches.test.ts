import { AddressBatches } from '../../../../nodes/CoinRemitterTrigger/memory/AddressBatches';

/** A read that answers when told to, counting how often it was started. */
function controlledReads() {
	const started: Array<(answer: string) => void> = [];
	const read = async () => await new Promise<string>((resolve) => started.push(resolve));
	return { started, read };
}

describe('AddressBatches', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('callers that come while a read is under way share the next read, not the running one', async () => {
		const batches = new AddressBatches<string>(5_000);
		const { started, read } = controlledReads();
		const first = batches.settle('wallet|A', read);
		await jest.advanceTimersByTimeAsync(0);
		expect(started).toHaveLength(1);
		const later = Array.from({ length: 50 }, async () => await batches.settle('wallet|A', read));
		started[0]('read 1');
		await expect(first).resolves.toBe('read 1');
		await jest.advanceTimersByTimeAsync(4_999);
		expect(started).toHaveLength(1);
		await jest.advanceTimersByTimeAsync(1);
		expect(started).toHaveLength(2);
		started[1]('read 2');
		await expect(Promise.all(later)).resolves.toEqual(Array(50).fill('read 2'));
	});

	it('other addresses are read on their own, at once', async () => {
		const batches = new AddressBatches<string>(5_000);
		const { started, read } = controlledReads();
		const a = batches.settle('wallet|A', read);
		const b = batches.settle('wallet|B', read);
		await jest.advanceTimersByTimeAsync(0);
		expect(started).toHaveLength(2);
		started.forEach((resolve, index) => resolve(`read ${index}`));
		await expect(Promise.all([a, b])).resolves.toEqual(['read 0', 'read 1']);
	});

	it('a failed read fails every caller of its batch, and the address is forgotten after its interval', async () => {
		const batches = new AddressBatches<string>(5_000);
		const failing = async () => await Promise.reject(new Error('no answer'));
		const callers = [batches.settle('wallet|A', failing), batches.settle('wallet|A', failing)];
		await expect(Promise.all(callers)).rejects.toThrow('no answer');
		expect(batches.size).toBe(1);
		await jest.advanceTimersByTimeAsync(5_000);
		expect(batches.size).toBe(0);
	});
});

describe('AddressBatches: a read under way that already answers', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	const listsB = (answer: string) => answer.includes('B');

	it('serves the callers it answers for, and the next read is not sent when nobody else waits', async () => {
		const batches = new AddressBatches<string>(5_000);
		const { started, read } = controlledReads();
		const first = batches.settle('wallet|A', read, () => false, listsB);
		await jest.advanceTimersByTimeAsync(0);
		const later = Array.from(
			{ length: 10 },
			async () => await batches.settle('wallet|A', read, () => false, listsB),
		);
		started[0]('read 1 lists A and B');
		await expect(first).resolves.toBe('read 1 lists A and B');
		await expect(Promise.all(later)).resolves.toEqual(Array(10).fill('read 1 lists A and B'));
		await jest.advanceTimersByTimeAsync(10_000);
		expect(started).toHaveLength(1);
		expect(batches.size).toBe(0);
	});

	it('callers it does not answer for get the next read, which starts after them', async () => {
		const batches = new AddressBatches<string>(5_000);
		const { started, read } = controlledReads();
		void batches.settle('wallet|A', read, () => false, listsB);
		await jest.advanceTimersByTimeAsync(0);
		const served = batches.settle('wallet|A', read, () => false, listsB);
		const notServed = batches.settle(
			'wallet|A',
			read,
			() => false,
			() => false,
		);
		started[0]('read 1 lists B');
		await expect(served).resolves.toBe('read 1 lists B');
		await jest.advanceTimersByTimeAsync(0);
		expect(started).toHaveLength(2);
		started[1]('read 2');
		await expect(notServed).resolves.toBe('read 2');
	});

	it('a failed read under way leaves its callers to the next read', async () => {
		const batches = new AddressBatches<string>(5_000);
		const { started, read } = controlledReads();
		let fail: (error: Error) => void = () => undefined;
		const failing = async () => await new Promise<string>((_resolve, reject) => (fail = reject));
		const first = batches.settle('wallet|A', failing);
		await jest.advanceTimersByTimeAsync(0);
		const later = batches.settle('wallet|A', read, () => false, listsB);
		fail(new Error('no answer'));
		await expect(first).rejects.toThrow('no answer');
		await jest.advanceTimersByTimeAsync(0);
		expect(started).toHaveLength(1);
		started[0]('read 2 lists B');
		await expect(later).resolves.toBe('read 2 lists B');
	});
});
