// The trigger against the shapes the real service sends (service-facts.md) and the parameter
// values the real editor stores.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitterTrigger } from '../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import { callbacks } from '../../../simulator/server';
import { editorParameters, shown } from '../../helpers/editor';
import {
	LTC,
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
	walletAddress,
} from '../../fixtures/simulator';
import { callWebhook, encode, loggedLines } from '../../helpers/webhook';
import * as recorded from '../../fixtures/recorded';

const ctx = useSimulator();
const { description } = new CoinRemitterTrigger();

function paidV1Invoice(status: 'paid' | 'pending' = 'paid') {
	const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
	if (status === 'pending')
		return callbacks.invoiceNotification(ctx.sim, invoice.invoice_id as string) as IDataObject;
	return callbacks.payInvoice(
		ctx.sim,
		invoice.invoice_id as string,
		(invoice.total_amount as Record<string, string>).TCN,
	) as IDataObject;
}

function tcnAddress(value = 'T' + 'k'.repeat(33)) {
	walletAddress(ctx.sim, value, { label: 'l1' });
	return value;
}

describe('v1 invoice notifications (they carry merchant_id too)', () => {
	it('a genuine paid v1 invoice is typed as v1 and verified with the v1 credential', async () => {
		const notification = paidV1Invoice();
		expect(notification.merchant_id).toBeDefined();
		const result = await callWebhook(encode(notification), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			event: 'invoice',
			interface: 'v1',
			verified: true,
			status_code: 1,
			invoice_id: notification.invoice_id,
		});
		expect(ctx.sim.requests.map((request) => request.path)).toEqual(['/v1/invoice/get']);
	});

	it('a forged "Paid" v1 invoice (unknown invoice_id) is refused with 403 and starts nothing', async () => {
		const forged = { ...paidV1Invoice(), invoice_id: 'TCN9999' };
		const result = await callWebhook(encode(forged), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(403);
		expect(result.items).toHaveLength(0);
	});

	it('1005 answered with HTTP 200 still means "not found": 403, not 503', async () => {
		ctx.sim.quirks.notFoundHttpStatus = 200;
		const forged = { ...paidV1Invoice(), invoice_id: 'TCN9998' };
		const result = await callWebhook(encode(forged), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(403);
	});

	it('types the recorded v1 invoice: integers as numbers, an empty expiry timestamp as null, maps as objects', async () => {
		const result = await callWebhook(encode(recorded.v1Invoice));
		const [item] = result.items;
		expect(item).toMatchObject({ event: 'invoice', interface: 'v1', verified: false });
		expect(item.expire_on_timestamp).toBeNull();
		expect(item.expire_on).toBe('');
		expect(item.invoice_timestamp).toBe(1795255200000);
		expect(item.delete_after_timestamp).toBe(1797847200000);
		expect(item.total_amount).toEqual({ BTC: '0.03000000', USD: '1830.00000000' });
		expect(item.conversion_rate).toEqual({ USD_BTC: '0.00001639', BTC_USD: '61000.00000000' });
		expect((item.payment_history as IDataObject[])[0]).toMatchObject({
			confirmation: 3,
			required_confirmations: 3,
			amount: '0.03000000',
		});
	});

	it('types the recorded legacy invoice as legacy', async () => {
		const result = await callWebhook(encode(recorded.legacyInvoice, 'multipart', 'brackets'));
		expect(result.items[0]).toMatchObject({
			event: 'invoice',
			interface: 'legacy',
			paid_amount: {},
			coin: 'LTC',
		});
	});

	it('a v1 callback with only a legacy credential is refused with 503 (not started unverified)', async () => {
		const result = await callWebhook(encode(paidV1Invoice()), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		});
		expect(result.status).toBe(503);
		expect(result.items).toHaveLength(0);
	});
});

describe('Order Statuses as the editor stores them', () => {
	const editorOptions = () =>
		editorParameters(description, {
			events: shown('Invoice'),
			options: { statuses: shown('Paid', 'Over Paid') },
		});

	it('the editor stores the chosen statuses as numbers', () => {
		expect((editorOptions().options as IDataObject).statuses).toEqual([1, 3]);
	});

	it('a Paid invoice starts the workflow and a Pending one does not', async () => {
		const parameters = editorOptions();
		const paid = await callWebhook(encode(paidV1Invoice()), {
			parameters,
			credentials: v1Credentials(ctx.sim),
		});
		expect(paid.items).toHaveLength(1);
		const pending = await callWebhook(encode(paidV1Invoice('pending')), {
			parameters,
			credentials: v1Credentials(ctx.sim),
		});
		expect(pending.items).toHaveLength(0);
		expect(pending.body).toEqual({ received: true, ignored: 'status Pending is not selected' });
	});

	it('the same codes as text (an expression, a hand-written workflow) mean the same', async () => {
		const parameters = { ...editorOptions(), options: { statuses: ['1', '3'] } };
		const paid = await callWebhook(encode(paidV1Invoice()), {
			parameters,
			credentials: v1Credentials(ctx.sim),
		});
		expect(paid.items).toHaveLength(1);
	});
});

describe('callbacks of another wallet (one URL pasted into several wallets)', () => {
	beforeEach(() => (loggedLines.length = 0));

	it('a v1 deposit of another coin is answered 200, starts nothing, and is logged as another wallet, not as forged', async () => {
		const otherCoin = { ...recorded.v1Transaction };
		const result = await callWebhook(encode(otherCoin), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(0);
		expect((result.body as IDataObject).ignored).toMatch(/another wallet \(BTC\).*for TCN/);
		expect(
			loggedLines.some((line) => line.startsWith('info:') && line.includes('another wallet')),
		).toBe(true);
		expect(loggedLines.some((line) => line.startsWith('warn:'))).toBe(false);
	});

	it('a legacy deposit of another coin is recognised without calling the API', async () => {
		const result = await callWebhook(encode(recorded.legacyTransaction), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		});
		expect(result.status).toBe(200);
		expect((result.body as IDataObject).ignored).toMatch(/another wallet \(LTC\)/);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('a callback of the same coin that the wallet does not know is still forged (403)', async () => {
		const forged = {
			...recorded.v1Transaction,
			coin_symbol: 'TCN',
			wallet_id: ctx.sim.wallet(TCN.apiKey)!.id,
		};
		const result = await callWebhook(encode(forged), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(403);
	});

	it('a legacy LTC callback with the LTC credential is verified as before', async () => {
		const wallet = ctx.sim.wallet(LTC.apiKey)!;
		const tx = ctx.sim.recordTransaction(wallet, {
			type: 'receive',
			address: 'M' + 'q'.repeat(33),
			amount: 100000000n,
			confirmations: 3,
		});
		const result = await callWebhook(encode(callbacks.legacyTransactionWebhook(ctx.sim, tx.id)), {
			credentials: legacyCredentials(ctx.sim, 'LTC', LTC),
		});
		expect(result.items[0]).toMatchObject({ interface: 'legacy', verified: true });
	});
});

describe('addresses when verifying', () => {
	it('EVM addresses compare without regard to case (checksum casing)', async () => {
		const evm = tcnAddress('0x52908400098527886E0F7030069857D2E4169EE7');
		const tx = ctx.sim.deposit(TCN.apiKey, evm, '1.5', 3);
		const callback = {
			...callbacks.v1TransactionWebhook(ctx.sim, tx.id),
			address: evm.toLowerCase(),
		};
		const result = await callWebhook(encode(callback), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(200);
		expect(result.items[0]).toMatchObject({ verified: true });
	});

	it('other addresses compare exactly: a changed case is a mismatch', async () => {
		const address = tcnAddress('T' + 'AbCdEfGhJk'.repeat(3) + 'abc');
		const tx = ctx.sim.deposit(TCN.apiKey, address, '1.5', 3);
		const callback = {
			...callbacks.v1TransactionWebhook(ctx.sim, tx.id),
			address: address.toLowerCase(),
		};
		const result = await callWebhook(encode(callback), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(403);
	});
});

describe('the verification budget', () => {
	it('answers 503 within a few seconds when the API is slow, so the service can deliver again', async () => {
		const address = tcnAddress();
		const tx = ctx.sim.deposit(TCN.apiKey, address, '0.3', 1);
		ctx.sim.faults.delayMs = 10_000;
		const result = await callWebhook(encode(callbacks.v1TransactionWebhook(ctx.sim, tx.id)), {
			credentials: v1Credentials(ctx.sim),
		});
		ctx.sim.faults.delayMs = 0;
		expect(result.status).toBe(503);
		// Answered before the API answered any of its tries: within the budget, not the API's time.
		expect(ctx.sim.requests.length).toBeGreaterThan(0);
		expect(
			ctx.sim.requests.every((request) => (request.answeredAt ?? Infinity) > result.answeredAt),
		).toBe(true);
	}, 15_000);

	it('answers 202 at once when the rate limit binds, and starts the workflow once the API confirms the record', async () => {
		const address = tcnAddress();
		const tx = ctx.sim.deposit(TCN.apiKey, address, '0.3', 1);
		Object.assign(ctx.sim.faults, { rateLimitBurst: 1, retryAfterSeconds: 2 });
		const result = await callWebhook(encode(callbacks.v1TransactionWebhook(ctx.sim, tx.id)), {
			credentials: v1Credentials(ctx.sim),
			parameters: { options: { verificationWait: 1 } },
		});
		expect(result.status).toBe(202);
		expect(result.body).toEqual({ received: true, verification: 'pending' });
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({ id: tx.id, verified: true });
		const [refused, confirmed] = ctx.sim.requests;
		expect(ctx.sim.requests.map((request) => request.status)).toEqual([429, 200]);
		// Acknowledged before the verification that confirmed it, sent once retry-after had passed.
		expect(result.answeredAt).toBeLessThanOrEqual(confirmed.at);
		expect(confirmed.at).toBeGreaterThanOrEqual(refused.answeredAt! + 2_000);
	}, 15_000);

	it('starts nothing for a forged callback it acknowledged while the rate limit was busy', async () => {
		const address = tcnAddress();
		const tx = ctx.sim.deposit(TCN.apiKey, address, '0.3', 1);
		const forged = {
			...callbacks.v1TransactionWebhook(ctx.sim, tx.id),
			id: 'f0f0f0f0f0f0f0f0f0f0f0f0',
		};
		Object.assign(ctx.sim.faults, { rateLimitBurst: 1, retryAfterSeconds: 2 });
		loggedLines.length = 0;
		const result = await callWebhook(encode(forged), {
			credentials: v1Credentials(ctx.sim),
			parameters: { options: { verificationWait: 1 } },
		});
		expect(result.status).toBe(202);
		expect(result.items).toHaveLength(0);
		expect(loggedLines).toContainEqual(
			expect.stringMatching(/refused with 403 after it was acknowledged/),
		);
	}, 15_000);
});
