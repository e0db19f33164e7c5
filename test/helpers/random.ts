/** A small seeded generator, so that a failing fuzz case can be replayed. */
export function seeded(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (max: number) => Math.floor(next() * max);
	const pick = <T>(list: readonly T[]): T => list[int(list.length)];
	return { next, int, pick };
}
