import type { IDataObject } from 'n8n-workflow';

import { DeliveryMemory } from '../../../nodes/CoinRemitterTrigger/dedupe';

// n8n gives each webhook request its own copy of the static data and writes it back whole
// afterwards (the last writer wins). These copies stand for requests in flight together.
const copy = (saved: IDataObject) => JSON.parse(JSON.stringify(saved)) as IDataObject;
const keys = (data: IDataObject) => Object.keys((data.delivered ?? {}) as IDataObject).sort();

describe('DeliveryMemory across requests in flight together', () => {
	it('every copy written back carries every key this process claimed, whichever is written last', () => {
		const scope = `wf-${Math.random()}`;
		const saved: IDataObject = {};
		const copies = Array.from({ length: 10 }, () => copy(saved)); // loaded at the same moment
		const memories = copies.map((data) => new DeliveryMemory(data, scope));
		memories.forEach((memory, i) => expect(memory.claim(`k${i}`)).toBe(true));
		const all = Array.from({ length: 10 }, (_, i) => `k${i}`).sort();
		for (const data of copies) expect(keys(data)).toEqual(all);
	});

	it('a request loaded before an unsaved claim still gets that key, and a repeat is refused', () => {
		const scope = `wf-${Math.random()}`;
		const first = {};
		expect(new DeliveryMemory(first, scope).claim('a')).toBe(true);
		const stale: IDataObject = {}; // loaded from the database before the first was written
		const memory = new DeliveryMemory(stale, scope);
		expect(keys(stale)).toEqual(['a']);
		expect(memory.claim('a')).toBe(false);
	});

	it('a key already in the saved static data is a duplicate (another process, or before a restart)', () => {
		const data: IDataObject = { delivered: { old: 1 } };
		expect(new DeliveryMemory(data, `wf-${Math.random()}`).claim('old')).toBe(false);
	});
});
