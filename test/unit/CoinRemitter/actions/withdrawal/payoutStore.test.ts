// Payout keys under callers at once, against a deduplication store that interleaves as n8n's does
// (test/helpers/deduplicationStore.ts: read the row, await, write the whole row back).
import type { IExecuteFunctions } from 'n8n-workflow';
import { DataDeduplicationService } from 'n8n-core';

import { payOnce } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutOnce';
import { rowKey, rowValues } from '../../../../helpers/deduplicationStore';
import { useSimulator } from '../../../../fixtures/simulator';
import { addressOf, withdrawalRuns } from '../../../../helpers/withdrawals';

const ctx = useSimulator();
const { withdraw: run, sentTo } = withdrawalRuns(ctx);

/** One execution of Withdrawal → Create with the Payout Key `key` (empty: the default key). */
const withdraw = async (workflowId: string, address: string, amount: string, key: string) =>
	await run(workflowId, { address, amount, payoutKey: key });

const sends = () =>
	[...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send').length;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);

describe("the test double of n8n's deduplication store", () => {
	it('interleaves as the real one does: two claims of one key at once both see it as new', async () => {
		const context = { workflow: { id: 'wf-double' }, node: { id: 'n1' } } as never;
		const record = async () =>
			await DataDeduplicationService.getInstance().checkProcessedAndRecord(['k'], 'node', context, {
				mode: 'entries',
				maxEntries: 10,
			});
		await record(); // the row exists: no primary-key error below
		await DataDeduplicationService.getInstance().removeProcessed(['k'], 'node', context, {
			mode: 'entries',
		});
		const [a, b] = await Promise.all([record(), record()]);
		expect([a.new, b.new]).toEqual([['k'], ['k']]);
	});
});

describe('payouts at once in one n8n process', () => {
	beforeEach(() => {
		ctx.sim.faults.delayMs = 20; // the gateway takes a moment: the executions overlap there too
	});

	it('20 payouts with keys of their own at once, then the same 20 again: 20 withdrawals', async () => {
		const post = async () =>
			await Promise.all(range(20).map((i) => withdraw('wf-20', addressOf(i), '0.1', `p-${i}`)));
		const first = await post();
		const again = await post();
		expect(first.map((run) => run.items[0].json.error)).toEqual(range(20).map(() => undefined));
		expect(again.map((run) => String(run.items[0].json.error))).toEqual(
			range(20).map(
				(i) =>
					`This withdrawal was already attempted (Payout Key "p-${i}"), so it was not sent again`,
			),
		);
		expect(sends()).toBe(20);
		expect(rowValues(rowKey('wf-20', 'node', 'node-under-test'))).toHaveLength(20);
	});

	it('one key posted twice at the same moment, 5 times: 5 withdrawals', async () => {
		await Promise.all(
			range(5).flatMap((i) => [
				withdraw('wf-twice', addressOf(i), '0.2', `twice-${i}`),
				withdraw('wf-twice', addressOf(i), '0.2', `twice-${i}`),
			]),
		);
		expect(range(5).map((i) => sentTo(addressOf(i)))).toEqual([1, 1, 1, 1, 1]);
	});

	it('the default key: 10 amounts at once, then the same 10 again: 10 withdrawals', async () => {
		const post = async () =>
			await Promise.all(range(10).map((i) => withdraw('wf-default', addressOf(1), `0.1${i}`, '')));
		await post();
		await post();
		expect(sends()).toBe(10);
	});

	it('a refusal released at the same moment as other claims loses none of them', async () => {
		const refused = withdraw('wf-release', addressOf(1), '999999', 'too-much');
		const others = range(8).map((i) => withdraw('wf-release', addressOf(i), '0.1', `ok-${i}`));
		await Promise.all([refused, ...others]);
		expect(rowValues(rowKey('wf-release', 'node', 'node-under-test')).sort()).toEqual(
			range(8).map((i) => `key:ok-${i}`),
		);
		await Promise.all(range(8).map((i) => withdraw('wf-release', addressOf(i), '0.1', `ok-${i}`)));
		expect(sends()).toBe(8);
	});
});

describe('a store nothing else touches', () => {
	it('a Remove Duplicates node of the same workflow (any scope, History Size 10, Clear Deduplication History) evicts no payout key', async () => {
		await Promise.all(range(12).map((i) => withdraw('wf-beside', addressOf(i), '0.1', `b-${i}`)));
		const service = DataDeduplicationService.getInstance();
		for (const [scope, node] of [
			['workflow', { id: 'remove-duplicates' }],
			['node', { id: 'remove-duplicates' }],
		] as const) {
			const context = { workflow: { id: 'wf-beside' }, node } as never;
			await service.checkProcessedAndRecord(
				range(30).map((i) => `row-${i}`),
				scope,
				context,
				{ mode: 'entries', maxEntries: 10 },
			);
			await service.clearAllProcessedItems(scope, context, { mode: 'entries' });
		}
		await Promise.all(range(12).map((i) => withdraw('wf-beside', addressOf(i), '0.1', `b-${i}`)));
		expect(sends()).toBe(12);
	});
});

describe('payOnce and the first write of a row', () => {
	const payout = { key: 'order-1', credentialType: 'coinRemitterApi', address: 'T1', amount: '1' };
	const context = (checkProcessedAndRecord: jest.Mock) =>
		({
			helpers: { checkProcessedAndRecord, removeProcessed: jest.fn() },
			getNode: () => ({ id: 'n1', name: 'Withdraw', type: 'x.coinRemitter', credentials: {} }),
			getWorkflow: () => ({ id: 'wf-first' }),
		}) as unknown as IExecuteFunctions;

	it('writes the key again when another n8n process inserted the row at the same moment', async () => {
		const record = jest
			.fn()
			.mockRejectedValueOnce(
				new Error(
					'duplicate key value violates unique constraint "PK_ca04b9d8dc72de268fe07a65773"',
				),
			)
			.mockResolvedValueOnce({ new: ['key:order-1'], processed: [] });
		const send = jest.fn().mockResolvedValue({ amount: '1' });
		await expect(payOnce.call(context(record), 0, payout, send)).resolves.toEqual({ amount: '1' });
		expect(record).toHaveBeenCalledTimes(2);
		expect(send).toHaveBeenCalledTimes(1);
	});

	it('does not send when the second write finds the key already recorded', async () => {
		const record = jest
			.fn()
			.mockRejectedValueOnce(new Error('UNIQUE constraint failed: processed_data.workflowId'))
			.mockResolvedValueOnce({ new: [], processed: ['key:order-1'] });
		const send = jest.fn();
		await expect(payOnce.call(context(record), 0, payout, send)).rejects.toThrow(
			/already attempted/,
		);
		expect(send).not.toHaveBeenCalled();
	});

	it('sends nothing on any other error of the store', async () => {
		const record = jest.fn().mockRejectedValue(new Error('connection refused'));
		const send = jest.fn();
		await expect(payOnce.call(context(record), 0, payout, send)).rejects.toThrow(
			/connection refused/,
		);
		expect(record).toHaveBeenCalledTimes(1);
		expect(send).not.toHaveBeenCalled();
	});
});
