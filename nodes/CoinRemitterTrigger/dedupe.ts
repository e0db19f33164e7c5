import type { IDataObject } from 'n8n-workflow';

// The delivery keys themselves come from each callback kind (callbacks/*.callback.ts: deliveryKey).

const MAX_REMEMBERED = 5000;
/** How long the static data of a webhook request may still be written back by n8n after it was loaded. */
const LIVE_MS = 120_000;
const MAX_LIVE = 200;

interface Scope {
	/** Every state this process claimed, oldest first (bounded). */
	claimed: Map<string, number>;
	/** The static data objects of recent webhook requests of this trigger, not yet written back perhaps. */
	live: Array<{ data: IDataObject; at: number }>;
}

/**
 * Remembers delivered states in the workflow's static data (kept across executions and restarts,
 * shared by n8n processes but not atomically) and in this process (covers deliveries that arrive
 * at the same moment at this process: the claim is synchronous).
 *
 * n8n loads the static data from the database for each webhook request and writes the whole object
 * back after it (webhooks/live-webhooks.js, saveStaticData → saveStaticDataById: an UPDATE of the
 * whole column, the last writer wins). Two requests in flight together each hold their own copy,
 * so the later write would drop the other's key. To lose nothing this process knows, every copy
 * this process holds gets every key this process claimed: on arrival (the keys claimed before) and
 * on each later claim (pushed into the copies of the requests still in flight). Whichever request
 * is written last then carries them all. What another n8n process (another webhook process) claims
 * at the same moment can still be overwritten until that process writes again: n8n gives a webhook
 * no atomic or shared claim (no deduplication helpers in webhook context, no lock on static data).
 */
export class DeliveryMemory {
	private static readonly scopes = new Map<string, Scope>();

	private readonly shared: Scope;

	constructor(
		private readonly staticData: IDataObject,
		scope: string,
		now = Date.now(),
	) {
		let shared = DeliveryMemory.scopes.get(scope);
		if (!shared) {
			shared = { claimed: new Map(), live: [] };
			DeliveryMemory.scopes.set(scope, shared);
		}
		this.shared = shared;
		shared.live = shared.live
			.filter((entry) => now - entry.at < LIVE_MS && entry.data !== staticData)
			.slice(-(MAX_LIVE - 1));
		shared.live.push({ data: staticData, at: now });
		// This request's copy may predate keys this process claimed and has not written yet.
		const seen = delivered(staticData);
		const missing = [...shared.claimed].filter(([key]) => seen[key] === undefined);
		if (missing.length > 0) write(staticData, { ...seen, ...Object.fromEntries(missing) });
	}

	/** Records the key; answers false when it was already delivered. */
	claim(key: string, now = Date.now()): boolean {
		const seen = delivered(this.staticData);
		if (seen[key] !== undefined || this.shared.claimed.has(key)) return false;
		this.shared.claimed.set(key, now);
		if (this.shared.claimed.size > MAX_REMEMBERED) {
			const [oldest] = this.shared.claimed.keys();
			this.shared.claimed.delete(oldest);
		}
		// Into this request's copy and into those of the requests still in flight.
		for (const { data } of this.shared.live) {
			const theirs = delivered(data);
			if (theirs[key] === undefined) write(data, { ...theirs, [key]: now });
		}
		return true;
	}
}

function delivered(staticData: IDataObject): Record<string, number> {
	const seen = staticData.delivered;
	return seen !== null && typeof seen === 'object' ? (seen as Record<string, number>) : {};
}

/** Replaces the object (so that n8n sees the change and writes it back), pruned to the newest. */
function write(staticData: IDataObject, seen: Record<string, number>) {
	const keys = Object.keys(seen);
	if (keys.length > MAX_REMEMBERED) {
		keys.sort((a, b) => seen[a] - seen[b]);
		for (const key of keys.slice(0, keys.length - MAX_REMEMBERED)) delete seen[key];
	}
	staticData.delivered = seen;
}
