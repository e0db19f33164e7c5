import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { StaticDataCopies } from '../shared/staticDataCopies';

// The delivery keys themselves come from each callback kind (callbacks/*.callback.ts: deliveryKey).

/**
 * The delivery memory's bounds. `npm run bench -- duplicates` crosses them at full size in real
 * n8n; the end-to-end suite sets them small in its n8n (test/e2e/smallBounds.js) to cross them in
 * seconds. Nothing else changes them.
 */
export const deliveryMemoryBounds = {
	/** Deliveries remembered per lane. */
	maxRemembered: 5000,
	/** Pruning waits for this many more, so that it runs once per batch of claims rather than on each. */
	pruneSlack: 500,
	/** How long the static data of a webhook request may still be written back by n8n after it was loaded. */
	liveMs: 120_000,
};
const MAX_LIVE = 200;
/** A remembered delivery: the first 12 base64url characters (72 bits) of its key's SHA-256. */
const WIDTH = 12;

export type Lane = 'verified' | 'unverified';
/** Where each lane's digests live in the static data (`deliveries`: every delivery, before lanes). */
const FIELDS: Record<Lane, string> = { verified: 'deliveries', unverified: 'unverifiedDeliveries' };

interface Scope {
	/** Every state this process claimed (digests, oldest first, bounded). */
	claimed: Set<string>;
	/** The states claimed in the last liveMs, oldest first: the ones a copy loaded earlier may lack. */
	recent: Array<{ digest: string; at: number }>;
}

/** The static data of recent webhook requests of each trigger and lane, not yet written back perhaps. */
const liveCopies = new StaticDataCopies(() => deliveryMemoryBounds.liveMs, MAX_LIVE);

/**
 * Remembers delivered states in the workflow's static data (kept across executions and restarts,
 * shared by n8n processes but not atomically) and in this process (covers deliveries that arrive
 * at the same moment at this process: the claim is synchronous).
 *
 * n8n loads the static data from the database for each webhook request and writes the whole object
 * back after it (webhooks/live-webhooks.js, saveStaticData → saveStaticDataById: an UPDATE of the
 * whole column, the last writer wins). Two requests in flight together each hold their own copy,
 * so the later write would drop the other's key. To lose nothing this process knows, every copy
 * this process holds gets every key this process claimed: on arrival (the keys claimed recently)
 * and on each later claim (added to the copies of the requests still in flight). Whichever request
 * is written last then carries them all. What another n8n process (another webhook process) claims
 * at the same moment can still be overwritten until that process writes again: n8n gives a webhook
 * no atomic or shared claim (no deduplication helpers in webhook context, no lock on static data).
 *
 * Since n8n parses and writes the whole static data on every callback, the states are kept compact:
 * one string `deliveries` of fixed-width digests, oldest first (5,000 × 12 characters), which n8n
 * parses and writes as one value, and to which a claim appends without copying what is there.
 * Earlier versions kept `delivered: { key: time }`; such a record is folded in on first use.
 */
export class DeliveryMemory {
	private static readonly scopes = new Map<string, Scope>();

	private readonly shared: Scope;

	private readonly field: string;

	private readonly scope: string;

	/** This process's recent claims the loaded static data lacked: writes n8n has not made yet. */
	readonly unwritten: number;

	/**
	 * `lane`: verified deliveries and unverified ones are remembered apart, each up to
	 * maxRemembered, so that callbacks anyone can forge for free (unverified) can never push a
	 * verified delivery out and let its replay run again.
	 */
	constructor(
		private readonly staticData: IDataObject,
		scope: string,
		lane: Lane = 'verified',
		now = Date.now(),
	) {
		this.field = FIELDS[lane];
		this.scope = `${scope}\n${lane}`;
		let shared = DeliveryMemory.scopes.get(this.scope);
		if (!shared) {
			shared = { claimed: new Set(), recent: [] };
			DeliveryMemory.scopes.set(this.scope, shared);
		}
		this.shared = shared;
		const { liveMs, maxRemembered } = deliveryMemoryBounds;
		liveCopies.hold(this.scope, staticData, now);
		const stale = shared.recent.findIndex((entry) => now - entry.at < liveMs);
		shared.recent.splice(0, stale === -1 ? shared.recent.length : stale);
		shared.recent.splice(0, shared.recent.length - maxRemembered);
		foldEarlierRecord(staticData);
		// This request's copy may predate keys this process claimed and has not written yet.
		const text = deliveries(staticData, this.field);
		const missing = lacking(
			text,
			shared.recent.map(({ digest }) => digest),
		);
		this.unwritten = missing.length;
		if (missing.length > 0) write(staticData, this.field, text + missing.join(''));
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

	/** Records the key; answers false when it was already delivered. */
	claim(key: string, now = Date.now()): boolean {
		const digest = digestOf(key);
		if (this.shared.claimed.has(digest) || this.seenIn(this.staticData, digest)) return false;
		this.shared.claimed.add(digest);
		if (this.shared.claimed.size > deliveryMemoryBounds.maxRemembered) {
			const [oldest] = this.shared.claimed;
			this.shared.claimed.delete(oldest);
		}
		this.shared.recent.push({ digest, at: now });
		// Into this request's copy and into those of the requests still in flight: appended unchecked
		// (a digest new to this process is in none of them, short of another process's claim at the
		// same moment; a repeat entry only takes room until it is pruned).
		liveCopies.writeEach(
			this.scope,
			(data) => write(data, this.field, deliveries(data, this.field) + digest),
			now,
		);
		return true;
	}
}

function digestOf(key: string): string {
	return createHash('sha256').update(key).digest('base64url').slice(0, WIDTH);
}

/** The remembered digests, whole entries only (a damaged value loses its partial entry, not the rest). */
function deliveries(staticData: IDataObject, field: string): string {
	const text = staticData[field];
	return typeof text === 'string' ? text.slice(text.length % WIDTH) : '';
}

function contains(text: string, digest: string): boolean {
	for (let at = text.indexOf(digest); at !== -1; at = text.indexOf(digest, at + 1)) {
		if (at % WIDTH === 0) return true;
	}
	return false;
}

/**
 * The digests the text lacks. Digests are appended, so recent ones sit near the end: the tail is
 * looked at first, and only what it lacks is searched for in the whole text (the few claims not yet
 * written back), so the work follows the recent claims, not the length of the history.
 */
function lacking(text: string, digests: string[]): string[] {
	if (digests.length === 0) return [];
	const entries = Math.min(text.length / WIDTH, 2 * digests.length + 64);
	const tail = new Set<string>();
	for (let at = text.length - entries * WIDTH; at < text.length; at += WIDTH)
		tail.add(text.slice(at, at + WIDTH));
	return digests.filter((digest) => !tail.has(digest) && !contains(text, digest));
}

/** Assigns a new value (n8n sees the change and writes it back), pruned to the newest. */
function write(staticData: IDataObject, field: string, text: string) {
	const { maxRemembered, pruneSlack } = deliveryMemoryBounds;
	const limit = (maxRemembered + pruneSlack) * WIDTH;
	staticData[field] = text.length > limit ? text.slice(-maxRemembered * WIDTH) : text;
}

/** `delivered: { key: time }` of earlier versions, moved into `deliveries`, oldest first. */
function foldEarlierRecord(staticData: IDataObject) {
	const earlier = staticData.delivered;
	if (earlier === undefined) return;
	const times = earlier !== null && typeof earlier === 'object' ? (earlier as IDataObject) : {};
	const keys = Object.keys(times).sort((a, b) => Number(times[a]) - Number(times[b]));
	const text = deliveries(staticData, FIELDS.verified);
	const folded = keys.map(digestOf).filter((digest) => !contains(text, digest));
	write(staticData, FIELDS.verified, folded.join('') + text);
	delete staticData.delivered;
}
