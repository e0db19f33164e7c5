/**
 * A per-process map whose entries expire after `ttlMs` and which never holds more than `maxSize`
 * (the oldest entry goes first). It is a cache: forgetting any entry at any time is harmless.
 */
export class ExpiringMemory<V> {
	private readonly entries = new Map<string, { value: V; expiresAt: number }>();

	constructor(
		private readonly ttlMs: number,
		private readonly maxSize: number,
	) {}

	get(key: string, now = Date.now()): V | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		if (now < entry.expiresAt) return entry.value;
		this.entries.delete(key);
		return undefined;
	}

	has(key: string, now = Date.now()): boolean {
		return this.get(key, now) !== undefined;
	}

	set(key: string, value: V, now = Date.now()): void {
		this.entries.delete(key); // re-inserted last: the map's order is oldest first
		while (this.entries.size >= this.maxSize)
			this.entries.delete(this.entries.keys().next().value as string);
		this.entries.set(key, { value, expiresAt: now + this.ttlMs });
	}

	clear(): void {
		this.entries.clear();
	}

	get size(): number {
		return this.entries.size;
	}
}
