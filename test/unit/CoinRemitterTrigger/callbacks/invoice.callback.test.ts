// Invoice notifications: recognised by invoice_id, verified by invoice_id, and the record's status,
// amounts and payments are what the item says, whatever the notification claims.
import type { IDataObject } from 'n8n-workflow';

import { invoiceCallback } from '../../../../nodes/CoinRemitterTrigger/callbacks/invoice.callback';
import { outputJsonSchema } from '../../../../nodes/CoinRemitterTrigger/outputSchema';
import { callbacks } from '../../../../simulator/server';
import {
	seedPendingLegacyInvoice,
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../fixtures/simulator';
import { callWebhook, encode } from '../../../helpers/webhook';

const ctx = useSimulator();

/** A paid-looking notification for an invoice that is still unpaid. */
function claimsPaid(notification: IDataObject, coin: string): IDataObject {
	const total = (notification.total_amount as Record<string, string>)[coin];
	return {
		...notification,
		status: 'Paid',
		status_code: 1,
		paid_amount: { [coin]: total },
		payment_history: [
			{
				txid: 'f'.repeat(64),
				explorer_url: 'https://x',
				amount: total,
				date: 'now',
				confirmation: 9,
			},
		],
	};
}

function legacyInvoice(): IDataObject {
	const invoiceId = 'TCN0042';
	seedPendingLegacyInvoice(ctx.sim, invoiceId, 'inv42');
	return callbacks.invoiceNotification(ctx.sim, invoiceId) as IDataObject;
}

describe('recognition', () => {
	it('a body with an invoice_id is an invoice, v1 when it carries coin_symbol (both carry merchant_id)', () => {
		const v1 = invoiceCallback.recognise({
			invoice_id: 'I1',
			merchant_id: 'm',
			coin_symbol: 'TCN',
		});
		const legacy = invoiceCallback.recognise({ invoice_id: 'I1', merchant_id: 'm', coin: 'TCN' });
		expect(v1).toMatchObject({ event: 'invoice', schema: { interface: 'v1' } });
		expect(legacy).toMatchObject({ event: 'invoice', schema: { interface: 'legacy' } });
		expect(invoiceCallback.recognise({ id: 'x', type: 'receive' })).toBeUndefined();
	});
});

describe('a notification that claims an unpaid invoice is paid', () => {
	it('v1: the item is the pending record, and Order Statuses Paid starts nothing', async () => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		const claim = claimsPaid(
			callbacks.invoiceNotification(ctx.sim, invoice.invoice_id as string) as IDataObject,
			'TCN',
		);
		const credentials = v1Credentials(ctx.sim);
		const filtered = await callWebhook(encode(claim), {
			credentials,
			parameters: { options: { statuses: [1] } },
		});
		expect(filtered.body).toEqual({ received: true, ignored: 'status Pending is not selected' });
		expect(filtered.items).toHaveLength(0);

		const [item] = (await callWebhook(encode(claim), { credentials })).items;
		expect(item).toMatchObject({
			interface: 'v1',
			verified: true,
			status: 'Pending',
			status_code: 0,
			payment_history: [],
			deliveryKey: `v1:invoice:${String(invoice.invoice_id)}:0:0`,
		});
		expect(item.paid_amount).not.toEqual(claim.paid_amount);
		expect(item.unverifiedFields).toBeUndefined();
	});

	it('legacy: the item is the pending record, and Order Statuses Paid starts nothing', async () => {
		const claim = claimsPaid(legacyInvoice(), 'TCN');
		const credentials = legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY);
		const filtered = await callWebhook(encode(claim), {
			credentials,
			parameters: { options: { statuses: [1] } },
		});
		expect(filtered.items).toHaveLength(0);
		const [item] = (await callWebhook(encode(claim), { credentials })).items;
		expect(item).toMatchObject({
			interface: 'legacy',
			verified: true,
			status: 'Pending',
			status_code: 0,
			paid_amount: {},
			payment_history: [],
			deliveryKey: 'legacy:invoice:TCN0042:0:0',
		});
	});

	it('once really paid, the same invoice starts with the paid record', async () => {
		legacyInvoice();
		const paid = callbacks.payInvoice(ctx.sim, 'TCN0042', '2') as IDataObject;
		const [item] = (
			await callWebhook(encode(paid), {
				credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
				parameters: { options: { statuses: [1] } },
			})
		).items;
		expect(item).toMatchObject({ status_code: 1, paid_amount: { TCN: '2.00000000' } });
		expect(item.deliveryKey).toBe('legacy:invoice:TCN0042:1:1');
	});
});

describe('the balance: owed and overpaid, computed from the record', () => {
	it('lists owed and overpaid in the editor’s output schema as maps of amounts', () => {
		const { properties } = outputJsonSchema() as {
			properties: Record<string, { type?: string; additionalProperties?: { type?: string } }>;
		};
		for (const field of ['owed', 'overpaid'])
			expect(properties[field]).toMatchObject({
				type: 'object',
				additionalProperties: { type: 'string' },
			});
	});

	it('v1 Under Paid: what is still owed in the coin and USD', async () => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		const paid = callbacks.payInvoice(ctx.sim, invoice.invoice_id as string, '15') as IDataObject;
		const [item] = (await callWebhook(encode(paid), { credentials: v1Credentials(ctx.sim) })).items;
		expect(item).toMatchObject({
			verified: true,
			status_code: 2,
			owed: { TCN: '5', USD: '2.5' },
			overpaid: { TCN: '0', USD: '0' },
		});
	});

	it('a notification that claims Over Paid gets the record’s balance, not its own', async () => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		const claim = {
			...(callbacks.invoiceNotification(ctx.sim, invoice.invoice_id as string) as IDataObject),
			status_code: 3,
			paid_amount: { TCN: '99', USD: '49.5' },
			owed: { TCN: '0' },
			overpaid: { TCN: '79' },
		};
		const [item] = (await callWebhook(encode(claim), { credentials: v1Credentials(ctx.sim) }))
			.items;
		expect(item).toMatchObject({
			verified: true,
			status_code: 0,
			owed: { TCN: '20', USD: '10' },
			overpaid: { TCN: '0', USD: '0' },
		});
		expect(item.unverifiedFields).toBeUndefined();
	});

	it('legacy, paid after it expired: Expired, with what was paid beyond the amount', async () => {
		legacyInvoice();
		ctx.sim.expireInvoice('TCN0042');
		const paid = callbacks.payInvoice(ctx.sim, 'TCN0042', '2.5') as IDataObject;
		const [item] = (
			await callWebhook(encode(paid), {
				credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
			})
		).items;
		expect(item).toMatchObject({
			interface: 'legacy',
			verified: true,
			status_code: 4,
			owed: { TCN: '0' },
			overpaid: { TCN: '0.5' },
		});
	});

	it('an unverified item: computed from the callback’s own amounts (nothing paid sent as [])', async () => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		const notification = callbacks.invoiceNotification(ctx.sim, invoice.invoice_id as string);
		const [item] = (await callWebhook(encode(notification as IDataObject))).items;
		expect(item).toMatchObject({
			verified: false,
			owed: { TCN: '20', USD: '10' },
			overpaid: { TCN: '0', USD: '0' },
		});
	});
});
