import { RateLimiter, RateLimitWaitExceeded } from '../../../../nodes/shared/delivery/RateLimiter';
import { WINDOW_GUARD_MS } from '../../../../nodes/shared/delivery/rateWindow';
import { forgetRateLimits, limiterFor } from '../../../../nodes/shared/delivery/registry';

const WINDOW_MS = 1000;
/** The limiter adds this to every window end, for clock steps and timer jitter. */
const GUARD_MS = WINDOW_GUARD_MS;

const limitHeaders = (limit: number, remaining: number) => ({
	'x-ratelimit-limit': String(limit),
	'x-ratelimit-remaining': String(remaining),
});

/** True once `promise` has a slot, false while it waits; a refusal fails the test. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
	let state = 'waiting' as 'waiting' | 'granted' | 'refused';
	void promise.then(
		() => (state = 'granted'),
		() => (state = 'refused'),
	);
	await jest.advanceTimersByTimeAsync(0);
	expect(state).not.toBe('refused');
	return state === 'granted';
}

/** How many of `calls` have a slot; a refusal fails the test. */
async function granted(calls: Promise<unknown>[]): Promise<number> {
	let count = 0;
	for (const call of calls) if (await settled(call)) count++;
	return count;
}

describe('RateLimiter', () => {
	beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
	afterEach(() => {
		jest.useRealTimers();
		forgetRateLimits();
	});

	it('sends the first call alone while the limit is unknown, then as many as the headers allow', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		const second = limiter.acquire(5000);
		expect(await settled(second)).toBe(false);

		await jest.advanceTimersByTimeAsync(100);
		limiter.settle(first.ticket, 200, limitHeaders(3, 2));
		expect(await settled(second)).toBe(true);
		expect(await settled(limiter.acquire(5000))).toBe(true);
		// Three calls in the window of a limit of three: the fourth waits for the next window.
		const fourth = limiter.acquire(5000);
		expect(await settled(fourth)).toBe(false);
	});

	it('opens the window when its first call is answered, however long that took, and ends it one window length later', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		await jest.advanceTimersByTimeAsync(100);
		limiter.settle(first.ticket, 200, limitHeaders(1, 0));
		const next = limiter.acquire(5000);
		// The server opened its window somewhere within the 100 ms round trip: counted from the answer.
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS - 1);
		expect(await settled(next)).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(await settled(next)).toBe(true);
		expect((await next).waitedMs).toBe(WINDOW_MS + GUARD_MS);
	});

	it("assumes the free plan's 100 a window when the service sends no limit headers", async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, {});
		// No trigger of the wallet verifies anything: item work has the whole window.
		for (let call = 2; call <= 100; call++) expect(await settled(limiter.acquire(0))).toBe(true);
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);
		await expect(limiter.acquire(0, 0, 'verification')).rejects.toBeInstanceOf(
			RateLimitWaitExceeded,
		);
	});

	it('has room while more than the given share of the window is free, and again once the window is over', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		expect(limiter.hasRoom(0.5)).toBe(false); // the limit is not known yet
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(4, 3));
		expect(limiter.hasRoom(0.5)).toBe(true); // 3 of 4 free
		await limiter.acquire(5000);
		expect(limiter.hasRoom(0.5)).toBe(false); // 2 of 4 free: not more than half
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		expect(limiter.hasRoom(0.5)).toBe(true);
	});

	it('refuses to wait longer than the caller allows, and says how long it would take', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(1, 0));
		const refused = limiter.acquire(500);
		await expect(refused).rejects.toBeInstanceOf(RateLimitWaitExceeded);
		await expect(refused).rejects.toMatchObject({ neededMs: WINDOW_MS + GUARD_MS });
	});

	it('closes the window after a 429 until retry-after has passed', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(10, 9));
		const second = await limiter.acquire(5000);
		limiter.settle(second.ticket, 429, { 'retry-after': '3' });
		const third = limiter.acquire(10_000);
		await jest.advanceTimersByTimeAsync(2999);
		expect(await settled(third)).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(await settled(third)).toBe(true);
	});

	it('only ever counts down: a larger remaining figure does not free slots in the current window', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(3, 1));
		const second = await limiter.acquire(5000);
		limiter.settle(second.ticket, 200, limitHeaders(3, 2));
		// Two of three sent: the answer's "2 remaining" belongs to a window that has not opened for us.
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);
	});

	it('lets the next call probe again when the first call got no answer', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		const second = limiter.acquire(5000);
		limiter.settle(first.ticket, undefined, {});
		expect(await settled(second)).toBe(true);
		expect((await second).ticket.opener).toBe(true);
	});

	it("a cold process sends its first calls together under CoinRemitter's one-minute window", async () => {
		const limiter = new RateLimiter(60_000);
		// The free plan's 100 go to item work at once, without waiting for a first answer.
		for (let call = 1; call <= 100; call++) expect(await settled(limiter.acquire(0))).toBe(true);
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);
	});

	it('keeps a tenth of each window for callback verification while the wallet verifies callbacks', async () => {
		const limiter = new RateLimiter(60_000);
		await limiter.acquire(0, 0, 'verification');
		for (let call = 1; call <= 89; call++) expect(await settled(limiter.acquire(0))).toBe(true);
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);
		for (let call = 1; call <= 10; call++)
			expect(await settled(limiter.acquire(0, 0, 'verification'))).toBe(true);
		await expect(limiter.acquire(0, 0, 'verification')).rejects.toBeInstanceOf(
			RateLimitWaitExceeded,
		);
	});

	it('gives the reserve back to item work two windows after the last verification', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(0, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(10, 9));
		for (let call = 1; call <= 8; call++) await limiter.acquire(0);
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);

		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		for (let call = 1; call <= 9; call++) await limiter.acquire(0); // still held: 9 of 10
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);

		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		for (let call = 1; call <= 10; call++) await limiter.acquire(0); // released: all 10
		await expect(limiter.acquire(0)).rejects.toBeInstanceOf(RateLimitWaitExceeded);
	});

	it('gives waiting verifications the slots above the share owed to item work that waited longer', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(4, 0));
		const work = Array.from({ length: 4 }, () => limiter.acquire(5000));
		const verifications = Array.from({ length: 4 }, () => limiter.acquire(5000, 0, 'verification'));
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		// A window of 4: half is item work's while verifications wait, the other half goes to them.
		expect(await granted(verifications)).toBe(2);
		expect(await granted(work)).toBe(2);
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		expect(await granted(verifications)).toBe(4);
		expect(await granted(work)).toBe(4);
	});

	it('a flood of verifications never keeps item work from its half of every window', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(10, 0));
		const flood = Array.from({ length: 200 }, (_, i) =>
			limiter.acquire(60_000, 0, i % 2 ? 'verification' : 'background'),
		);
		const checkout = Array.from({ length: 10 }, () => limiter.acquire(60_000));
		for (let window = 1; window <= 2; window++) {
			await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
			expect(await granted(checkout)).toBe(5 * window);
			expect(await granted(flood)).toBe(5 * window);
		}
	});

	it('lets a batch of item work use every slot that the few waiting verifications leave, within two windows', async () => {
		// The burst of measure 5 in small: a minute's window at the free plan's 100, a batch of 100
		// reads beside callbacks being verified, the longest wait at its default of 120 s.
		const limiter = new RateLimiter(60_000);
		const first = await limiter.acquire(5000, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(100, 99));
		const batch = Array.from({ length: 100 }, () => limiter.acquire(120_000));
		const reserve = Array.from({ length: 10 }, () => limiter.acquire(5000, 0, 'verification'));
		expect(await granted(batch)).toBe(89); // the reserve stays free for the callbacks
		expect(await granted(reserve)).toBe(10);
		// The window is full: acknowledged callbacks and senders wait beside the batch's last 11.
		const background = Array.from({ length: 3 }, () => limiter.acquire(600_000, 0, 'background'));
		const senders = Array.from({ length: 2 }, () => limiter.acquire(90_000, 0, 'verification'));
		expect(await granted(batch)).toBe(89);

		await jest.advanceTimersByTimeAsync(60_000 + GUARD_MS);
		expect(await granted(senders)).toBe(2);
		expect(await granted(batch)).toBe(100);
		expect(await granted(background)).toBe(3);
	});

	it('serves waiting verifications first, then item work beyond its share, and acknowledged ones with what work leaves', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(10, 0));
		const work = Array.from({ length: 20 }, () => limiter.acquire(60_000));
		const background = Array.from({ length: 5 }, () => limiter.acquire(60_000, 0, 'background'));
		const senders = Array.from({ length: 3 }, () => limiter.acquire(60_000, 0, 'verification'));
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		// A window of 10: the 3 senders, work its half and all but the reserve (1), the reserve to
		// the acknowledged callbacks.
		expect(await granted(senders)).toBe(3);
		expect(await granted(work)).toBe(6);
		expect(await granted(background)).toBe(1);
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		expect(await granted(work)).toBe(15);
		expect(await granted(background)).toBe(2);
	});

	it('does not give up on a window whose slots a waiting caller may still leave to it', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(10, 0));
		// Senders that can wait into the next window but not the one after; one item of work.
		const patience = WINDOW_MS + GUARD_MS + 500;
		const senders = Array.from({ length: 7 }, () => limiter.acquire(patience, 0, 'verification'));
		const work = limiter.acquire(patience);
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		// The senders that woke before the item found the last 5 slots owed to it; once it took its
		// one, the rest were theirs in this window.
		expect(await settled(work)).toBe(true);
		expect(await granted(senders)).toBe(7);
	});

	it('wakes the other lanes when a caller starts waiting: nothing idles, and nobody waits in vain', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(10, 9));
		for (let call = 1; call <= 7; call++) await limiter.acquire(0, 0, 'verification');
		await limiter.acquire(0); // item work: 1 of its 5, the last slot is the reserve
		const work = limiter.acquire(60_000);
		expect(await settled(work)).toBe(false);
		// A sender comes: the last slot is owed to the waiting item, which takes it at once; the sender
		// learns at once that this window has nothing left for it.
		const sender = expect(limiter.acquire(500, 0, 'verification')).rejects.toMatchObject({
			neededMs: WINDOW_MS + GUARD_MS,
		});
		expect(await settled(work)).toBe(true);
		await sender;
		expect(Date.now()).toBe(1_000_000);
	});

	it('gives up at once when only callers of its own lane wait for the slots out of its reach', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000, 0, 'verification');
		limiter.settle(first.ticket, 200, limitHeaders(10, 4));
		for (let call = 1; call <= 3; call++) await limiter.acquire(0);
		// The last slot is the reserve (1 of 10): no item work takes it, and another item waiting
		// for the next window changes nothing about that.
		const patient = limiter.acquire(60_000);
		expect(await settled(patient)).toBe(false);
		const hurried = limiter.acquire(300);
		await expect(hurried).rejects.toMatchObject({ neededMs: WINDOW_MS + GUARD_MS });
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		expect(await settled(patient)).toBe(true);
	});

	it('lets item work go again once no verification waits', async () => {
		const limiter = new RateLimiter(WINDOW_MS);
		const first = await limiter.acquire(5000);
		limiter.settle(first.ticket, 200, limitHeaders(1, 0));
		const verification = limiter.acquire(200, 0, 'verification');
		await expect(verification).rejects.toBeInstanceOf(RateLimitWaitExceeded);
		const work = limiter.acquire(5000);
		await jest.advanceTimersByTimeAsync(WINDOW_MS + GUARD_MS);
		expect(await settled(work)).toBe(true);
	});

	it("never resets one window's count when a caller with another window comes", async () => {
		// A paced run (2 s window, a limit of 10, all used), then a node with the default window: it
		// gets a limiter of its own, and the paced run's count stands.
		const key = 'coinRemitterApi|wallet|http://gateway';
		const paced = limiterFor(key, 2000);
		const first = await paced.acquire(5000);
		paced.settle(first.ticket, 200, limitHeaders(10, 0));
		const pacedNext = paced.acquire(60_000);
		expect(await settled(pacedNext)).toBe(false);

		const minute = limiterFor(key, 60_000);
		expect(minute).not.toBe(paced);
		expect(limiterFor(key, 2000)).toBe(paced); // one wallet and window, one limiter
		expect(await settled(minute.acquire(1000))).toBe(true);
		expect(await settled(minute.acquire(1000))).toBe(true);
		expect(await settled(pacedNext)).toBe(false);
		await jest.advanceTimersByTimeAsync(2000 + GUARD_MS);
		expect(await settled(pacedNext)).toBe(true);
	});

	it("keeps a 429's retry-after for every limiter of the wallet", async () => {
		const key = 'coinRemitterApi|wallet|http://gateway';
		const paced = limiterFor(key, 2000);
		const first = await paced.acquire(5000);
		paced.settle(first.ticket, 429, { 'retry-after': '3' });
		const next = limiterFor(key, 60_000).acquire(10_000);
		expect(await settled(next)).toBe(false);
		await jest.advanceTimersByTimeAsync(3000);
		expect(await settled(next)).toBe(true);
		expect(await settled(limiterFor('coinRemitterApi|other|http://gateway', 2000).acquire(0))).toBe(
			true,
		);
	});
});
