import { sleep, type IDataObject } from 'n8n-workflow';

import { StaticDataCopies } from '../shared/staticDataCopies';
import { contains, deliveries, digestOf, lacking, WIDTH } from './deliveryDigests';
import { holdMs, type Claim } from './pacing';

// The delivery keys themselves come from each callback kind (callbacks/*.callback.ts: deliveryKey).

/**
 * The delivery memory's bounds. `npm run bench -- duplicates` crosses them at full size in real
 * n8n; the end-to-end suite sets them small in its n8n (test/e2e/smallBounds.js) to cross them in
 * seconds; a unit test that sends thousands of callbacks one after another sets batchMs to 0.
 */
export const deliveryMemoryBounds = {
	/** Deliveries remembered per lane. */
	maxRemembered: 5000,
	/** Pruning waits for this many more, so that it runs once per batch of claims rather than on each. */
	pruneSlack: 500,
	/** How long this process adds its claims to the copies it writes that lack them. */
	liveMs: 120_000,
	/** How long a callback the node answers (n8n 1.x, or 202) keeps its write open for those that follow. */
	batchMs: 100,
	/**
	 * How late n8n's write of a batch may land before the node holds its answers (n8n 1.x): past it,
	 * each sender waits as long as the writes are behind (paceMs), so a flood waits for n8n's
	 * database instead of piling up runs.
	 */
	maxWriteLagMs: 1000,
	/** The longest a sender is held for its answer while n8n's writes are behind (paceMs). */
	maxPaceMs: 10_000,
	/**
	 * Claims of this process within maxPaceMs (per trigger and lane) answered at once while the
	 * writes are less than maxPaceMs behind: a burst, not a flood (pacing.ts, holdMs). Below
	 * maxRemembered, the most claims a lane keeps.
	 */
	burstClaims: 1000,
};
/** The copies this process may still write, per trigger: at most this many. */
const MAX_WRITERS = 200;

export type Lane = 'verified' | 'unverified';
/** Where each lane's digests live in the static data (`deliveries`: every delivery, before lanes). */
const FIELDS: Record<Lane, string> = { verified: 'deliveries', unverified: 'unverifiedDeliveries' };
const LANES = Object.keys(FIELDS) as Lane[];

interface LaneMemory {
	/** Every state this process claimed (digests, oldest first, bounded). */
	claimed: Set<string>;
	/** The states claimed in the last liveMs, oldest first: the ones a copy loaded earlier may lack. */
	recent: Claim[];
}

/** This process's memory, by trigger and lane. */
const laneMemories = new Map<string, LaneMemory>();
/** The static data of the requests of each trigger whose write n8n may still make. */
const writers = new StaticDataCopies(() => deliveryMemoryBounds.liveMs, MAX_WRITERS);
/** The static data of the request whose write carries each trigger's next batched claims. */
const openBatches = new Map<string, IDataObject>();

/**
 * Remembers delivered states in the workflow's static data (kept across executions and restarts,
 * shared by n8n processes but not atomically) and in this process (covers deliveries that arrive
 * at the same moment at this process: the claim is synchronous).
 *
 * n8n loads the static data from the database for each webhook request and writes the whole object
 * back after it if it changed (webhooks/live-webhooks.js, saveStaticData → saveStaticDataById: an
 * UPDATE of the whole column, the last writer wins). A copy this process writes gets every claim
 * of this process's last liveMs it lacks, and each later claim while n8n may still write it, so
 * whichever is written last carries them all. Copies nothing was claimed in are not written.
 *
 * A callback the node answers (`writeInBatch`: n8n 1.x, or 202; at once, or after paceMs once
 * webhook() has returned) writes no copy of its own while a batch is open: the first opens one in
 * its copy and keeps it open batchMs, which n8n then writes with every claim made meanwhile. A
 * callback n8n answers (`writeOwnCopy`) is written with its own copy: n8n 2.x may
 * read its answer (and so start the write) at more than one point, so no batch can wait for it.
 *
 * What another n8n process claims at the same moment can still be overwritten until that process
 * writes again: n8n gives a webhook no atomic or shared claim (no deduplication helpers in webhook
 * context, no lock on static data).
 *
 * Since n8n parses and writes the whole static data on every callback, the states are kept compact:
 * one string `deliveries` of fixed-width digests, oldest first (5,000 × 12 characters), which n8n
 * parses and writes as one value, and to which a claim appends without copying what is there.
 * Earlier versions kept `delivered: { key: time }`; such a record is folded in on first use.
 */
export class DeliveryMemory {
	private readonly field: string;

	private readonly lane: LaneMemory;

	/** The digest this request claimed. */
	private digest?: string;

	/** Whether n8n is to write this request's copy. */
	private writer = false;

	/**
	 * `lane`: verified deliveries and unverified ones are remembered apart, each up to
	 * maxRemembered, so that callbacks anyone can forge for free (unverified) can never push a
	 * verified delivery out and let its replay run again. `trigger`: the trigger's workflow and node.
	 */
	constructor(
		private readonly staticData: IDataObject,
		private readonly trigger: string,
		lane: Lane = 'verified',
		private readonly now = Date.now(),
	) {
		this.field = FIELDS[lane];
		this.lane = laneMemory(trigger, lane, now);
		// A one-time change n8n writes anyway: it carries this process's claims too.
		if (foldEarlierRecord(staticData)) this.becomeWriter();
	}

	/**
	 * Whether the static data records the digest: in this lane's own list, and for an unverified
	 * delivery also in the verified list (which holds every delivery remembered before the lanes
	 * were kept apart). A verified delivery never looks in the unverified list: a forgery must not
	 * be able to claim a genuine delivery's key before it arrives.
	 */
	private seenIn(staticData: IDataObject, digest: string): boolean {
		return (
			contains(deliveries(staticData, this.field), digest) ||
			(this.field !== FIELDS.verified && contains(deliveries(staticData, FIELDS.verified), digest))
		);
	}

	/** Records the key; answers false when it was already delivered. Then: writeInBatch or writeOwnCopy. */
	claim(key: string, now = Date.now()): boolean {
		const digest = digestOf(key);
		if (this.lane.claimed.has(digest) || this.seenIn(this.staticData, digest)) return false;
		this.digest = digest;
		this.lane.claimed.add(digest);
		if (this.lane.claimed.size > deliveryMemoryBounds.maxRemembered) {
			const [oldest] = this.lane.claimed;
			this.lane.claimed.delete(oldest);
		}
		this.lane.recent.push({ digest, at: now });
		// Appended unchecked: a digest new to this process is in none of them, short of another
		// process's claim at the same moment (a repeat entry only takes room until it is pruned).
		writers.writeEach(
			this.trigger,
			(copy) => write(copy, this.field, deliveries(copy, this.field) + digest),
			now,
		);
		return true;
	}

	/**
	 * For a request the node answers (already, or once held: paceMs), whose copy n8n writes as soon
	 * as webhook() returns: the open batch carries the claim (it got it in claim()), or this copy
	 * opens one and takes the claims of the next batchMs before n8n writes it (no sender waits for it).
	 */
	async writeInBatch(): Promise<void> {
		if (this.digest === undefined || openBatches.has(this.trigger)) return;
		openBatches.set(this.trigger, this.staticData);
		this.becomeWriter();
		const { batchMs } = deliveryMemoryBounds;
		if (batchMs > 0) await sleep(batchMs);
		openBatches.delete(this.trigger);
	}

	/** For a request n8n answers: its own copy carries the claim, and n8n writes it. */
	writeOwnCopy(): void {
		if (this.digest !== undefined) this.becomeWriter();
	}

	/**
	 * How much longer the sender of a callback the node answers (n8n 1.x) is to wait for its answer:
	 * how far n8n's writes were behind when n8n loaded this request's copy (`loadedAt`; pacing.ts),
	 * less the time since (verification). Call it before this request's copy is written to.
	 */
	paceMs(loadedAt: number, now = Date.now()): number {
		const text = deliveries(this.staticData, this.field);
		const written = (digest: string) => contains(text, digest);
		const behindMs = holdMs(this.lane.recent, written, deliveryMemoryBounds, loadedAt);
		return Math.max(0, behindMs - (now - loadedAt));
	}

	/**
	 * Marks this request's copy changed again if it is to be written: n8n 2.x needs that just before
	 * its save (startedAnswer).
	 */
	markWritten(): void {
		if (this.writer) markChanged(this.staticData);
	}

	/** Adds to this request's copy, in every lane, the claims of this process it lacks, and keeps it among the writers. */
	private becomeWriter() {
		for (const lane of LANES) {
			const recent = laneMemories.get(laneKey(this.trigger, lane))?.recent ?? [];
			const text = deliveries(this.staticData, FIELDS[lane]);
			const missing = lacking(
				text,
				recent.map(({ digest }) => digest),
			);
			if (missing.length > 0) write(this.staticData, FIELDS[lane], text + missing.join(''));
		}
		writers.hold(this.trigger, this.staticData, this.now);
		this.writer = true;
	}
}

const laneKey = (trigger: string, lane: Lane) => `${trigger}\n${lane}`;

/** This process's memory of one trigger's lane, its claims older than liveMs let go. */
function laneMemory(trigger: string, lane: Lane, now: number): LaneMemory {
	const key = laneKey(trigger, lane);
	let memory = laneMemories.get(key);
	if (!memory) {
		memory = { claimed: new Set(), recent: [] };
		laneMemories.set(key, memory);
	}
	const { liveMs, maxRemembered } = deliveryMemoryBounds;
	const stale = memory.recent.findIndex((entry) => now - entry.at < liveMs);
	memory.recent.splice(0, stale === -1 ? memory.recent.length : stale);
	memory.recent.splice(0, memory.recent.length - maxRemembered);
	return memory;
}

/** Assigns each value again: n8n's observable static data marks itself changed on any assignment. */
function markChanged(staticData: IDataObject) {
	for (const [name, value] of Object.entries(staticData)) staticData[name] = value;
}

/** Assigns a new value (n8n sees the change and writes it back), pruned to the newest. */
function write(staticData: IDataObject, field: string, text: string) {
	const { maxRemembered, pruneSlack } = deliveryMemoryBounds;
	const limit = (maxRemembered + pruneSlack) * WIDTH;
	staticData[field] = text.length > limit ? text.slice(-maxRemembered * WIDTH) : text;
}

/** `delivered: { key: time }` of earlier versions, moved into `deliveries`, oldest first. */
function foldEarlierRecord(staticData: IDataObject): boolean {
	const earlier = staticData.delivered;
	if (earlier === undefined) return false;
	const times = earlier !== null && typeof earlier === 'object' ? (earlier as IDataObject) : {};
	const keys = Object.keys(times).sort((a, b) => Number(times[a]) - Number(times[b]));
	const text = deliveries(staticData, FIELDS.verified);
	const folded = keys.map(digestOf).filter((digest) => !contains(text, digest));
	write(staticData, FIELDS.verified, folded.join('') + text);
	delete staticData.delivered;
	return true;
}
