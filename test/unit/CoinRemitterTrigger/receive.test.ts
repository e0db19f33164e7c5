import type { IDataObject } from 'n8n-workflow';

import { callbacks } from '../../../simulator/server';
import {
	LTC,
	seedPendingLegacyInvoice,
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
	walletAddress,
} from '../../fixtures/simulator';
import { callWebhook, encode, rawBody } from '../../helpers/webhook';

const ctx = useSimulator();

function address(apiKey = TCN.apiKey) {
	const value =
		'T' +
		Array.from(
			{ length: 33 },
			() =>
				'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[
					Math.floor(Math.random() * 57)
				],
		).join('');
	walletAddress(ctx.sim, value, { apiKey, label: 'l1', lifetimeMs: 1000 });
	return value;
}

function depositPayload(amount = '1.00000000', confirmations = 1) {
	const tx = ctx.sim.deposit(TCN.apiKey, address(), amount, confirmations);
	return callbacks.v1TransactionWebhook(ctx.sim, tx.id) as IDataObject;
}

describe('filters', () => {
	it('answers 200 and starts nothing for an event that is not selected', async () => {
		const result = await callWebhook(encode(depositPayload()), {
			parameters: { events: ['invoice'] },
		});
		expect(result.status).toBe(200);
		expect(result.body).toEqual({ received: true, ignored: 'deposit callbacks are not selected' });
		expect(result.items).toHaveLength(0);
		expect(result.response.workflowData).toBeUndefined();
	});

	it('Only Confirmed: skips a pending deposit and emits it once confirmed', async () => {
		const staticData = {};
		const payload = depositPayload('2', 1);
		const options = { options: { confirmedOnly: true } };
		const pending = await callWebhook(encode(payload), {
			parameters: options,
			staticData,
			workflowId: 'wf-confirm',
		});
		expect(pending.items).toHaveLength(0);
		expect(pending.body).toEqual({
			received: true,
			ignored: 'the transaction is not confirmed yet',
		});
		const confirmed = callbacks.v1TransactionWebhook(
			ctx.sim,
			ctx.sim.confirm(payload.id as string, 3).id,
		);
		const result = await callWebhook(encode(confirmed), {
			parameters: options,
			staticData,
			workflowId: 'wf-confirm',
		});
		expect(result.items).toEqual([
			expect.objectContaining({ id: payload.id, confirmations: 3, status_code: 1 }),
		]);
	});

	it('Only Confirmed on legacy deposits uses the confirmations-needed option', async () => {
		const wallet = ctx.sim.wallet(LTC.apiKey)!;
		const tx = ctx.sim.recordTransaction(wallet, {
			type: 'receive',
			address: address(LTC.apiKey),
			amount: 100000000n,
			confirmations: 2,
		});
		const payload = callbacks.legacyTransactionWebhook(ctx.sim, tx.id);
		const withThree = await callWebhook(encode(payload), {
			parameters: { options: { confirmedOnly: true } },
		});
		expect(withThree.items).toHaveLength(0);
		const withTwo = await callWebhook(encode(payload), {
			parameters: { options: { confirmedOnly: true, legacyConfirmations: 2 } },
		});
		expect(withTwo.items).toHaveLength(1);
	});

	it('Order Statuses: emits only the selected invoice and widget statuses', async () => {
		const paidOnly = { options: { statuses: ['1', '3'] } };
		const pending = await callWebhook(encode(callbacks.widgetOrders.pricing(0)), {
			parameters: paidOnly,
		});
		expect(pending.items).toHaveLength(0);
		expect(pending.body).toEqual({ received: true, ignored: 'status Pending is not selected' });
		const paid = await callWebhook(encode(callbacks.widgetOrders.pricing(1)), {
			parameters: paidOnly,
		});
		expect(paid.items).toHaveLength(1);
	});
});

describe('duplicates', () => {
	it('emits the same transaction state once across executions, and again for a new state', async () => {
		const staticData = {};
		const payload = depositPayload('0.5', 1);
		const first = await callWebhook(encode(payload), { staticData, workflowId: 'wf-dup' });
		const again = await callWebhook(encode(payload, 'urlencoded', 'brackets'), {
			staticData,
			workflowId: 'wf-dup',
		});
		expect(first.items).toHaveLength(1);
		expect(again.items).toHaveLength(0);
		expect(again.body).toEqual({ received: true, ignored: 'duplicate delivery' });
		// Unverified (no credential): remembered apart from verified deliveries.
		expect(Object.keys(staticData as IDataObject)).toContain('unverifiedDeliveries');
		const confirmed = callbacks.v1TransactionWebhook(
			ctx.sim,
			ctx.sim.confirm(payload.id as string, 5).id,
		);
		expect(
			(await callWebhook(encode(confirmed), { staticData, workflowId: 'wf-dup' })).items,
		).toHaveLength(1);
	});

	it('remembers deliveries in the static data, so a restarted n8n still skips them', async () => {
		const staticData = {};
		const payload = depositPayload();
		await callWebhook(encode(payload), { staticData, workflowId: 'wf-restart-a' });
		// Another workflow id means the in-process memory does not know it: only the static data does.
		const result = await callWebhook(encode(payload), { staticData, workflowId: 'wf-restart-b' });
		expect(result.items).toHaveLength(0);
	});

	it('emits duplicates when Skip Duplicates is off', async () => {
		const payload = depositPayload();
		const call = {
			parameters: { options: { skipDuplicates: false } },
			staticData: {},
			workflowId: 'wf-nodup',
		};
		expect((await callWebhook(encode(payload), call)).items).toHaveLength(1);
		expect((await callWebhook(encode(payload), call)).items).toHaveLength(1);
	});
});

describe('verification with the API', () => {
	it('a genuine v1 deposit is fetched, merged over the callback and marked verified', async () => {
		const payload = depositPayload('3.3', 4);
		const result = await callWebhook(encode(payload), { credentials: v1Credentials(ctx.sim) });
		expect(result.items).toEqual([
			expect.objectContaining({
				id: payload.id,
				verified: true,
				amount: '3.30000000',
				confirmations: 4,
			}),
		]);
		// While the wallet's rate limit has room, a v1 deposit is looked up by its id: one round trip.
		expect(ctx.sim.requests.map((request) => [request.path, request.fields])).toEqual([
			['/v1/wallet/transaction', { id: payload.id }],
		]);
	});

	it('a forged transaction id is answered 403 and starts nothing', async () => {
		const forged = { ...depositPayload(), id: 'forged-id' };
		const result = await callWebhook(encode(forged), { credentials: v1Credentials(ctx.sim) });
		expect(result.status).toBe(403);
		expect(result.body).toEqual({
			received: false,
			error: 'The callback does not match any record of the wallet',
		});
		expect(result.items).toHaveLength(0);
	});

	it.each([
		[
			'amount',
			{ amount: '999.00000000' },
			"The callback's amount does not match the wallet's record",
		],
		[
			'address',
			{ address: 'T' + '7'.repeat(33) },
			"The callback's address does not match the wallet's record",
		],
		['type', { type: 'send' }, "The callback's type does not match the wallet's record"],
	])(
		'a callback whose %s disagrees with the record is answered 403',
		async (_field, change, error) => {
			const result = await callWebhook(encode({ ...depositPayload('1.25'), ...change }), {
				credentials: v1Credentials(ctx.sim),
			});
			expect(result.status).toBe(403);
			expect(result.body).toEqual({ received: false, error });
		},
	);

	it('a legacy deposit is verified with the legacy credential', async () => {
		const tx = ctx.sim.deposit(TCN.apiKey, address(), '0.75', 6);
		const payload = callbacks.legacyTransactionWebhook(ctx.sim, tx.id);
		const result = await callWebhook(encode(payload), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		});
		expect(result.items).toEqual([
			expect.objectContaining({ id: tx.id, verified: true, interface: 'legacy' }),
		]);
		expect(ctx.sim.requests[0].path).toBe('/api/v3/TCN/get-transaction');
		expect(ctx.sim.requests[0].fields).toMatchObject({ id: tx.id, api_key: TCN.apiKey });
	});

	it('a forged legacy callback is 403, but a wrong legacy credential is 503 (retry later), not a forgery', async () => {
		const forged = {
			...callbacks.legacyTransactionWebhook(
				ctx.sim,
				ctx.sim.deposit(TCN.apiKey, address(), '1', 1).id,
			),
			id: 'nope',
		};
		expect(
			(
				await callWebhook(encode(forged), {
					credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
				})
			).status,
		).toBe(403);
		const wrongKeys = legacyCredentials(ctx.sim, 'TCN', { apiKey: TCN.apiKey, password: 'bad' });
		const result = await callWebhook(encode(forged), { credentials: wrongKeys });
		expect(result.status).toBe(503);
	});

	it('an invoice is verified by invoice_id and the fetched status decides', async () => {
		const invoiceId = 'TCN0001';
		seedPendingLegacyInvoice(ctx.sim, invoiceId, 'x');
		const forgedPaid = {
			...callbacks.invoiceNotification(ctx.sim, invoiceId),
			status: 'Paid',
			status_code: 1,
		};
		const result = await callWebhook(encode(forgedPaid), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
			parameters: { options: { statuses: ['1'] } },
		});
		expect(result.items).toHaveLength(0);
		expect(result.body).toEqual({ received: true, ignored: 'status Pending is not selected' });
		const paid = callbacks.payInvoice(ctx.sim, invoiceId, '2');
		const genuine = await callWebhook(encode(paid), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
			parameters: { options: { statuses: ['1'] } },
		});
		expect(genuine.items).toEqual([
			expect.objectContaining({ invoice_id: invoiceId, status_code: 1, verified: true }),
		]);
	});

	it('when the API is down the callback is answered 503 so the sender can retry', async () => {
		ctx.sim.faults.maintenance = true;
		const result = await callWebhook(encode(depositPayload()), {
			credentials: v1Credentials(ctx.sim),
		});
		expect(result.status).toBe(503);
		expect(result.items).toHaveLength(0);
	});

	it('is skipped when turned off, and the item says so', async () => {
		const off = await callWebhook(encode(depositPayload()), {
			credentials: v1Credentials(ctx.sim),
			parameters: { options: { verify: false } },
		});
		expect(off.items[0]).toMatchObject({
			verified: false,
			verification: 'NOT verified: Verify With the API is off',
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('with a credential of the other interface only, refuses with 503 and says which credential is missing', async () => {
		const legacyOnly = await callWebhook(encode(depositPayload()), {
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
		});
		expect(legacyOnly.status).toBe(503);
		expect(legacyOnly.items).toHaveLength(0);
		expect(String((legacyOnly.body as { error: string }).error)).toMatch(
			/v1 callback.*add a CoinRemitter V1 API credential/,
		);
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

describe('widget secret', () => {
	const withSecret = { parameters: { options: { widgetSecret: 's3cret-value' } } };

	it('refuses widget orders without the secret with 401', async () => {
		const result = await callWebhook(encode(callbacks.widgetOrders.presale()), withSecret);
		expect(result.status).toBe(401);
		expect(result.items).toHaveLength(0);
	});

	it('accepts widget orders with the secret in the query string', async () => {
		const result = await callWebhook(encode(callbacks.widgetOrders.presale()), {
			...withSecret,
			query: { secret: 's3cret-value' },
		});
		expect(result.items).toHaveLength(1);
	});
});

describe('bad bodies get a 4xx and start nothing', () => {
	it.each([
		['an empty multipart body', encode({})],
		['an empty JSON object', rawBody('{}', 'application/json')],
		['malformed JSON', rawBody('{"id": "x", ', 'application/json')],
		['a JSON array', rawBody('[1,2]', 'application/json')],
		['an unknown payload', encode({ hello: 'world' })],
		[
			'a prototype-polluting key',
			rawBody('id=1&type=receive&__proto__[polluted]=yes', 'application/x-www-form-urlencoded'),
		],
		[
			'a constructor key in brackets',
			rawBody(
				'id=1&type=receive&a[constructor][prototype][x]=1',
				'application/x-www-form-urlencoded',
			),
		],
		[
			'a non-numeric confirmations',
			encode({ id: '1', type: 'receive', amount: '1', confirmations: 'many' }),
		],
		['an amount with a comma', encode({ id: '1', type: 'receive', amount: '1,5' })],
		['an amount in exponent form', encode({ id: '1', type: 'receive', amount: '1e-7' })],
		[
			'payment history that is not a list',
			encode({ invoice_id: 'X', merchant_id: 'm', payment_history: '{"a":1}' }),
		],
		[
			'nesting too deep',
			rawBody('id=1&type=receive&a[b][c][d][e][f][g]=1', 'application/x-www-form-urlencoded'),
		],
		['a transaction without id', encode({ type: 'receive', amount: '1' })],
	])('%s', async (_name, body) => {
		const result = await callWebhook(body);
		expect(result.status).toBe(400);
		expect(result.items).toHaveLength(0);
		expect(result.body).toEqual({ received: false, error: expect.any(String) });
		expect(({} as IDataObject).polluted).toBeUndefined();
	});
});

describe('a body without the fields every genuine callback of its kind carries', () => {
	it.each([
		['invoice_id=NaN&type=', 'coin'],
		['invoice_id=null&amount=%00', 'coin'],
		['invoice_id=INV1&coin_symbol=TCN', 'status_code'],
		['id=7&type=receive&amount=1', 'txid'],
		['id=7&type=send&txid=abc&address=T1&amount=1', 'coin_short_name'],
	])('%s gets 400 naming "%s", before any credential or API question', async (body, missing) => {
		// A v1 credential only: a legacy-looking body once got 503 "add a legacy credential".
		const result = await callWebhook(rawBody(body, 'application/x-www-form-urlencoded'), {
			credentials: v1Credentials(ctx.sim),
		});
		expect(result.status).toBe(400);
		expect(result.body).toEqual({
			received: false,
			error: `The field "${missing}" is missing`,
		});
		expect(result.items).toHaveLength(0);
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
