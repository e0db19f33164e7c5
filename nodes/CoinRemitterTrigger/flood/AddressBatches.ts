import { sleep } from 'n8n-workflow';

interface Batch<R> {
	result: Promise<R>;
}

interface AddressState<R> {
	/** The batch that callers may still join: its read has not started. */
	open?: Batch<R>;
	/** The read under way; callers that come now join the next batch, since it may predate them. */
	running?: Promise<R>;
	lastReadAt: number;
}

/**
 * Callbacks waiting for the same address share one read of it. A caller always gets the answer of
 * a read that started after it asked (an earlier read may predate its transaction); reads of one
 * address run one at a time and at most one per `intervalMs`, so a flood aimed at one address costs
 * one read per interval however many callbacks it sends. While `spaced()` says no, the next read
 * starts as soon as the running one ends.
 */
export class AddressBatches<R> {
	private readonly addresses = new Map<string, AddressState<R>>();

	constructor(private readonly intervalMs: number) {}

	async settle(key: string, read: () => Promise<R>, spaced = () => true): Promise<R> {
		let state = this.addresses.get(key);
		if (!state) this.addresses.set(key, (state = { lastReadAt: -Infinity }));
		if (state.open) return await state.open.result;
		const batch = {} as Batch<R>;
		state.open = batch;
		batch.result = this.run(key, state, batch, read, spaced);
		return await batch.result;
	}

	private async run(
		key: string,
		state: AddressState<R>,
		batch: Batch<R>,
		read: () => Promise<R>,
		spaced: () => boolean,
	): Promise<R> {
		// Always yields first, so that `state.open` is set before the batch can close.
		await state.running?.catch(() => undefined);
		const wait = spaced() ? state.lastReadAt + this.intervalMs - Date.now() : 0;
		if (wait > 0) await sleep(wait);
		if (state.open === batch) state.open = undefined;
		state.lastReadAt = Date.now();
		const running = read();
		state.running = running;
		try {
			return await running;
		} finally {
			if (state.running === running) state.running = undefined;
			if (!state.running && !state.open) this.forgetLater(key, state);
		}
	}

	/** The address is forgotten once its interval is over and nobody waits, so the map stays small. */
	private forgetLater(key: string, state: AddressState<R>) {
		const idleFor = state.lastReadAt + this.intervalMs - Date.now();
		if (idleFor <= 0) {
			if (this.addresses.get(key) === state) this.addresses.delete(key);
			return;
		}
		void sleep(idleFor).then(() => {
			if (this.addresses.get(key) === state && !state.running && !state.open)
				this.addresses.delete(key);
		});
	}

	/** How many addresses are remembered now (for tests of the bound). */
	get size(): number {
		return this.addresses.size;
	}

	clear(): void {
		this.addresses.clear();
	}
}
