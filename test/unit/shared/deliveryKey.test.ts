// The reading operations give a transaction or invoice state the key the trigger gives it, so that
// a catch-up run and the webhook can feed one Remove Duplicates node.
import type { IDataObject } from 'n8n-workflow';

import { isConfirmed } from '../../../nodes/shared/deliveryKey';
import { callbacks } from '../../../simulator/server';
import { runNode } from '../../helpers/engine';
import { callWebhook, encode } from '../../helpers/webhook';
import {
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
	walletAddress,
} from '../../fixtures/simulator';

const ctx = useSimulator();

function tcnAddress(value = 'T' + 'd'.repeat(33)) {
	walletAddress(ctx.sim, value, { label: 'd1' });
	return value;
}

async function read(
	apiVersion: 'v1' | 'legacy',
	resource: string,
	operation: string,
	parameters: IDataObject,
) {
	const result = await runNode({
		parameters: { apiVersion, resource, operation, ...parameters } as never,
		credentials:
			apiVersion === 'v1' ? v1Credentials(ctx.sim) : legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
	});
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

async function triggerKey(callback: IDataObject, credentials: Record<string, unknown>) {
	const result = await callWebhook(encode(callback), { credentials: credentials as never });
	expect(result.items).toHaveLength(1);
	return result.items[0].deliveryKey;
}

describe('delivery keys', () => {
	it('Transaction → Get and Address → Get Transactions key a v1 deposit as the trigger does, pending and confirmed', async () => {
		const address = tcnAddress();
		const deposit = ctx.sim.deposit(TCN.apiKey, address, '0.5', 1);
		for (const confirmations of [1, 3]) {
			ctx.sim.confirm(deposit.id as string, confirmations);
			const fromTrigger = await triggerKey(
				callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string) as IDataObject,
				v1Credentials(ctx.sim),
			);
			const [transaction] = await read('v1', 'transaction', 'get', {
				transactionId: deposit.id as string,
			});
			const [summary] = await read('v1', 'address', 'getTransactions', { address });
			const listed = (summary.transactions as IDataObject[])[0];
			expect(fromTrigger).toBe(
				`v1:tx:${String(deposit.id)}:${confirmations >= 3 ? 'confirmed' : 'pending'}`,
			);
			expect(transaction.deliveryKey).toBe(fromTrigger);
			expect(listed.deliveryKey).toBe(fromTrigger);
		}
	});

	it('Invoice → Get keys a paid v1 invoice as the trigger keys its notification', async () => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		const notification = callbacks.payInvoice(
			ctx.sim,
			invoice.invoice_id as string,
			(invoice.total_amount as Record<string, string>).TCN,
		) as IDataObject;
		const fromTrigger = await triggerKey(notification, v1Credentials(ctx.sim));
		const [fetched] = await read('v1', 'invoice', 'get', {
			invoiceId: invoice.invoice_id as string,
		});
		expect(fromTrigger).toBe(`v1:invoice:${String(invoice.invoice_id)}:1:1`);
		expect(fetched.deliveryKey).toBe(fromTrigger);
	});

	it('the legacy reading operations key a legacy deposit as the trigger does', async () => {
		const address = tcnAddress();
		const deposit = ctx.sim.deposit(TCN.apiKey, address, '0.25', 5);
		const fromTrigger = await triggerKey(
			callbacks.legacyTransactionWebhook(ctx.sim, deposit.id as string) as IDataObject,
			legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		);
		const [transaction] = await read('legacy', 'transaction', 'get', { transactionId: deposit.id });
		expect(fromTrigger).toBe(`legacy:tx:${String(deposit.id)}:confirmed`);
		expect(transaction.deliveryKey).toBe(fromTrigger);
	});

	it('reads confirmations written as numbers or as text, and the list-wide required confirmations', () => {
		expect(isConfirmed({ status_code: '1' }, 'legacy')).toBe(true);
		expect(isConfirmed({ confirmations: '2', required_confirmations: '3' }, 'v1')).toBe(false);
		expect(isConfirmed({ confirmations: 3 }, 'v1', 3, 3)).toBe(true);
		expect(isConfirmed({ confirmations: 3 }, 'v1')).toBe(false);
		expect(isConfirmed({ confirmations: '3' }, 'legacy')).toBe(true);
		expect(isConfirmed({ confirmations: 2 }, 'legacy', 2)).toBe(true);
	});
});
