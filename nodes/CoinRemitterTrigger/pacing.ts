/** A claim of this process: its digest and when it was made. */
export interface Claim {
	digest: string;
	at: number;
}

/**
 * How far n8n's writes of this process's claims are behind at `now`, once that is more than
 * maxWriteLagMs (0 before): how long the sender of a callback the node answers (n8n 1.x) is to
 * wait for its answer. Behind means a claim whose batch has closed is missing from the copy n8n
 * loaded for the request (`written`): its write waits in n8n's database queue, behind the runs.
 * Each write carries every earlier claim, so the missing ones are the newest, and the oldest of
 * them tells how far behind. A claim another n8n process's write dropped reads as behind too,
 * until this process writes again; so only the last maxPaceMs count, and no wait is longer. The
 * wait paces senders that wait for their answers to the database's speed, without a write of their
 * own, which would deepen that queue.
 *
 * `recent`: this process's claims, oldest first.
 */
export function writesBehindMs(
	recent: Claim[],
	written: (digest: string) => boolean,
	bounds: { batchMs: number; maxWriteLagMs: number; maxPaceMs: number },
	now: number,
): number {
	const { batchMs, maxWriteLagMs, maxPaceMs } = bounds;
	const closedBy = (ms: number) => (index: number) => recent[index].at >= now - batchMs - ms;
	const latestDue = firstWhere(recent.length, closedBy(maxWriteLagMs)) - 1;
	const oldestCounted = firstWhere(latestDue + 1, closedBy(maxPaceMs));
	if (latestDue < oldestCounted || written(recent[latestDue].digest)) return 0;
	const unwritten = (offset: number) => !written(recent[oldestCounted + offset].digest);
	const oldestMissing = oldestCounted + firstWhere(latestDue - oldestCounted, unwritten);
	return Math.min(maxPaceMs, now - batchMs - recent[oldestMissing].at);
}

/**
 * How long the sender of a callback the node answers (n8n 1.x) is to wait at `now`: as long as the
 * writes are behind (writesBehindMs), once this process has claimed more than burstClaims in the
 * last maxPaceMs, or once the writes are that whole time behind (measured over twice that time).
 * A burst below that is answered at once: the runs it can pile up are bounded by its size, where a
 * flood is paced once it passes burstClaims, and a steady flow below that once n8n falls that far
 * behind. Unpaced, every run of n8n 1.x loads the delivery memory again, so a flood of thousands
 * grows n8n far past what its own Webhook node does; a burst of hundreds does not.
 */
export function holdMs(
	recent: Claim[],
	written: (digest: string) => boolean,
	bounds: { batchMs: number; maxWriteLagMs: number; maxPaceMs: number; burstClaims: number },
	now: number,
): number {
	const behindMs = writesBehindMs(recent, written, bounds, now);
	if (behindMs === 0) return 0;
	const inWindow = (index: number) => recent[index].at >= now - bounds.maxPaceMs;
	if (recent.length - firstWhere(recent.length, inWindow) > bounds.burstClaims) return behindMs;
	const overTwice = { ...bounds, maxPaceMs: 2 * bounds.maxPaceMs };
	return writesBehindMs(recent, written, overTwice, now) >= bounds.maxPaceMs ? behindMs : 0;
}

/** The first index below `count` where `holds` does, given that it holds from some index on; else `count`. */
function firstWhere(count: number, holds: (index: number) => boolean): number {
	let [low, high] = [0, count];
	while (low < high) {
		const middle = Math.floor((low + high) / 2);
		if (holds(middle)) high = middle;
		else low = middle + 1;
	}
	return low;
}
