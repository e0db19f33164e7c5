import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { useSimulator, v1Credentials } from '../../fixtures/simulator';
import { depositCallback as depositOn, TRIGGER, workflowOf } from '../../helpers/staticDataRow';
import { dateOnlyAt } from '../../helpers/clock';
import { savedRow } from '../../helpers/workflowRow';
import { callWebhook, encode } from '../../helpers/webhook';
import { deliveryMemoryBounds } from '../../../nodes/CoinRemitterTrigger/dedupe';

// A callback that starts the workflow, in the order n8n 1.x handles it (webhooks/live-webhooks.js
// and webhook-helpers.js, 1.123.81): the static data is loaded into a Workflow (n8n-workflow's
// observable object), webhook() runs, n8n reads the answer, saves the static data if it is marked
// changed and only then answers the sender; the run starts after. n8n 1.x gives the node its
// n8n-workflow 1.x. Each request reads the row when it arrives and writes it whole (the last
// writer wins).
jest.mock('n8n-workflow/package.json', () => ({ version: '1.120.31' }));

const ctx = useSimulator();
const WIDTH = 12;
let deposits = 0;
const depositCallback = () => depositOn(ctx.sim, 'T' + String(++deposits).padStart(33, 'b'));

/**
 * One webhook request against the workflow's row, in n8n 1.x's order. `process`: the n8n process
 * (one delivery memory each); `written: false`: n8n's write has not landed yet. `heldMs`: how long
 * after webhook() returned (and n8n saved) the node answered the sender.
 */
async function deliver(
	row: { staticData: string },
	callback: ReturnType<typeof encode>,
	process: string,
	{ written = true, parameters }: { written?: boolean; parameters?: IDataObject } = {},
) {
	const started = performance.now();
	const loaded = JSON.parse(row.staticData) as IDataObject;
	const webhookPhase = workflowOf(loaded);
	let saved = false;
	let returnedAt = 0;
	const save = (response: IWebhookResponseData) => {
		returnedAt = performance.now();
		const text = savedRow(webhookPhase, response);
		saved = text !== undefined;
		if (text !== undefined && written) row.staticData = text;
	};
	const result = await callWebhook(callback, {
		credentials: v1Credentials(ctx.sim),
		staticData: webhookPhase.getStaticData('node', TRIGGER),
		workflowId: process,
		onReturn: save,
		...(parameters && { parameters }),
	});
	const byNode = result.response.noWebhookResponse === true;
	workflowOf(loaded); // the run starts
	return {
		result,
		body: result.body,
		byNode,
		saved,
		returnedAfterMs: returnedAt - started,
		answeredAfterMs: performance.now() - started,
		heldMs: performance.now() - returnedAt,
	};
}

const remembered = (row: { staticData: string }) =>
	String(
		(JSON.parse(row.staticData) as Record<string, IDataObject>)['node:CoinRemitter Trigger']
			?.deliveries ?? '',
	).length / WIDTH;

/**
 * A row whose first claim on `path` n8n has not written yet, with Date moved `behindMs` past that
 * claim's batch (fixed, or `running` on) while `body` delivers more; real timers again after.
 */
async function whileWritesBehind(
	path: string,
	behindMs: number,
	body: (row: { staticData: string }) => Promise<void>,
	{ running = false } = {},
) {
	const row = { staticData: '{}' };
	const claimedFrom = Date.now();
	await deliver(row, depositCallback(), path, { written: false });
	try {
		dateOnlyAt(claimedFrom + deliveryMemoryBounds.batchMs + behindMs, { running });
		await body(row);
	} finally {
		jest.useRealTimers();
	}
}

describe('a callback that starts the workflow where n8n saves before it answers (n8n 1.x)', () => {
	// A handful of callbacks stand for a flood in these tests, except where one says otherwise.
	const { burstClaims } = deliveryMemoryBounds;
	beforeEach(() => (deliveryMemoryBounds.burstClaims = 0));
	afterAll(() => (deliveryMemoryBounds.burstClaims = burstClaims));

	it('is answered by the node before n8n saves, and every delivery is still saved', async () => {
		const row = { staticData: '{}' };

		const first = await deliver(row, depositCallback(), 'p1');
		expect(first.byNode).toBe(true);
		expect(first.saved).toBe(true);

		const second = depositCallback();
		const answered = await deliver(row, second, 'p1');
		expect(answered.byNode).toBe(true);
		expect(answered.result.status).toBe(200);
		expect(answered.body).toEqual({ received: true });
		expect(answered.result.items).toHaveLength(1);
		expect(answered.saved).toBe(true); // n8n still saves the claim, after the answer
		expect(remembered(row)).toBe(2);

		// A restart: another process, with only the row.
		const replay = await deliver(row, second, 'p2');
		expect(replay.result.items).toHaveLength(0);
		expect(replay.body).toEqual({ received: true, ignored: 'duplicate delivery' });
	});

	it('answers callers at once itself, and the last whole-row write still holds every claim', async () => {
		const row = { staticData: '{}' };
		const at = await Promise.all(
			Array.from({ length: 5 }, async () => await deliver(row, depositCallback(), 'p3')),
		);
		expect(at.map((one) => one.byNode)).toEqual([true, true, true, true, true]);
		expect(at.every((one) => one.result.items.length === 1)).toBe(true);
		expect(remembered(row)).toBe(5);
	});

	it('writes callbacks at once in one batch: the first request carries every claim, held batchMs after its answer; the others write nothing', async () => {
		const row = { staticData: '{}' };
		const { batchMs } = deliveryMemoryBounds;
		deliveryMemoryBounds.batchMs = 1_000; // the six verifications end within it, however busy the machine
		try {
			const callbacks = Array.from({ length: 6 }, depositCallback);
			const at = await Promise.all(callbacks.map(async (one) => await deliver(row, one, 'p4')));
			expect(at.every((one) => one.byNode && one.result.items.length === 1)).toBe(true);
			// One write, by whichever claimed first (verifications end in any order).
			const writers = at.filter((one) => one.saved);
			expect(writers).toHaveLength(1);
			expect(writers[0].returnedAfterMs).toBeGreaterThanOrEqual(deliveryMemoryBounds.batchMs - 5);
			expect(remembered(row)).toBe(6);

			// The next claim opens the next batch.
			const next = await deliver(row, depositCallback(), 'p4');
			expect(next.saved).toBe(true);
			expect(remembered(row)).toBe(7);

			// A restart: only the row.
			const replays = await Promise.all(
				callbacks.map(async (one) => await deliver(row, one, 'p5')),
			);
			expect(replays.every((one) => one.result.items.length === 0)).toBe(true);
			expect(replays.some((one) => one.saved)).toBe(false);
		} finally {
			deliveryMemoryBounds.batchMs = batchMs;
		}
	});

	it("while n8n's writes are more than maxWriteLagMs behind, holds each answer after webhook() returns, as long as they were behind, and callbacks at once still share one write", async () => {
		const row = { staticData: '{}' };
		const { batchMs, maxWriteLagMs } = deliveryMemoryBounds;
		deliveryMemoryBounds.maxWriteLagMs = 200; // so that the held answers take a fraction of a second
		deliveryMemoryBounds.batchMs = 300; // the four verifications end within it, however busy the machine
		try {
			// n8n's write of this batch is still queued behind the runs.
			const claimedFrom = Date.now();
			const queued = await deliver(row, depositCallback(), 'p6', { written: false });
			expect(queued.byNode).toBe(true);
			expect(queued.heldMs).toBeLessThan(100);
			// Its batch closed (at most) 900 ms ago; only Date moves, timers are real.
			dateOnlyAt(claimedFrom + deliveryMemoryBounds.batchMs + 900);
			const behind = await Promise.all(
				Array.from({ length: 4 }, async () => await deliver(row, depositCallback(), 'p6')),
			);
			for (const one of behind) {
				expect(one.byNode).toBe(true);
				expect(one.result.status).toBe(200);
				expect(one.body).toEqual({ received: true });
				expect(one.result.items).toHaveLength(1);
				// Answered about 900 ms after it arrived, well after n8n's save (webhook() returned).
				expect(one.answeredAfterMs).toBeGreaterThanOrEqual(800);
				expect(one.answeredAfterMs).toBeLessThan(2_500);
				expect(one.answeredAfterMs - one.returnedAfterMs).toBeGreaterThan(250);
			}
			expect(behind.filter((one) => one.saved)).toHaveLength(1);
			expect(remembered(row)).toBe(5); // the one write carries the queued claim too

			// Written: the next answer is not held.
			const caughtUp = await deliver(row, depositCallback(), 'p6');
			expect(caughtUp.heldMs).toBeLessThan(100);
			expect(caughtUp.result.items).toHaveLength(1);
		} finally {
			deliveryMemoryBounds.batchMs = batchMs;
			deliveryMemoryBounds.maxWriteLagMs = maxWriteLagMs;
			jest.useRealTimers();
		}
	});

	it('never holds a 202 (acknowledged while the rate limit binds, answered before webhook() returns), however far behind the writes are', async () => {
		// Date goes on: the verification waits out the rate limit by it.
		await whileWritesBehind(
			'p8',
			5_000,
			async (row) => {
				Object.assign(ctx.sim.faults, { rateLimitBurst: 1, retryAfterSeconds: 2 });
				const acknowledged = await deliver(row, depositCallback(), 'p8', {
					parameters: { options: { verificationWait: 1 } },
					written: false,
				});
				expect(acknowledged.result.status).toBe(202);
				expect(acknowledged.result.items).toHaveLength(1);
				expect(acknowledged.heldMs).toBeLessThan(100);
				// Answered while the verification waited out the rate limit: long before webhook() returned.
				expect(acknowledged.returnedAfterMs).toBeGreaterThanOrEqual(1_900);
				// The writes were (and are still) behind: a callback answered 200 now is held.
				const started = await deliver(row, depositCallback(), 'p8');
				expect(started.result.status).toBe(200);
				expect(started.heldMs).toBeGreaterThanOrEqual(1_500);
			},
			{ running: true },
		);
	}, 15_000);

	it("holds no answer in a burst of up to burstClaims callbacks, however far behind n8n's writes are (short of maxPaceMs)", async () => {
		await whileWritesBehind('p9', 2_000, async (row) => {
			deliveryMemoryBounds.burstClaims = 3; // this callback is the 2nd, then the 3rd: a burst
			const inBurst = await Promise.all([
				deliver(row, depositCallback(), 'p9', { written: false }),
				deliver(row, depositCallback(), 'p9', { written: false }),
			]);
			for (const one of inBurst) {
				expect(one.result.items).toHaveLength(1);
				expect(one.heldMs).toBeLessThan(100);
			}
			// The 4th within maxPaceMs is past the burst, and the writes are still behind: held.
			const past = await deliver(row, depositCallback(), 'p9', { written: false });
			expect(past.heldMs).toBeGreaterThanOrEqual(1_500);
		});
	});

	it('holds no answer with Skip Duplicates off (nothing claimed, nothing to wait for)', async () => {
		await whileWritesBehind('p7', 2_000, async (row) => {
			const unremembered = await deliver(row, depositCallback(), 'p7', {
				parameters: { options: { skipDuplicates: false } },
			});
			expect(unremembered.result.items).toHaveLength(1);
			expect(unremembered.heldMs).toBeLessThan(100);
			const remembered = await deliver(row, depositCallback(), 'p7');
			expect(remembered.heldMs).toBeGreaterThanOrEqual(1_500);
		});
	});
});
