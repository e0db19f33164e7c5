import type { Lane, WindowDemand } from '../../../../nodes/shared/delivery/rateWindow';
import {
	assumedLimit,
	correctedAvailable,
	mayTake,
	rateHeaders,
	retryAfterUntil,
	slotsLeft,
	verificationReserve,
	windowEnd,
	workGuarantee,
} from '../../../../nodes/shared/delivery/rateWindow';

const nobodyWaits = { verification: 0, background: 0, work: 0 };
const demand = (over: Partial<WindowDemand>): WindowDemand => ({
	limit: 100,
	available: 100,
	workTaken: 0,
	waiting: nobodyWaits,
	verifying: false,
	...over,
});
const lanes: Lane[] = ['verification', 'background', 'work'];

/** How many slots of a fresh window each lane ends with when its waiting callers keep asking, in this order. */
function share(limit: number, order: Lane[], waiting: WindowDemand['waiting'], verifying = false) {
	const asking = order.filter((lane) => waiting[lane] > 0);
	const taken: Record<Lane, number> = { verification: 0, background: 0, work: 0 };
	let available = limit;
	for (let progress = true; progress && available > 0; ) {
		progress = false;
		for (const lane of asking) {
			if (!mayTake(lane, demand({ limit, available, workTaken: taken.work, waiting, verifying })))
				continue;
			taken[lane]++;
			available--;
			progress = true;
			break;
		}
	}
	return taken;
}

describe('rate window arithmetic', () => {
	it("assumes the free plan's 100 only under CoinRemitter's one-minute window", () => {
		expect(assumedLimit(60_000)).toBe(100);
		expect(assumedLimit(2_000)).toBeUndefined();
	});

	it('ends a window one length (and a guard) after it opened', () => {
		expect(windowEnd(1050, 2000)).toBe(3060);
	});

	it('reads the limit headers only when both are numbers and the limit is positive', () => {
		expect(rateHeaders({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0' })).toEqual({
			limit: 20,
			remaining: 0,
		});
		expect(rateHeaders({ 'x-ratelimit-limit': '0', 'x-ratelimit-remaining': '0' })).toBeUndefined();
		expect(rateHeaders({ 'x-ratelimit-limit': '20' })).toBeUndefined();
		expect(rateHeaders({})).toBeUndefined();
	});

	it('closes until retry-after (seconds) after a 429, and not at all without one', () => {
		expect(retryAfterUntil(5000, { 'retry-after': '3' })).toBe(8000);
		expect(retryAfterUntil(5000, { 'retry-after': 'soon' })).toBeUndefined();
		expect(retryAfterUntil(5000, {})).toBeUndefined();
	});

	it('counts what is left from the headers, else from the limit, less the calls in flight', () => {
		expect(slotsLeft({ remaining: 7 }, 20, 3)).toBe(4);
		expect(slotsLeft(undefined, 20, 3)).toBe(16);
		expect(slotsLeft(undefined, undefined, 0)).toBe(99);
		expect(slotsLeft({ remaining: 1 }, 20, 5)).toBe(0);
	});

	it("takes a window's first figure up or down, and later ones only downwards", () => {
		expect(correctedAvailable(3, 10, true, true)).toBe(10);
		expect(correctedAvailable(3, 10, false, true)).toBe(3);
		expect(correctedAvailable(10, 3, false, true)).toBe(3);
		expect(correctedAvailable(10, 3, false, false)).toBe(10);
	});

	it('gives item work the whole window when no trigger of the wallet verifies anything', () => {
		const alone = { ...nobodyWaits, work: 1 };
		expect(share(20, ['work'], alone).work).toBe(20);
		expect(share(100, ['work'], alone).work).toBe(100);
	});

	it('keeps the reserve from item work while callbacks of the wallet are being verified', () => {
		expect(verificationReserve(20)).toBe(2);
		expect(mayTake('work', demand({ limit: 20, available: 3, verifying: true }))).toBe(true);
		expect(mayTake('work', demand({ limit: 20, available: 2, verifying: true }))).toBe(false);
		expect(mayTake('verification', demand({ limit: 20, available: 1, verifying: true }))).toBe(
			true,
		);
	});

	it('lets waiting verifications go first, but never below the share owed to waiting item work', () => {
		const everyoneWaits = { verification: 50, background: 50, work: 50 };
		expect(workGuarantee(100)).toBe(50);
		// Whoever asks first, a flood of verifications leaves item work its half of every window.
		for (const order of [lanes, [...lanes].reverse()])
			expect(share(100, order, everyoneWaits)).toEqual({
				verification: 50,
				background: 0,
				work: 50,
			});
		// With a limit of 1, the guarantee is the whole window.
		expect(share(1, lanes, everyoneWaits)).toEqual({ verification: 0, background: 0, work: 1 });
	});

	it('gives item work every slot beyond its share that waiting verifications and the reserve do not need', () => {
		const waiting = { verification: 2, background: 0, work: 1 };
		const beyondShare = { limit: 20, workTaken: 10, waiting };
		expect(mayTake('work', demand({ ...beyondShare, available: 3 }))).toBe(true);
		expect(mayTake('work', demand({ ...beyondShare, available: 2 }))).toBe(false);
		// The reserve (2 of 20) comes on top of one slot per waiting verification.
		expect(mayTake('work', demand({ ...beyondShare, available: 5, verifying: true }))).toBe(true);
		expect(mayTake('work', demand({ ...beyondShare, available: 4, verifying: true }))).toBe(false);
		// Within its share, item work takes a slot whatever waits.
		expect(mayTake('work', demand({ limit: 20, available: 1, workTaken: 9, waiting }))).toBe(true);
		// With the share taken, verification may use the rest.
		expect(mayTake('verification', demand({ ...beyondShare, available: 1 }))).toBe(true);
	});

	it('gives acknowledged verifications what item work leaves: the reserve while work waits', () => {
		const waiting = { verification: 0, background: 50, work: 50 };
		for (const order of [lanes, [...lanes].reverse()])
			expect(share(100, order, waiting, true)).toEqual({
				verification: 0,
				background: 10,
				work: 90,
			});
		// Never a slot still owed to waiting item work, and everything once work stops waiting.
		expect(
			mayTake('background', demand({ available: 8, workTaken: 45, waiting, verifying: true })),
		).toBe(true);
		expect(
			mayTake('background', demand({ available: 5, workTaken: 45, waiting, verifying: true })),
		).toBe(false);
		expect(share(100, lanes, { ...waiting, work: 0 }, true).background).toBe(100);
	});

	it('never leaves a slot unused while someone waits who may take it', () => {
		for (const waiting of [
			{ verification: 0, background: 5, work: 5 },
			{ verification: 5, background: 5, work: 5 },
			{ verification: 5, background: 0, work: 5 },
		])
			for (const verifying of [false, true]) {
				const taken = share(20, lanes, waiting, verifying);
				expect(taken.verification + taken.background + taken.work).toBe(20);
			}
	});

	it('lets acknowledged verifications through only when no sender waits for one', () => {
		const waiting = { verification: 1, background: 1, work: 0 };
		expect(mayTake('background', demand({ waiting }))).toBe(false);
		expect(mayTake('background', demand({ waiting: { ...waiting, verification: 0 } }))).toBe(true);
	});

	it('lets anyone probe a window whose limit is unknown, and nobody take a full one', () => {
		for (const lane of lanes) {
			expect(mayTake(lane, demand({ limit: undefined, available: 1 }))).toBe(true);
			expect(mayTake(lane, demand({ available: 0 }))).toBe(false);
		}
	});
});
