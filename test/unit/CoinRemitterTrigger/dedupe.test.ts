import type { IDataObject, INode, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { DeliveryMemory } from '../../../nodes/CoinRemitterTrigger/dedupe';

// Static data as n8n handles it for a webhook request: loaded from the workflow's database row into
// a new Workflow (n8n-workflow's observable static data), the trigger's part read with
// getStaticData('node', …), and the whole object written back afterwards when it changed (the last
// writer wins). `Database` stands for that row; `scope` for one n8n process (its in-process memory).
const TRIGGER = { name: 'CoinRemitter Trigger' } as INode;
/** The workflow holds no nodes here: only its static data takes part. */
const nodeTypes = {} as INodeTypes;

class Database {
	row = '{}';

	/** One webhook request: its own copy of the static data, and the write-back n8n does after it. */
	load() {
		const workflow = new Workflow({
			id: 'wf',
			nodes: [],
			connections: {},
			active: true,
			nodeTypes,
			staticData: JSON.parse(this.row) as IDataObject,
		});
		const data = workflow.getStaticData('node', TRIGGER);
		const save = () => {
			if (workflow.staticData.__dataChanged === true)
				this.row = JSON.stringify(workflow.staticData);
		};
		return { data, save };
	}

	/** A whole callback in one process: loaded, claimed, written back. */
	deliver(scope: string, key: string): boolean {
		const request = this.load();
		const isNew = new DeliveryMemory(request.data, scope).claim(key);
		request.save();
		return isNew;
	}

	get trigger(): IDataObject {
		return ((JSON.parse(this.row) as IDataObject)['node:CoinRemitter Trigger'] ??
			{}) as IDataObject;
	}
}

/** A new process (a restart, or another n8n process of the same instance). */
const newProcess = () => `wf-${Math.random()}`;

describe('DeliveryMemory, with static data loaded and written back as n8n does', () => {
	it('requests in flight together lose no key, whatever order n8n writes them back in', () => {
		const db = new Database();
		const scope = newProcess();
		const requests = Array.from({ length: 10 }, () => db.load()); // loaded at the same moment
		requests.forEach((request, i) =>
			expect(new DeliveryMemory(request.data, scope).claim(`k${i}`)).toBe(true),
		);
		for (const i of [3, 9, 0, 7, 1, 8, 2, 6, 4, 5]) requests[i].save();
		const restarted = newProcess();
		for (let i = 0; i < 10; i++) expect(db.deliver(restarted, `k${i}`)).toBe(false);
	});

	it('a request loaded before an unsaved claim still carries that key when written last', () => {
		const db = new Database();
		const scope = newProcess();
		const first = db.load();
		const stale = db.load(); // loaded from the database before the first was written
		expect(new DeliveryMemory(first.data, scope).claim('a')).toBe(true);
		const memory = new DeliveryMemory(stale.data, scope);
		expect(memory.claim('a')).toBe(false);
		first.save();
		stale.save();
		expect(db.deliver(newProcess(), 'a')).toBe(false);
	});

	it('a delivery remembered before a restart is a duplicate after it; a new state is not', () => {
		const db = new Database();
		expect(db.deliver(newProcess(), 'v1:tx:1:pending')).toBe(true);
		const restarted = newProcess();
		expect(db.deliver(restarted, 'v1:tx:1:pending')).toBe(false);
		expect(db.deliver(restarted, 'v1:tx:1:confirmed')).toBe(true);
		expect(db.deliver(newProcess(), 'v1:tx:1:confirmed')).toBe(false);
	});

	it('what another process wrote is a duplicate here, though this process never saw it', () => {
		const db = new Database();
		const here = newProcess();
		expect(db.deliver(here, 'other-key-warm-up')).toBe(true);
		expect(db.deliver(newProcess(), 'b')).toBe(true); // the other process
		expect(db.deliver(here, 'b')).toBe(false);
	});

	it('folds the earlier record (delivered: { key: time }) in: its keys stay duplicates, and it is gone', () => {
		const db = new Database();
		db.row = JSON.stringify({
			'node:CoinRemitter Trigger': {
				webhookUrl: 'http://n8n/webhook/x/webhook',
				delivered: { 'v1:tx:old:confirmed': 1, 'v1:tx:older:confirmed': 0 },
			},
		});
		const scope = newProcess();
		expect(db.deliver(scope, 'v1:tx:old:confirmed')).toBe(false);
		expect(db.trigger.delivered).toBeUndefined();
		expect(db.trigger.webhookUrl).toBe('http://n8n/webhook/x/webhook');
		expect(db.deliver(newProcess(), 'v1:tx:older:confirmed')).toBe(false);
		expect(db.deliver(newProcess(), 'v1:tx:new:confirmed')).toBe(true);
	});

	it('keeps the newest 5,000 and forgets older ones, in bounded room', () => {
		const db = new Database();
		const scope = newProcess();
		for (let i = 0; i < 6000; i++) expect(db.deliver(scope, `k${i}`)).toBe(true);
		// 12 characters per remembered delivery, pruned to 5,000 once past 5,500.
		expect(String(db.trigger.deliveries).length).toBe(5499 * 12);
		const restarted = newProcess();
		expect(db.deliver(restarted, 'k1000')).toBe(false);
		expect(db.deliver(restarted, 'k5999')).toBe(false);
		expect(db.deliver(restarted, 'k0')).toBe(true);
	});

	it('a claim adds a fixed amount to the static data, whatever the history', () => {
		const db = new Database();
		const scope = newProcess();
		for (let i = 0; i < 3000; i++) db.deliver(scope, `k${i}`);
		const before = db.row.length;
		db.deliver(scope, 'one-more');
		expect(db.row.length - before).toBe(12);
	});

	it('a damaged value costs its broken entry only, and never throws', () => {
		const db = new Database();
		const scope = newProcess();
		db.deliver(scope, 'kept');
		const trigger = db.trigger;
		db.row = JSON.stringify({
			'node:CoinRemitter Trigger': { deliveries: `xyz${String(trigger.deliveries)}` },
		});
		expect(db.deliver(newProcess(), 'kept')).toBe(false);
		db.row = JSON.stringify({ 'node:CoinRemitter Trigger': { deliveries: 42, delivered: 'junk' } });
		expect(db.deliver(newProcess(), 'kept')).toBe(true);
	});
});
