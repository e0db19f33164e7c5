import type { RecordedRequest } from '../../simulator/server';

/**
 * Requests per rate-limit window, counted the way the simulator opens its windows (at the first
 * request after the last one closed): the pacing of a run read from the simulator's request log,
 * not from the clock of a machine that may be loaded.
 */
export function perWindow(requests: RecordedRequest[], windowMs: number): number[] {
	const counts: number[] = [];
	let resetAt = -Infinity;
	for (const request of [...requests].sort((a, b) => a.at - b.at)) {
		if (request.at >= resetAt) {
			counts.push(0);
			resetAt = request.at + windowMs;
		}
		counts[counts.length - 1]++;
	}
	return counts;
}

/** The most requests the simulator had under way at once. */
export function mostInFlight(requests: RecordedRequest[]): number {
	let most = 0;
	for (const request of requests) {
		const open = requests.filter(
			(other) => other.at <= request.at && (other.answeredAt ?? Infinity) > request.at,
		).length;
		most = Math.max(most, open);
	}
	return most;
}
