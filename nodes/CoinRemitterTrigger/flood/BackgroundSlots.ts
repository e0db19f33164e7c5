/**
 * A bound on the callbacks this process has acknowledged (202) and is still verifying in the
 * background. Past it, a callback is answered 503 instead (the sender keeps it and may send it
 * again), so nothing is accepted only to be dropped, and a flood cannot grow the process's memory.
 */
export class BackgroundSlots {
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
