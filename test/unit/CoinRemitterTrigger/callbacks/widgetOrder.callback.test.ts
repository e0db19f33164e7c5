// Widget orders: recognised by their widget fields (before an invoice_id or a type), never looked
// up (the API has no read for them), keyed by widget, order, status and payments.
import { widgetOrderCallback } from '../../../../nodes/CoinRemitterTrigger/callbacks/widgetOrder.callback';
import { callbacks } from '../../../../simulator/server';
import { useSimulator, v1Credentials } from '../../../fixtures/simulator';
import { callWebhook, encode } from '../../../helpers/webhook';

const ctx = useSimulator();

describe('widget orders', () => {
	it('each widget type is recognised as its own payload', () => {
		expect(widgetOrderCallback.recognise({ widget_type: 'Presale' })?.schema.kind).toBe(
			'presaleWidget',
		);
		expect(widgetOrderCallback.recognise({ widget_type: 'pricing' })?.schema.kind).toBe(
			'pricingWidget',
		);
		expect(widgetOrderCallback.recognise({ widget_id: 'w' })?.schema.kind).toBe(
			'paymentButtonWidget',
		);
		expect(widgetOrderCallback.recognise({ invoice_id: 'I1' })).toBeUndefined();
	});

	it('a widget order that also carries invoice_id and type is still a widget order', async () => {
		const order = { ...callbacks.widgetOrders.pricing(), invoice_id: 'I1', type: 'receive' };
		const [item] = (await callWebhook(encode(order))).items;
		expect(item.event).toBe('widgetOrder');
	});

	it('is never looked up, even with a credential, and says it is not verified', async () => {
		const order = callbacks.widgetOrders.paymentButton();
		const [item] = (await callWebhook(encode(order), { credentials: v1Credentials(ctx.sim) }))
			.items;
		expect(item).toMatchObject({
			verified: false,
			verification: expect.stringMatching(/^NOT verified/),
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('its delivery key changes with the status and the number of payments', async () => {
		const pending = callbacks.widgetOrders.presale(0);
		const paid = { ...callbacks.widgetOrders.presale(1), order_id: pending.order_id };
		const keys = [];
		for (const order of [pending, paid])
			keys.push((await callWebhook(encode(order))).items[0].deliveryKey);
		expect(keys).toEqual([
			`widget:wdg_presale_1:${pending.order_id}:0:0`,
			`widget:wdg_presale_1:${pending.order_id}:1:1`,
		]);
	});
});
