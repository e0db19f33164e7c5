import type { IDataObject } from 'n8n-workflow';

import { operation, requestOption } from '../../../helpers/editor';
import { runNode } from '../../../helpers/engine';
import { mostInFlight } from '../../../helpers/requestLog';
import { TCN, useSimulator, v1Credentials } from '../../../fixtures/simulator';

// Every answer comes 60 ms after its request, like a gateway on the network; no rate limit binds here.
const LATENCY_MS = 60;
const ctx = useSimulator({ latencyMs: LATENCY_MS, rateLimit: 1_000_000 });

const CONCURRENCY = requestOption('Concurrent Requests');
const getBalance = operation('V1 (Current)', 'Wallet', 'Get Balance');
const estimate = operation('V1 (Current)', 'Withdrawal', 'Estimate');
const withdraw = operation('V1 (Current)', 'Withdrawal', 'Create');
const createAddress = operation('V1 (Current)', 'Address', 'Create');
const ADDRESS = 'T' + '3'.repeat(33);

const items = (count: number, make: (i: number) => IDataObject = (i) => ({ i })) =>
	Array.from({ length: count }, (_, i) => make(i));

/** Withdrawal → Estimate once per input item, amount and address taken from the item. */
const estimateEach = async (input: IDataObject[], continueOnFail: boolean) =>
	await runNode({
		parameters: {
			...estimate,
			amount: '={{ $json.amount }}',
			additionalFields: { address: '={{ $json.address }}' },
		},
		credentials: v1Credentials(ctx.sim),
		items: input,
		continueOnFail,
	});

describe('items in flight together', () => {
	it('has a default that needs no tuning to be fast, and is bounded', () => {
		// One round trip for any batch the free plan's window (100 a minute) lets through, and no more.
		expect(CONCURRENCY.default).toBe(100);
	});

	it('runs 40 reads in about one round trip, in input order, each paired to its input', async () => {
		// Answers 500 ms late here, so that sending all 40 fits in one round trip on a busy machine.
		ctx.sim.faults.delayMs = 500 - LATENCY_MS;
		try {
			const result = await runNode({
				parameters: getBalance,
				credentials: v1Credentials(ctx.sim),
				items: items(40),
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(40);
			expect(result.items.map((item) => item.pairedItem)).toEqual(items(40, (i) => ({ item: i })));
			expect(result.items.every((item) => item.json.balance === '25.00000000')).toBe(true);
			// Sent together, not one after another (how long it takes: npm run bench).
			expect(mostInFlight(ctx.sim.requests)).toBeGreaterThan(30);
		} finally {
			ctx.sim.faults.delayMs = 0;
		}
	});

	it('never has more requests under way than the option allows', async () => {
		const bound = 7;
		const result = await runNode({
			parameters: { ...getBalance, options: { [CONCURRENCY.name]: bound } },
			credentials: v1Credentials(ctx.sim),
			items: items(50),
		});
		expect(result.items).toHaveLength(50);
		expect(ctx.sim.requests).toHaveLength(50);
		expect(mostInFlight(ctx.sim.requests)).toBe(bound);
	});

	it('keeps the default bound for a batch larger than it', async () => {
		const count = Number(CONCURRENCY.default) * 2 + 30;
		const result = await runNode({
			parameters: getBalance,
			credentials: v1Credentials(ctx.sim),
			items: items(count),
		});
		expect(result.items).toHaveLength(count);
		expect(mostInFlight(ctx.sim.requests)).toBeLessThanOrEqual(Number(CONCURRENCY.default));
	});

	it('with continue on fail, puts successes and failures in input order, each paired, whatever finished first', async () => {
		// Every third item succeeds (after the latency), every third fails at the gateway (after
		// the latency), every third fails in the node before anything is sent (at once).
		const input = items(30, (i) =>
			i % 3 === 0
				? { amount: `0.${i + 1}`, address: '' }
				: i % 3 === 1
					? { amount: '1', address: 'not-an-address' }
					: { amount: '1,5', address: '' },
		);
		const result = await estimateEach(input, true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(30);
		result.items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (i % 3 === 0) expect(item.json.amount).toBe(Number(`0.${i + 1}`).toFixed(8));
			else if (i % 3 === 1)
				expect(item.json).toMatchObject({
					error: 'CoinRemitter rejected a field of the request [1001]',
					httpCode: '400',
				});
			else expect(String(item.json.error)).toMatch(/Amount/);
			// A read never says whether it was "sent": only writes carry `outcome`.
			expect(item.json.outcome).toBeUndefined();
		});
		expect(ctx.sim.requests).toHaveLength(20);
	});

	it('without continue on fail, fails with the first failing item in input order', async () => {
		const input = items(12, (i) => ({
			amount: i === 7 ? '1' : '2',
			address: i === 7 || i === 9 ? 'not-an-address' : '',
		}));
		const result = await estimateEach(input, false);
		expect(result.error?.message).toBe('CoinRemitter rejected a field of the request [1001]');
		expect(result.error?.context?.itemIndex).toBe(7);
	});
});

describe('payouts stay safe', () => {
	const sends = () => [...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send');
	const withdrawals = () =>
		ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');
	// Each payout has its own Payout Key: identical payouts without one are refused as repeats.
	const payouts = [6, 6, 6, 6, 6, 0.5].map((amount, index) => ({
		amount: String(amount),
		order: `order-${index}`,
	}));

	it('sends withdrawals one at a time in input order, even with a large concurrency option, so the balance runs out on a predictable item', async () => {
		const result = await runNode({
			parameters: {
				...withdraw,
				address: ADDRESS,
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $json.order }}',
				options: { [CONCURRENCY.name]: 100 },
			},
			credentials: v1Credentials(ctx.sim),
			items: payouts,
			continueOnFail: true,
		});
		expect(mostInFlight(withdrawals())).toBe(1);
		expect(withdrawals().map((request) => request.fields.amount)).toEqual(
			payouts.map((payout) => payout.amount),
		);
		// 25 TCN pays four withdrawals of 6 (plus fees); the fifth is refused, the small sixth still fits.
		expect(result.items.map((item) => (item.json.error ? 'error' : item.json.amount))).toEqual([
			'6.00000000',
			'6.00000000',
			'6.00000000',
			'6.00000000',
			'error',
			'0.50000000',
		]);
		expect(result.items[4].json.error).toBe('CoinRemitter rejected a field of the request [1001]');
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			payouts.map((_, i) => ({ item: i })),
		);
		expect(sends()).toHaveLength(5);
	});

	it('stops at the first failed withdrawal without continue on fail: nothing after it is sent', async () => {
		const result = await runNode({
			parameters: {
				...withdraw,
				address: ADDRESS,
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $json.order }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: payouts,
		});
		expect(result.error?.context?.itemIndex).toBe(4);
		expect(withdrawals()).toHaveLength(5);
		expect(sends()).toHaveLength(4);
	});

	it('creates addresses concurrently, each once, in input order', async () => {
		const labels = items(20, (i) => ({ label: `order${i}` }));
		const result = await runNode({
			parameters: { ...createAddress, label: '={{ $json.label }}' },
			credentials: v1Credentials(ctx.sim),
			items: labels,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.label)).toEqual(labels.map((item) => item.label));
		const creations = ctx.sim.requests.filter(
			(request) => request.path === '/v1/wallet/address/create',
		);
		expect(creations).toHaveLength(20);
		expect(mostInFlight(creations)).toBeGreaterThan(1);
		expect(ctx.sim.wallet(TCN.apiKey)!.addresses.size).toBeGreaterThanOrEqual(20);
	});

	it("says of each failed write whether it may have been carried out ('unknown'), surely was not ('notSent'), or was an earlier attempt's ('alreadyAttempted')", async () => {
		ctx.sim.faults.foreignAfterWithdraw.push({ status: 503 });
		const result = await runNode({
			parameters: {
				...withdraw,
				address: '={{ $json.address }}',
				amount: '1',
				payoutKey: '={{ $json.key }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: [
				{ address: ADDRESS, key: 'w-1' },
				{ address: 'not-an-address', key: 'w-2' },
				{ address: ADDRESS, key: 'w-1' },
			],
			continueOnFail: true,
		});
		expect(
			result.items.map((item) => [item.json.outcome, String(item.json.error).slice(0, 40)]),
		).toEqual([
			['unknown', 'CoinRemitter may or may not have carried'],
			['notSent', 'CoinRemitter rejected a field of the req'],
			['alreadyAttempted', 'This withdrawal was already attempted (P'],
		]);
	});

	it('with "Continue (using error output)", sends each failed item to the error output, paired, in n8n\'s own form', async () => {
		const result = await runNode({
			parameters: { ...withdraw, address: '={{ $json.address }}', amount: '1', payoutKey: 'e-1' },
			credentials: v1Credentials(ctx.sim),
			items: [{ address: 'not-an-address' }, { address: ADDRESS }],
			errorOutput: true,
		});
		expect(result.items.map((item) => item.json.amount)).toEqual(['1.00000000']);
		expect(result.errorItems).toHaveLength(1);
		// n8n adds the input item's fields to it where the node has a previous node (not here).
		expect(result.errorItems[0].json).toEqual({
			error: 'CoinRemitter rejected a field of the request [1001]',
		});
		expect(result.errorItems[0].pairedItem).toEqual({ item: 0 });
	});

	it('never sends a creation again when its outcome is unknown, with others in flight', async () => {
		ctx.sim.faults.serverErrors = 3;
		const result = await runNode({
			parameters: { ...createAddress, label: '={{ $json.label }}' },
			credentials: v1Credentials(ctx.sim),
			items: items(10, (i) => ({ label: `order${i}` })),
			continueOnFail: true,
		});
		const unknown = result.items.filter((item) =>
			/outcome is unknown/.test(String(item.json.error)),
		);
		expect(unknown).toHaveLength(3);
		expect(unknown.map((item) => item.json.outcome)).toEqual(['unknown', 'unknown', 'unknown']);
		expect(
			ctx.sim.requests.filter((request) => request.path === '/v1/wallet/address/create'),
		).toHaveLength(10);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items(10, (i) => ({ item: i })));
	});
});
