// Deposits and withdrawals: recognised by type, verified by id, and a verified item holds what the
// record says, never what the sender claims beyond it ("verified means the record").
import type { IDataObject } from 'n8n-workflow';

import { transactionCallback } from '../../../../nodes/CoinRemitterTrigger/callbacks/transaction.callback';
import { callbacks } from '../../../../simulator/server';
import {
	TCN,
	TCN_LEGACY,
	legacyCredentials,
	useSimulator,
	v1Credentials,
	walletAddress,
} from '../../../fixtures/simulator';
import { callWebhook, encode } from '../../../helpers/webhook';

const ctx = useSimulator();

function tcnAddress(value = 'T' + 'r'.repeat(33)) {
	walletAddress(ctx.sim, value, { label: 'r1' });
	return value;
}

function withdrawal(confirmations: number) {
	const wallet = ctx.sim.wallet(TCN.apiKey)!;
	return ctx.sim.recordTransaction(wallet, {
		type: 'send',
		address: 'T' + 'w'.repeat(33),
		amount: 50000000n,
		confirmations,
	});
}

const v1 = () => ({ credentials: v1Credentials(ctx.sim) });
const legacy = (options: IDataObject = {}) => ({
	credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY),
	parameters: { options },
});
const onlyConfirmed = { options: { confirmedOnly: true } };

/** What a forger adds to a genuine pending callback to pass as confirmed. */
const CLAIMS_CONFIRMED = {
	confirmations: 12,
	required_confirmations: 1,
	status: 'confirm',
	status_code: 1,
};

describe('recognition', () => {
	it('a body with type receive or send is a deposit or a withdrawal, v1 when it carries coin_symbol', () => {
		expect(transactionCallback.recognise({ type: 'receive', coin_symbol: 'TCN' })).toMatchObject({
			event: 'deposit',
			schema: { interface: 'v1' },
		});
		expect(transactionCallback.recognise({ type: 'send', coin_short_name: 'TCN' })).toMatchObject({
			event: 'withdrawal',
			schema: { interface: 'legacy' },
		});
		expect(transactionCallback.recognise({ type: 'other' })).toBeUndefined();
	});
});

describe('a v1 callback that claims more than its record', () => {
	it('a pending deposit claimed confirmed does not pass Only Confirmed, and its item says pending', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 1);
		const claim = {
			...callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string),
			...CLAIMS_CONFIRMED,
		};
		const filtered = await callWebhook(encode(claim), { ...v1(), parameters: onlyConfirmed });
		expect(filtered.status).toBe(200);
		expect(filtered.body).toEqual({
			received: true,
			ignored: 'the transaction is not confirmed yet',
		});
		expect(filtered.items).toHaveLength(0);

		const result = await callWebhook(encode(claim), v1());
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			verified: true,
			confirmations: 1,
			required_confirmations: 3,
			status: 'pending',
			status_code: 0,
			deliveryKey: `v1:tx:${String(deposit.id)}:pending`,
		});
	});

	it('a bigger amount is refused as forged (403)', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 3);
		const claim = {
			...callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string),
			amount: '4.0',
		};
		const result = await callWebhook(encode(claim), v1());
		expect(result.status).toBe(403);
		expect(result.items).toHaveLength(0);
	});

	it('fields the record lacks are kept apart under unverifiedFields, not beside the record', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 3);
		const claim = {
			...callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string),
			order_id: 'shop-991',
			paid: 'yes',
		};
		const [item] = (await callWebhook(encode(claim), v1())).items;
		expect(item.order_id).toBeUndefined();
		expect(item.paid).toBeUndefined();
		expect(item.unverifiedFields).toEqual({ order_id: 'shop-991', paid: 'yes' });
	});

	it('a genuine callback (the record itself) has nothing unverified', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 3);
		const [item] = (
			await callWebhook(encode(callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string)), v1())
		).items;
		expect(item).toMatchObject({ verified: true, status_code: 1, amount: '0.40000000' });
		expect(item.unverifiedFields).toBeUndefined();
	});

	it('a pending withdrawal claimed confirmed stays pending', async () => {
		const tx = withdrawal(0);
		const claim = {
			...callbacks.v1TransactionWebhook(ctx.sim, tx.id as string),
			...CLAIMS_CONFIRMED,
		};
		const filtered = await callWebhook(encode(claim), { ...v1(), parameters: onlyConfirmed });
		expect(filtered.items).toHaveLength(0);
		const [item] = (await callWebhook(encode(claim), v1())).items;
		expect(item).toMatchObject({ event: 'withdrawal', confirmations: 0, status_code: 0 });
	});
});

describe('a legacy callback that claims more than its record', () => {
	it('a pending deposit with status_code 1 and more confirmations does not pass Only Confirmed', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 1);
		const claim = {
			...callbacks.legacyTransactionWebhook(ctx.sim, deposit.id as string),
			...CLAIMS_CONFIRMED,
		};
		const filtered = await callWebhook(encode(claim), legacy({ confirmedOnly: true }));
		expect(filtered.status).toBe(200);
		expect(filtered.body).toEqual({
			received: true,
			ignored: 'the transaction is not confirmed yet',
		});
		expect(filtered.items).toHaveLength(0);
	});

	it("the item's status comes from the record's confirmations and Confirmations Needed (Legacy)", async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 2);
		const claim = {
			...callbacks.legacyTransactionWebhook(ctx.sim, deposit.id as string),
			...CLAIMS_CONFIRMED,
		};
		const [pending] = (await callWebhook(encode(claim), legacy())).items;
		expect(pending).toMatchObject({
			interface: 'legacy',
			verified: true,
			confirmations: 2,
			required_confirmations: 3,
			status: 'pending',
			status_code: 0,
			deliveryKey: `legacy:tx:${String(deposit.id)}:pending`,
		});
		// address_label is in the legacy webhook, not in the get-transaction record.
		expect(pending.unverifiedFields).toEqual({ address_label: 'r1' });

		const [confirmed] = (await callWebhook(encode(claim), legacy({ legacyConfirmations: 2 })))
			.items;
		expect(confirmed).toMatchObject({
			confirmations: 2,
			required_confirmations: 2,
			status: 'confirm',
			status_code: 1,
			deliveryKey: `legacy:tx:${String(deposit.id)}:confirmed`,
		});
	});

	it('a withdrawal claiming fees and confirmations its record lacks: record values, claims set apart', async () => {
		const tx = withdrawal(0);
		const claim = {
			...callbacks.legacyTransactionWebhook(ctx.sim, tx.id as string),
			...CLAIMS_CONFIRMED,
			total_amount: '900.00000000',
		};
		const filtered = await callWebhook(encode(claim), legacy({ confirmedOnly: true }));
		expect(filtered.items).toHaveLength(0);
		const [item] = (await callWebhook(encode(claim), legacy())).items;
		expect(item).toMatchObject({ event: 'withdrawal', confirmations: 0, status_code: 0 });
		expect(item.total_amount).toBeUndefined();
		expect(item.unverifiedFields).toMatchObject({ total_amount: '900.00000000' });
	});

	it('unverified (no credential), a legacy item still gets its status from its own confirmations', async () => {
		const deposit = ctx.sim.deposit(TCN.apiKey, tcnAddress(), '0.4', 4);
		const [item] = (
			await callWebhook(encode(callbacks.legacyTransactionWebhook(ctx.sim, deposit.id as string)))
		).items;
		expect(item).toMatchObject({ verified: false, status_code: 1, required_confirmations: 3 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
