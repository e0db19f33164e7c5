// The trigger under a flood of forged callbacks, through real API calls to the simulator: what each
// defence costs is counted in the simulator's request log.
import type { IDataObject } from 'n8n-workflow';

import {
	heldCallbacks,
	MAX_HELD_CALLBACKS,
	REFUTED_MEMORY_MS,
} from '../../../nodes/CoinRemitterTrigger/memory';
import { findDeposit } from '../../../nodes/CoinRemitterTrigger/verify/addressList';
import { callbacks } from '../../../simulator/server';
import * as v1 from '../../../simulator/v1';
import {
	legacyCredentials,
	TCN,
	TCN_LEGACY,
	useSimulator,
	v1Credentials,
	walletAddress as addWalletAddress,
} from '../../fixtures/simulator';
import { callWebhook, encode, loggedLines } from '../../helpers/webhook';

const ctx = useSimulator();

const hex = (length: number) =>
	Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

function walletAddress() {
	const value = 'T' + hex(33);
	addWalletAddress(ctx.sim, value, { label: 'flood', lifetimeMs: 600_000 });
	return value;
}

function genuineDeposit(address: string, amount = '0.5') {
	const tx = ctx.sim.deposit(TCN.apiKey, address, amount, 3);
	return callbacks.v1TransactionWebhook(ctx.sim, tx.id) as IDataObject;
}

/** A well-formed deposit callback for the wallet that no deposit stands behind. */
const forgedDeposit = (address: string): IDataObject => ({
	...genuineDeposit(walletAddress()),
	id: hex(24),
	txid: hex(64),
	address,
});

function forgedInvoice(): IDataObject {
	const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
	const notification = callbacks.invoiceNotification(ctx.sim, invoice.invoice_id as string);
	return { ...notification, invoice_id: 'INV' + hex(8).toUpperCase(), status_code: 1 };
}

const send = async (callback: IDataObject, options: IDataObject = {}) =>
	await callWebhook(encode(callback), {
		credentials: v1Credentials(ctx.sim),
		parameters: { options },
		workflowId: 'wf-flood',
	});

const calls = (path: string) => ctx.sim.requests.filter((request) => request.path === path).length;

beforeEach(() => {
	ctx.sim.requests.length = 0;
	loggedLines.length = 0;
});

describe('identical callbacks and refuted ids', () => {
	it('identical forged callbacks in flight are verified with one lookup', async () => {
		const forged = forgedInvoice();
		ctx.sim.requests.length = 0;
		const results = await Promise.all(Array.from({ length: 8 }, async () => await send(forged)));
		expect(results.map((result) => result.status)).toEqual(Array(8).fill(403));
		expect(results.flatMap((result) => result.items)).toHaveLength(0);
		expect(calls('/v1/invoice/get')).toBe(1);
	});

	it('an id refuted as forged is answered 403 from memory, with no API call, until the memory expires', async () => {
		const forged = forgedInvoice();
		ctx.sim.requests.length = 0;
		expect((await send(forged)).status).toBe(403);
		const spent = ctx.sim.requests.length;
		expect(spent).toBeGreaterThan(0);
		const again = await send({ ...forged, status_code: 3 });
		expect(again.status).toBe(403);
		expect(again.body).toEqual({
			received: false,
			error: 'The callback does not match any record of the wallet',
		});
		expect(ctx.sim.requests).toHaveLength(spent);

		const realNow = Date.now.bind(Date);
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + REFUTED_MEMORY_MS);
		try {
			expect((await send(forged)).status).toBe(403);
			expect(calls('/v1/invoice/get')).toBe(2);
		} finally {
			clock.mockRestore();
		}
	});

	it('a callback whose record exists but disagrees is not remembered: the genuine one still starts', async () => {
		const genuine = genuineDeposit(walletAddress(), '1.25');
		expect((await send({ ...genuine, amount: '99' })).status).toBe(403);
		const result = await send(genuine);
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(1);
	});

	it("the wallet's identity (coin and wallet id) is read once, not after every unknown record", async () => {
		ctx.sim.requests.length = 0;
		for (let i = 0; i < 4; i++) expect((await send(forgedInvoice())).status).toBe(403);
		expect(calls('/v1/invoice/get')).toBe(4);
		expect(calls('/v1/wallet/balance')).toBe(1);
	});
});

describe('legacy callbacks', () => {
	it('forged ids cost one lookup each, the check that the keys work is made once, and a refuted id is answered from memory', async () => {
		const credentials = legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY);
		const tx = ctx.sim.deposit(TCN.apiKey, walletAddress(), '1', 1);
		const genuine = callbacks.legacyTransactionWebhook(ctx.sim, tx.id) as IDataObject;
		const forged = Array.from({ length: 3 }, () => ({ ...genuine, id: hex(24) }));
		ctx.sim.requests.length = 0;
		for (const callback of [...forged, forged[0]]) {
			const result = await callWebhook(encode(callback), { credentials, workflowId: 'wf-legacy' });
			expect(result.status).toBe(403);
		}
		const paths = ctx.sim.requests.map((request) => request.path.split('/').pop());
		expect(paths.filter((path) => path === 'get-transaction')).toHaveLength(3);
		expect(paths.filter((path) => path === 'get-balance')).toHaveLength(1);
	});
});

describe('callbacks waiting for one address are settled together', () => {
	it('a deposit alone on its address is looked up by id; deposits arriving on one address together share a read of it', async () => {
		const address = walletAddress();
		for (let i = 0; i < 3; i++) expect((await send(genuineDeposit(address))).status).toBe(200);
		expect(calls('/v1/wallet/transaction')).toBe(3);
		expect(calls('/v1/wallet/address/transactions')).toBe(0);

		const together = Array.from({ length: 6 }, () => genuineDeposit(address));
		ctx.sim.requests.length = 0;
		const results = await Promise.all(together.map(async (callback) => await send(callback)));
		expect(results.map((result) => result.status)).toEqual(Array(6).fill(200));
		expect(results.flatMap((result) => result.items)).toHaveLength(6);
		expect(calls('/v1/wallet/transaction')).toBe(1); // the first, alone when it came
		expect(calls('/v1/wallet/address/transactions')).toBeLessThanOrEqual(2);
	});

	it("once half the wallet's window is used, deposits on one address share one read of it", async () => {
		// 50 lookups of the simulator's 100 a window: no more than half is left.
		for (let i = 0; i < 50; i++)
			expect((await send(genuineDeposit(walletAddress()))).status).toBe(200);
		const address = walletAddress();
		const deposits = Array.from({ length: 6 }, () => genuineDeposit(address));
		ctx.sim.requests.length = 0;
		const results = await Promise.all(deposits.map(async (callback) => await send(callback)));
		expect(results.map((result) => result.status)).toEqual(Array(6).fill(200));
		expect(results.flatMap((result) => result.items)).toHaveLength(6);
		expect(calls('/v1/wallet/address/transactions')).toBeLessThanOrEqual(2);
		expect(calls('/v1/wallet/transaction')).toBe(0);
	}, 30_000);

	it('once a forgery names a known address, a burst of forged deposits on it costs a read per round, starts nothing, and the genuine one in it starts once', async () => {
		const address = walletAddress();
		const genuine = genuineDeposit(address, '0.75');
		expect((await send(forgedDeposit(address))).status).toBe(403);
		let pending = [
			...Array.from({ length: 15 }, () => forgedDeposit(address)),
			genuine,
			genuine,
			...Array.from({ length: 15 }, () => forgedDeposit(address)),
		];
		const sent = pending.length;
		ctx.sim.requests.length = 0;
		const started: IDataObject[] = [];
		const finalStatus = new Map<IDataObject, number>();
		let rounds = 0;
		// Past MAX_HELD_CALLBACKS held at once the rest are answered 503: a sender that keeps them
		// sends them again, all at once.
		while (pending.length > 0) {
			rounds++;
			const results = await Promise.all(pending.map(async (callback) => await send(callback)));
			results.forEach((result, index) => finalStatus.set(pending[index], result.status));
			started.push(...results.flatMap((result) => result.items));
			expect(results.filter((result) => result.status !== 503).length).toBeGreaterThan(0);
			pending = pending.filter((_callback, index) => results[index].status === 503);
		}

		expect(started).toHaveLength(1);
		expect(started[0]).toMatchObject({ id: genuine.id, amount: '0.75000000', verified: true });
		finalStatus.delete(genuine);
		expect(new Set(finalStatus.values())).toEqual(new Set([403]));
		expect(rounds).toBeLessThanOrEqual(Math.ceil(sent / MAX_HELD_CALLBACKS) + 1);
		expect(calls('/v1/wallet/address/transactions')).toBeLessThanOrEqual(rounds + 1);
		expect(calls('/v1/wallet/transaction')).toBe(0);
	}, 60_000);

	it('a record built from the address list holds what the per-id lookup answers', () => {
		const address = walletAddress();
		const wallet = ctx.sim.wallet(TCN.apiKey)!;
		const tx = ctx.sim.deposit(TCN.apiKey, address, '0.4', 2);
		ctx.sim.deposit(TCN.apiKey, address, '0.1', 0);
		const handlers = v1.handlers as unknown as Record<string, (input: unknown) => IDataObject>;
		const summary = handlers['/v1/wallet/address/transactions']({
			wallet,
			fields: { address },
			sim: ctx.sim,
		});
		const byId = handlers['/v1/wallet/transaction']({
			wallet,
			fields: { id: tx.id },
			sim: ctx.sim,
		});
		expect(findDeposit(summary, String(tx.id))).toEqual({ record: byId });
		expect(findDeposit(summary, 'f'.repeat(24))).toBe('absent');
	});

	it('a list that may be cut short (its entries do not add up to the address total) never refutes: the per-id lookup decides', async () => {
		const address = walletAddress();
		const genuine = genuineDeposit(address, '0.3');
		genuineDeposit(address, '0.2');
		expect((await send(forgedDeposit(address))).status).toBe(403); // the address is read from now on
		ctx.sim.requests.length = 0;
		const handlers = v1.handlers as unknown as Record<string, (input: unknown) => IDataObject>;
		const original = handlers['/v1/wallet/address/transactions'];
		handlers['/v1/wallet/address/transactions'] = (input) => {
			const summary = original(input);
			const transactions = (summary.transactions as IDataObject[]).filter(
				(entry) => entry.id !== genuine.id,
			);
			return { ...summary, transactions };
		};
		try {
			const result = await send(genuine);
			expect(result.items).toHaveLength(1);
			expect(result.items[0]).toMatchObject({ id: genuine.id, verified: true });
			expect(calls('/v1/wallet/address/transactions')).toBe(1);
			expect(calls('/v1/wallet/transaction')).toBe(1);
		} finally {
			handlers['/v1/wallet/address/transactions'] = original;
		}
	});

	it("a forged deposit on an address that is not the wallet's is refuted by one lookup and the wallet's identity", async () => {
		const result = await send(forgedDeposit('T' + hex(33)));
		expect(result.status).toBe(403);
		expect(ctx.sim.requests.map((request) => request.path)).toEqual([
			'/v1/wallet/transaction',
			'/v1/wallet/balance',
		]);
	});
});

describe('callbacks held open', () => {
	it('however many arrive at once while the limit binds, at most MAX_HELD_CALLBACKS are held open; the rest are answered 503 with Retry-After at once, and every one answered 202 starts once', async () => {
		const deposits = Array.from({ length: 60 }, () => genuineDeposit(walletAddress()));
		// Every call of the first wave is answered 429; the wallet opens 2 s later.
		Object.assign(ctx.sim.faults, { rateLimitBurst: 60, retryAfterSeconds: 2 });
		let peak = 0;
		const take = heldCallbacks.take.bind(heldCallbacks);
		const spy = jest.spyOn(heldCallbacks, 'take').mockImplementation(() => {
			const release = take();
			peak = Math.max(peak, heldCallbacks.inUse);
			return release;
		});
		try {
			const results = await Promise.all(
				deposits.map(async (callback) => await send(callback, { verificationWait: 1 })),
			);
			const statuses = results.map((result) => result.status);
			const acknowledged = results.filter((result) => result.status === 202);
			const refused = results.filter((result) => result.status === 503);
			expect(acknowledged.length + refused.length + statuses.filter((s) => s === 200).length).toBe(
				60,
			);
			expect(acknowledged.length).toBeLessThanOrEqual(MAX_HELD_CALLBACKS);
			expect(refused.length).toBeGreaterThanOrEqual(60 - MAX_HELD_CALLBACKS);
			for (const result of refused) {
				expect(result.headers['retry-after']).toBe('60');
				expect(result.items).toHaveLength(0);
			}
			for (const result of acknowledged) expect(result.items).toHaveLength(1);
			const startedIds = results.flatMap((result) => result.items.map((item) => item.id));
			expect(new Set(startedIds).size).toBe(startedIds.length);
			expect(peak).toBeLessThanOrEqual(MAX_HELD_CALLBACKS);
		} finally {
			spy.mockRestore();
		}
		expect(heldCallbacks.inUse).toBe(0);
	}, 30_000);

	it('while every slot is held, a callback that need not wait is still verified and starts once', async () => {
		const genuine = genuineDeposit(walletAddress());
		const held = Array.from({ length: MAX_HELD_CALLBACKS }, () => heldCallbacks.take());
		try {
			const result = await send(genuine, { verificationWait: 1 });
			expect(result.status).toBe(200);
			expect(result.items).toHaveLength(1);
			expect(result.items[0]).toMatchObject({ id: genuine.id, verified: true });
		} finally {
			held.forEach((release) => release?.());
		}
		expect(heldCallbacks.inUse).toBe(0);
	});

	it('while every slot is held and forgeries arrive (one refused lately, on any address), a callback is answered 503 at once, with no API call', async () => {
		expect((await send(forgedDeposit(walletAddress()))).status).toBe(403);
		const genuine = genuineDeposit(walletAddress());
		const held = Array.from({ length: MAX_HELD_CALLBACKS }, () => heldCallbacks.take());
		ctx.sim.requests.length = 0;
		try {
			const result = await send(genuine, { verificationWait: 1 });
			expect(result.status).toBe(503);
			expect(result.items).toHaveLength(0);
			expect(ctx.sim.requests).toHaveLength(0);
		} finally {
			held.forEach((release) => release?.());
		}
	});

	it('while every slot is held, a callback that would wait is answered 503 (the sender keeps it), not 202', async () => {
		const genuine = genuineDeposit(walletAddress());
		const held = Array.from({ length: MAX_HELD_CALLBACKS }, () => heldCallbacks.take());
		Object.assign(ctx.sim.faults, { rateLimitBurst: 1, retryAfterSeconds: 2 });
		try {
			const result = await send(genuine, { verificationWait: 1 });
			expect(result.status).toBe(503);
			expect(result.items).toHaveLength(0);
		} finally {
			held.forEach((release) => release?.());
		}
		expect(heldCallbacks.inUse).toBe(0);
	}, 15_000);

	it('a background verification that gives up is an error in the log naming the callback, without credentials', async () => {
		const address = walletAddress();
		const genuine = genuineDeposit(address);
		Object.assign(ctx.sim.faults, { rateLimitBurst: 1, retryAfterSeconds: 2, maintenance: true });
		const result = await send(genuine, { verificationWait: 1 });
		expect(result.status).toBe(202);
		expect(result.items).toHaveLength(0);
		const errors = loggedLines.filter((line) => line.startsWith('error:'));
		expect(errors).toHaveLength(1);
		expect(errors[0]).toContain(`deposit callback (id ${String(genuine.id)}, address ${address})`);
		expect(errors[0]).toMatch(/catch-up/);
		expect(errors[0]).not.toContain(TCN.apiKey);
		expect(errors[0]).not.toContain(TCN.apiPassword);
		expect(heldCallbacks.inUse).toBe(0);
	}, 15_000);
});
