import { AddressBatches } from '../../../../nodes/CoinRemitterTrigger/flood/AddressBatches';

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
