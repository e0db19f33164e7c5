// Skip Duplicates cannot be flushed for free: callbacks anyone can forge at no cost (unverified
// ones, such as widget orders, which the API cannot look up) are remembered apart from verified
// deliveries, so no number of them pushes a paid invoice's key out and lets its replay run again.
import { deliveryMemoryBounds } from '../../../nodes/CoinRemitterTrigger/dedupe';
import { callbacks } from '../../../simulator/server';
import { useSimulator, v1Credentials } from '../../fixtures/simulator';
import { dateOnlyAt } from '../../helpers/clock';
import { callWebhook, encode } from '../../helpers/webhook';

const ctx = useSimulator();
const FORGED = 6000;

describe('Skip Duplicates under a flood of forged widget orders', () => {
	// One after another, each callback's write is a batch of its own: not held open here.
	beforeAll(() => (deliveryMemoryBounds.batchMs = 0));
	afterAll(() => (deliveryMemoryBounds.batchMs = 100));
	afterEach(() => jest.useRealTimers());

	it('a paid invoice delivered, 6,000 forged widget orders over more than two minutes, the invoice replayed: no second run', async () => {
		const call = { staticData: {}, workflowId: 'wf-flush', credentials: v1Credentials(ctx.sim) };
		const paid = callbacks.samples.invoice(ctx.sim);
		const notification = callbacks.invoiceNotification(ctx.sim, String(paid.invoice_id));
		const first = await callWebhook(encode(notification), call);
		expect(first.items).toMatchObject([{ event: 'invoice', verified: true }]);

		const start = Date.now();
		let started = 0;
		for (let i = 0; i < FORGED; i++) {
			dateOnlyAt(start + i * 25); // 6,000 × 25 ms: 150 s
			const order = { ...callbacks.widgetOrders.pricing(1), order_id: `forged-${i}` };
			started += (await callWebhook(encode(order), call)).items.length;
		}
		jest.useRealTimers();
		expect(started).toBe(FORGED);

		const replay = await callWebhook(encode(notification), call);
		expect(replay.items).toHaveLength(0);
		expect(replay.body).toEqual({ received: true, ignored: 'duplicate delivery' });
	});
});

describe('deliveries remembered before the lanes', () => {
	it('an unverified callback remembered in the earlier forms (`delivered`, one `deliveries` list) is still a duplicate', async () => {
		const order = callbacks.widgetOrders.pricing(1);
		const first = { staticData: {}, workflowId: 'wf-before-lanes-1' };
		const key = (await callWebhook(encode(order), first)).items[0].deliveryKey as string;
		const earlierForm = {
			staticData: { delivered: { [key]: 1 } },
			workflowId: 'wf-before-lanes-2',
		};
		expect((await callWebhook(encode(order), earlierForm)).body).toEqual({
			received: true,
			ignored: 'duplicate delivery',
		});
	});
});
