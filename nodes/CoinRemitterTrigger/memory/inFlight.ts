const running = new Map<string, Promise<unknown>>();

/**
 * Runs `start` once for every caller that asks with the same `key` while it runs: identical
 * callbacks in flight are verified once, and all of them get the one outcome (or error).
 */
export async function mergeInFlight<T>(key: string, start: () => Promise<T>): Promise<T> {
	const pending = running.get(key) as Promise<T> | undefined;
	if (pending) return await pending;
	const task = start();
	running.set(key, task);
	try {
		return await task;
	} finally {
		running.delete(key);
	}
}

/** How many merged tasks run now (for tests). */
export const tasksInFlight = () => running.size;
