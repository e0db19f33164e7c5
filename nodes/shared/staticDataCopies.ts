import type { IDataObject } from 'n8n-workflow';

/**
 * The copies of a workflow's static data this process holds, by scope. n8n hands each webhook
 * request and each execution a copy of its own and writes each back whole when it ends, the last
 * writer winning (webhooks: saveStaticData; executions: at their end). So a claim that must not be
 * lost (a spend of the Withdrawal node's daily total) is written into every copy of its scope that
 * this process still holds: whichever is written last carries it.
 *
 * The one writer of such claims for the spend ledger. A copy is
 * held weakly (one n8n has let go of drops out), for `liveMs()` after it was loaded, and at most
 * `maxCopies` per scope (the oldest go first).
 */
export class StaticDataCopies {
	private readonly scopes = new Map<string, Array<{ copy: WeakRef<IDataObject>; at: number }>>();

	constructor(
		private readonly liveMs: () => number,
		private readonly maxCopies: number,
	) {}

	/** Holds `copy` (once) among the scope's copies, and lets go of those past their time. */
	hold(scope: string, copy: IDataObject, now = Date.now()): void {
		const held = this.live(scope, now).filter((entry) => entry.copy.deref() !== copy);
		held.push({ copy: new WeakRef(copy), at: now });
		this.scopes.set(scope, held.slice(-this.maxCopies));
	}

	/** Runs `write` on every copy of the scope still held. */
	writeEach(scope: string, write: (copy: IDataObject) => void, now = Date.now()): void {
		for (const entry of this.live(scope, now)) {
			const copy = entry.copy.deref();
			if (copy) write(copy);
		}
	}

	/** Forgets every copy: what an n8n restart does (tests). */
	forget(): void {
		this.scopes.clear();
	}

	private live(scope: string, now: number) {
		const liveMs = this.liveMs();
		const held = (this.scopes.get(scope) ?? []).filter(
			(entry) => now - entry.at < liveMs && entry.copy.deref() !== undefined,
		);
		if (held.length > 0) this.scopes.set(scope, held);
		else this.scopes.delete(scope);
		return held;
	}
}
