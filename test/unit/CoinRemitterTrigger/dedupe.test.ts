import type { IDataObject } from 'n8n-workflow';

import { TRIGGER, workflowOf } from '../../helpers/staticDataRow';
import {
	DeliveryMemory,
	deliveryMemoryBounds,
	type Lane,
} from '../../../nodes/CoinRemitterTrigger/dedupe';

// Static data as n8n handles it for a webhook request: loaded from the workflow's database row into
// a new Workflow (n8n-workflow's observable static data), the trigger's part read with
// getStaticData('node', …), and the whole object written back afterwards when it changed (the last
// writer wins). `Database` stands for that row; `scope` for one n8n process (its in-process memory).
// A callback n8n answers writes its own copy (writeOwnCopy); one answered already joins a batch
// (writeInBatch), which n8n writes as webhook() returns.

class Database {
	row = '{}';

	/** One webhook request: its own copy of the static data, and the write-back n8n does after it. */
	load() {
		const workflow = workflowOf(JSON.parse(this.row) as IDataObject);
		const data = workflow.getStaticData('node', TRIGGER);
		/** n8n's save: answers whether it wrote. */
		const save = (memory?: DeliveryMemory) => {
			memory?.markWritten();
			const changed = workflow.staticData.__dataChanged === true;
			if (changed) this.row = JSON.stringify(workflow.staticData);
			this.writes += changed ? 1 : 0;
			return changed;
		};
		return { data, save };
	}

	writes = 0;

	/** A whole callback in one process: loaded, claimed, written back. */
	deliver(scope: string, key: string, lane?: Lane): boolean {
		const request = this.load();
		const memory = new DeliveryMemory(request.data, scope, lane);
		const isNew = memory.claim(key);
		memory.writeOwnCopy();
		request.save(memory);
		return isNew;
	}

	get trigger(): IDataObject {
		return ((JSON.parse(this.row) as IDataObject)['node:CoinRemitter Trigger'] ??
			{}) as IDataObject;
	}
}

/** A new process (a restart, or another n8n process of the same instance). */
const newProcess = () => `wf-${Math.random()}`;

describe('DeliveryMemory, with static data loaded and written back as n8n does', () => {
	it('requests in flight together lose no key, whatever order n8n writes them back in', () => {
		const db = new Database();
		const scope = newProcess();
		const requests = Array.from({ length: 10 }, () => db.load()); // loaded at the same moment
		const memories = requests.map((request, i) => {
			const memory = new DeliveryMemory(request.data, scope);
			expect(memory.claim(`k${i}`)).toBe(true);
			memory.writeOwnCopy();
			return memory;
		});
		for (const i of [3, 9, 0, 7, 1, 8, 2, 6, 4, 5]) requests[i].save(memories[i]);
		const restarted = newProcess();
		for (let i = 0; i < 10; i++) expect(db.deliver(restarted, `k${i}`)).toBe(false);
	});

	it('a request loaded before an unsaved claim is a duplicate of it and writes nothing, whatever the order', () => {
		const db = new Database();
		const scope = newProcess();
		const first = db.load();
		const stale = db.load(); // loaded from the database before the first was written
		const claiming = new DeliveryMemory(first.data, scope);
		expect(claiming.claim('a')).toBe(true);
		claiming.writeOwnCopy();
		const memory = new DeliveryMemory(stale.data, scope);
		expect(memory.claim('a')).toBe(false);
		expect(stale.save(memory)).toBe(false);
		expect(first.save(claiming)).toBe(true);
		expect(db.deliver(newProcess(), 'a')).toBe(false);
	});

	it('a delivery remembered before a restart is a duplicate after it; a new state is not', () => {
		const db = new Database();
		expect(db.deliver(newProcess(), 'v1:tx:1:pending')).toBe(true);
		const restarted = newProcess();
		expect(db.deliver(restarted, 'v1:tx:1:pending')).toBe(false);
		expect(db.deliver(restarted, 'v1:tx:1:confirmed')).toBe(true);
		expect(db.deliver(newProcess(), 'v1:tx:1:confirmed')).toBe(false);
	});

	it('what another process wrote is a duplicate here, though this process never saw it', () => {
		const db = new Database();
		const here = newProcess();
		expect(db.deliver(here, 'other-key-warm-up')).toBe(true);
		expect(db.deliver(newProcess(), 'b')).toBe(true); // the other process
		expect(db.deliver(here, 'b')).toBe(false);
	});

	it('folds the earlier record (delivered: { key: time }) in: its keys stay duplicates, and it is gone', () => {
		const db = new Database();
		db.row = JSON.stringify({
			'node:CoinRemitter Trigger': {
				webhookUrl: 'http://n8n/webhook/x/webhook',
				delivered: { 'v1:tx:old:confirmed': 1, 'v1:tx:older:confirmed': 0 },
			},
		});
		const scope = newProcess();
		expect(db.deliver(scope, 'v1:tx:old:confirmed')).toBe(false);
		expect(db.trigger.delivered).toBeUndefined();
		expect(db.trigger.webhookUrl).toBe('http://n8n/webhook/x/webhook');
		expect(db.deliver(newProcess(), 'v1:tx:older:confirmed')).toBe(false);
		expect(db.deliver(newProcess(), 'v1:tx:new:confirmed')).toBe(true);
	});

	it('keeps the newest 5,000 and forgets older ones, in bounded room', () => {
		const db = new Database();
		const scope = newProcess();
		for (let i = 0; i < 6000; i++) expect(db.deliver(scope, `k${i}`)).toBe(true);
		// 12 characters per remembered delivery, pruned to 5,000 once past 5,500.
		expect(String(db.trigger.deliveries).length).toBe(5499 * 12);
		const restarted = newProcess();
		expect(db.deliver(restarted, 'k1000')).toBe(false);
		expect(db.deliver(restarted, 'k5999')).toBe(false);
		expect(db.deliver(restarted, 'k0')).toBe(true);
	});

	it('a claim adds a fixed amount to the static data, whatever the history', () => {
		const db = new Database();
		const scope = newProcess();
		for (let i = 0; i < 3000; i++) db.deliver(scope, `k${i}`);
		const before = db.row.length;
		db.deliver(scope, 'one-more');
		expect(db.row.length - before).toBe(12);
	});

	it('a damaged value costs its broken entry only, and never throws', () => {
		const db = new Database();
		const scope = newProcess();
		db.deliver(scope, 'kept');
		const trigger = db.trigger;
		db.row = JSON.stringify({
			'node:CoinRemitter Trigger': { deliveries: `xyz${String(trigger.deliveries)}` },
		});
		expect(db.deliver(newProcess(), 'kept')).toBe(false);
		db.row = JSON.stringify({ 'node:CoinRemitter Trigger': { deliveries: 42, delivered: 'junk' } });
		expect(db.deliver(newProcess(), 'kept')).toBe(true);
	});
});

describe('DeliveryMemory batches the writes of callbacks answered already', () => {
	let keys = 0;
	/** A request of one process: loaded, claimed, and written the way `path` says, n8n saving as webhook() returns. */
	async function request(db: Database, scope: string, path: 'batch' | 'own', lane?: Lane) {
		const loaded = db.load();
		const memory = new DeliveryMemory(loaded.data, scope, lane);
		const key = `key-${++keys}`;
		expect(memory.claim(key)).toBe(true);
		if (path === 'own') memory.writeOwnCopy();
		else await memory.writeInBatch();
		return { key, wrote: loaded.save(memory) };
	}
	const batch = async (db: Database, scope: string, count: number, lane?: Lane) =>
		await Promise.all(
			Array.from({ length: count }, async () => await request(db, scope, 'batch', lane)),
		);

	it('callbacks at once are one write: the first request keeps its write open batchMs, the others write nothing', async () => {
		const db = new Database();
		const scope = newProcess();
		const started = Date.now();
		const requests = await batch(db, scope, 10);
		expect(requests.map(({ wrote }) => wrote)).toEqual([true, ...Array(9).fill(false)]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(deliveryMemoryBounds.batchMs - 5);
		expect(db.writes).toBe(1);
		const restarted = newProcess();
		for (const { key } of requests) expect(db.deliver(restarted, key)).toBe(false);
	});

	it('a claim after a batch was written opens the next batch', async () => {
		const db = new Database();
		const scope = newProcess();
		const first = await batch(db, scope, 3);
		const next = await batch(db, scope, 3);
		expect(db.writes).toBe(2);
		const restarted = newProcess();
		for (const { key } of [...first, ...next]) expect(db.deliver(restarted, key)).toBe(false);
	});

	it("a batch and callbacks n8n answers, at once, in one process: each write carries the others' claims, whatever order they land in", async () => {
		for (const ownFirst of [true, false]) {
			const db = new Database();
			const scope = newProcess();
			const own = db.load(); // a callback n8n answers, written last or first
			const ownMemory = new DeliveryMemory(own.data, scope);
			const batched = batch(db, scope, 3);
			expect(ownMemory.claim(`own-${ownFirst}`)).toBe(true);
			ownMemory.writeOwnCopy();
			if (ownFirst) own.save(ownMemory);
			const requests = await batched;
			if (!ownFirst) own.save(ownMemory);
			const restarted = newProcess();
			for (const key of [`own-${ownFirst}`, ...requests.map((one) => one.key)])
				expect(db.deliver(restarted, key)).toBe(false);
		}
	});

	it('a duplicate or an unclaimed callback writes nothing', async () => {
		const db = new Database();
		const scope = newProcess();
		const [first] = await batch(db, scope, 1);
		expect(db.writes).toBe(1);
		const again = db.load();
		const memory = new DeliveryMemory(again.data, scope);
		expect(memory.claim(first.key)).toBe(false);
		await memory.writeInBatch();
		memory.writeOwnCopy();
		expect(again.save(memory)).toBe(false);
		const unclaimed = db.load();
		new DeliveryMemory(unclaimed.data, scope);
		expect(unclaimed.save()).toBe(false);
		expect(db.writes).toBe(1);
	});

	it('one batch carries both lanes: forged widget orders beside verified deposits lose neither', async () => {
		const db = new Database();
		const scope = newProcess();
		const [verified, unverified] = await Promise.all([
			batch(db, scope, 2, 'verified'),
			batch(db, scope, 2, 'unverified'),
		]);
		expect(db.writes).toBe(1);
		const restarted = newProcess();
		for (const { key } of verified) expect(db.deliver(restarted, key, 'verified')).toBe(false);
		for (const { key } of unverified) expect(db.deliver(restarted, key, 'unverified')).toBe(false);
	});
});

describe("DeliveryMemory.paceMs: how long a sender waits while n8n's writes are behind", () => {
	const { batchMs, maxWriteLagMs, burstClaims } = deliveryMemoryBounds;
	const t0 = 1_000_000_000_000;
	// The 100 claims below are a flood unless a test says otherwise.
	beforeEach(() => (deliveryMemoryBounds.burstClaims = 0));
	afterAll(() => (deliveryMemoryBounds.burstClaims = burstClaims));
	/** 100 claims 10 ms apart in one process, the first `written` of them in the database's row. */
	function claims(written: number) {
		const db = new Database();
		const scope = newProcess();
		for (let i = 0; i < 100; i++) {
			const request = db.load();
			const memory = new DeliveryMemory(request.data, scope, 'verified', t0 + i * 10);
			expect(memory.claim(`k${i}`, t0 + i * 10)).toBe(true);
			if (i < written) {
				memory.writeOwnCopy();
				request.save(memory);
			}
		}
		return (loadedAt: number, now = loadedAt) =>
			new DeliveryMemory(db.load().data, scope, 'verified', now).paceMs(loadedAt, now);
	}

	it('is 0 while every claim whose batch closed more than maxWriteLagMs ago is written', () => {
		const paceAt = claims(60);
		// The 61st claim (at t0 + 600) is the first unwritten; its batch closed maxWriteLagMs ago.
		expect(paceAt(t0 + 600 + batchMs + maxWriteLagMs)).toBe(0);
		expect(claims(100)(t0 + 60_000)).toBe(0);
	});

	it('past that, is how long ago the batch of the oldest unwritten claim closed, found among many', () => {
		const paceAt = claims(60);
		const now = t0 + 990 + batchMs + maxWriteLagMs + 500;
		expect(paceAt(now)).toBe(now - batchMs - (t0 + 600));
		expect(claims(0)(now)).toBe(now - batchMs - t0);
		expect(claims(99)(now)).toBe(now - batchMs - (t0 + 990));
	});

	it('is measured when n8n loaded the copy, less the time since (a verification): claims not yet due then hold no one later', () => {
		// Loaded when the 61st claim's batch had closed just maxWriteLagMs before: not behind.
		const loadedAt = t0 + 600 + batchMs + maxWriteLagMs;
		expect(claims(60)(loadedAt, loadedAt + 5_000)).toBe(0);
		// Loaded 1.5 s after it closed: 1.5 s behind, of which 1 s has passed since.
		const later = t0 + 600 + batchMs + 1_500;
		expect(claims(60)(later, later + 1_000)).toBe(500);
		expect(claims(60)(later, later + 2_000)).toBe(0);
	});

	it('counts the claims of the last maxPaceMs only: older ones missing hold no one', () => {
		const { maxPaceMs } = deliveryMemoryBounds;
		expect(claims(10)(t0 + 990 + batchMs + maxPaceMs + 1)).toBe(0);
		// The claims from t0 + 500 on count; the oldest of them is unwritten.
		const now = t0 + 500 + batchMs + maxPaceMs;
		expect(claims(0)(now)).toBe(maxPaceMs);
		expect(claims(70)(now)).toBe(now - batchMs - (t0 + 700));
	});

	it('holds no one in a burst of up to burstClaims claims within maxPaceMs, unless the writes are that whole time behind', () => {
		const { maxPaceMs } = deliveryMemoryBounds;
		const now = t0 + 990 + batchMs + maxWriteLagMs + 500;
		deliveryMemoryBounds.burstClaims = 100; // all 100 claims are within maxPaceMs of now
		expect(claims(60)(now)).toBe(0);
		expect(claims(0)(now)).toBe(0);
		deliveryMemoryBounds.burstClaims = 99; // one more than the burst: held as long as behind
		expect(claims(60)(now)).toBe(now - batchMs - (t0 + 600));
		// Later only the last 39 claims are within maxPaceMs, a burst; but with none written, the
		// writes are more than maxPaceMs behind: held. Written up to the 70th, they are not.
		const later = t0 + 500 + batchMs + maxPaceMs + 5;
		deliveryMemoryBounds.burstClaims = 100;
		expect(claims(0)(later)).toBe(maxPaceMs - 5);
		expect(claims(70)(later)).toBe(0);
	});
});
