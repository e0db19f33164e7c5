/**
 * A bound on the callbacks this process holds open while it verifies them. Past it, a callback is
 * answered 503 at once (the sender keeps it and may send it again), so nothing is accepted only to
 * be dropped, and a flood cannot grow the process's memory: n8n 2.x keeps an expression isolate
 * (about 14 MB) for every open webhook call of any node but its own Webhook node.
 */
export class HeldCallbacks {
	private taken = 0;

	constructor(readonly capacity: number) {}

	/** A release function, or undefined when every slot is taken. */
	take(): (() => void) | undefined {
		if (this.taken >= this.capacity) return undefined;
		this.taken++;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.taken--;
		};
	}

	get inUse(): number {
		return this.taken;
	}
}
