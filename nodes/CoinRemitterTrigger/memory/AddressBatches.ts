import { sleep } from 'n8n-workflow';

const ownAnswer = <R>(value: R) => ({ value });

interface Batch<R> {
	result: Promise<R>;
	/** Callers still waiting for this batch's read; none left when it would start, it is not sent. */
	waiting: number;
}

interface AddressState<R> {
	/** The batch that callers may still join: its read has not started. */
	open?: Batch<R>;
	/** The read under way; callers that come now join the next batch, since it may predate them. */
	running?: Promise<R>;
	lastReadAt: number;
}

/** A batch nobody waited for any more when its turn came: nothing was sent. */
class Abandoned extends Error {}

/**
 * Callbacks waiting for the same address share one read of it. A caller always gets the answer of
 * a read that started after it asked (an earlier read may predate its transaction), unless the read
 * under way when it asked already says what it needs (`enough`); a read every caller of which was
 * served so is not sent. Reads of one address run one at a time and at most one per `intervalMs`,
 * so a flood aimed at one address costs one read per interval however many callbacks it sends.
 * While `spaced()` says no, the next read starts as soon as the running one ends.
 */
export class AddressBatches<R> {
	private readonly addresses = new Map<string, AddressState<R>>();

	constructor(private readonly intervalMs: number) {}

	async settle(
		key: string,
		read: () => Promise<R>,
		spaced = () => true,
		enough: (answer: R) => boolean = () => false,
	): Promise<R> {
		let state = this.addresses.get(key);
		if (!state) this.addresses.set(key, (state = { lastReadAt: -Infinity }));
		const earlier = state.running;
		const batch = state.open ?? this.openBatch(key, state, read, spaced);
		batch.waiting++;
		try {
			const answer = earlier && (await earlier.then(ownAnswer, () => undefined));
			if (answer && enough(answer.value)) return answer.value;
			return await batch.result;
		} finally {
			batch.waiting--;
		}
	}

	private openBatch(
		key: string,
		state: AddressState<R>,
		read: () => Promise<R>,
		spaced: () => boolean,
	): Batch<R> {
		const batch = { waiting: 0 } as Batch<R>;
		state.open = batch;
		batch.result = this.run(key, state, batch, read, spaced);
		batch.result.catch(() => undefined);
		return batch;
	}

	private async run(
		key: string,
		state: AddressState<R>,
		batch: Batch<R>,
		read: () => Promise<R>,
		spaced: () => boolean,
	): Promise<R> {
		// Always yields first, so that `state.open` is set before the batch can close.
		const earlier = state.running;
		await earlier?.catch(() => undefined);
		const wait = spaced() ? state.lastReadAt + this.intervalMs - Date.now() : 0;
		// After an earlier read, a timer turn lets its callers see whether it served them.
		if (wait > 0 || earlier) await sleep(Math.max(wait, 0));
		if (state.open === batch) state.open = undefined;
		if (batch.waiting === 0) {
			if (!state.running && !state.open) this.forgetLater(key, state);
			throw new Abandoned();
		}
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
