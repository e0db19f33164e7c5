// The list of callback kinds is what the trigger reads: the Events list, the editor's output
// schema, recognition, and the simulator's samples must all follow it.
import { CALLBACKS, EVENTS } from '../../../../nodes/CoinRemitterTrigger/callbacks';
import { CoinRemitterTrigger } from '../../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import { outputJsonSchema } from '../../../../nodes/CoinRemitterTrigger/outputSchema';
import { callbacks } from '../../../../simulator/server';
import { useSimulator, v1Credentials } from '../../../fixtures/simulator';
import { callWebhook, encode } from '../../../helpers/webhook';

const ctx = useSimulator();

describe('the list of callback kinds', () => {
	it('gives the Events parameter its options (alphabetical) and its default (every event)', () => {
		const events = new CoinRemitterTrigger().description.properties.find(
			(property) => property.name === 'events',
		);
		expect(EVENTS).toEqual(CALLBACKS.flatMap((kind) => kind.events.map((event) => event.value)));
		// Saved workflows rely on these, in this order (n8n does not store a parameter left at its default).
		expect(EVENTS.slice(0, 4)).toEqual(['deposit', 'withdrawal', 'invoice', 'widgetOrder']);
		expect(events?.default).toEqual(EVENTS);
		const names = events?.options?.map((option) => option.name) ?? [];
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(names).toHaveLength(EVENTS.length);
	});

	it("gives the output schema every kind's fields and every event", () => {
		const schema = outputJsonSchema() as {
			properties: Record<string, { enum?: string[] }>;
		};
		expect(schema.properties.event.enum).toEqual(EVENTS);
		for (const field of ['confirmations', 'coin_short_name', 'invoice_id', 'order_id', 'plan_name'])
			expect(schema.properties[field]).toBeDefined();
	});

	it('every kind has a simulator sample that the trigger recognises as that kind and starts with', async () => {
		const started = new Set<string>();
		for (const [name, sample] of Object.entries(callbacks.samples)) {
			const result = await callWebhook(encode(sample(ctx.sim)), {
				credentials: v1Credentials(ctx.sim),
				parameters: { events: EVENTS },
			});
			expect({ name, status: result.status }).toEqual({ name, status: 200 });
			expect(result.items).toHaveLength(1);
			started.add(String(result.items[0].event));
		}
		for (const kind of CALLBACKS)
			expect(kind.events.some((event) => started.has(event.value))).toBe(true);
	});
});
