/**
 * Runs `work` for 0..count-1 with at most `bound` running at once: `bound` workers take the next
 * index when they finish one, so nothing is created per index up front. Stops taking new indexes
 * once `stopped()` says so; those under way finish.
 */
export async function forEachBounded(
	count: number,
	bound: number,
	work: (index: number) => Promise<void>,
	stopped: () => boolean = () => false,
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count && !stopped()) await work(next++);
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(bound, count)) }, worker));
}
