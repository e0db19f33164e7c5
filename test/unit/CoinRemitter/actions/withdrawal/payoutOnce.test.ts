// Never pay twice: a payout's key is recorded in n8n's deduplication store before it is sent, so
// a retried or restarted execution does not send it again.
import type { IExecuteFunctions } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { payoutKeys } from '../../../../../nodes/CoinRemitter/actions/withdrawal/payoutOnce';
import { dateOnlyAt } from '../../../../helpers/clock';
import { editorParameters, shown } from '../../../../helpers/editor';
import { runNode } from '../../../../helpers/engine';
import {
	LTC,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../../fixtures/simulator';
import { rowKey, rowValues } from '../../../../helpers/deduplicationStore';

const ctx = useSimulator();
const { description } = new CoinRemitter();
const ADDRESS = 'T' + '4'.repeat(33);

const withdraw = async (workflowId: string, choices: Record<string, unknown>, items = [{}]) =>
	await runNode({
		parameters: editorParameters(description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: ADDRESS,
			amount: '1',
			...choices,
		}) as never,
		credentials: v1Credentials(ctx.sim),
		items,
		workflowId,
		continueOnFail: true,
	});

const withdrawals = () =>
	ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');

describe('payouts are sent once per key', () => {
	it('a retried execution does not pay a payout that was already paid', async () => {
		const first = await withdraw('wf-retry', {});
		expect(first.items[0].json.amount).toBe('1.00000000');
		const retry = await withdraw('wf-retry', {});
		expect(retry.items[0].json.error).toBe(
			`This withdrawal was already attempted (1 to ${ADDRESS} in the last 7 days), so it was not sent again`,
		);
		expect(withdrawals()).toHaveLength(1);
	});

	it('a payout whose answer was lost (outcome unknown) is not sent again by a retry', async () => {
		ctx.sim.faults.dropAfterWithdraw = 1;
		const lost = await withdraw('wf-lost', { payoutKey: 'order-7' });
		expect(String(lost.items[0].json.error)).toMatch(/outcome is unknown/);
		const retry = await withdraw('wf-lost', { payoutKey: 'order-7' });
		expect(retry.items[0].json.error).toBe(
			'This withdrawal was already attempted (Payout Key "order-7"), so it was not sent again',
		);
		expect(withdrawals()).toHaveLength(1);
		expect(
			[...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send'),
		).toHaveLength(1);
	});

	it('a payout the service refused is forgotten, so it can be tried again once fixed', async () => {
		const refused = await withdraw('wf-refused', { amount: '999999' });
		expect(String(refused.items[0].json.error)).toMatch(/CoinRemitter rejected a field/);
		const again = await withdraw('wf-refused', { amount: '999999' });
		expect(String(again.items[0].json.error)).toMatch(/CoinRemitter rejected a field/);
		expect(withdrawals()).toHaveLength(2);
	});

	it('different Payout Keys are different payouts, even to the same address and amount', async () => {
		const result = await withdraw('wf-keys', { payoutKey: '={{ $json.order }}' }, [
			{ order: 'a-1' },
			{ order: 'a-2' },
			{ order: 'a-1' },
		]);
		expect(result.items.map((item) => item.json.error ?? item.json.amount)).toEqual([
			'1.00000000',
			'1.00000000',
			'This withdrawal was already attempted (Payout Key "a-1"), so it was not sent again',
		]);
		expect(withdrawals()).toHaveLength(2);
	});

	it("the default key is the wallet's: another workflow does not pay the same amount to the same address again", async () => {
		await withdraw('wf-one', {});
		const other = await withdraw('wf-two', {});
		expect(other.items[0].json).toMatchObject({
			error: expect.stringMatching(
				/^This withdrawal was already attempted \(1 to .* in the last 7 days\)/,
			),
			outcome: 'alreadyAttempted',
		});
		expect(withdrawals()).toHaveLength(1);
	});

	it('legacy withdrawals are guarded the same way', async () => {
		const parameters = editorParameters(description, {
			apiVersion: 'legacy',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: 'T' + '6'.repeat(33),
			amount: '2',
		});
		const run = async () =>
			await runNode({
				parameters: parameters as never,
				credentials: legacyCredentials(ctx.sim, 'LTC', LTC),
				workflowId: 'wf-legacy',
				continueOnFail: true,
			});
		expect((await run()).items[0].json.amount).toBeDefined();
		expect(String((await run()).items[0].json.error)).toMatch(/already attempted/);
		expect(ctx.sim.requests.filter((request) => request.path.endsWith('/withdraw'))).toHaveLength(
			1,
		);
	});
});

describe('the default Payout Key (no Payout Key set)', () => {
	const at = dateOnlyAt;
	afterEach(() => jest.useRealTimers());

	it('takes 1.5, 1.50, " 1.5 " and 01.5 as one amount', async () => {
		const result = await withdraw('wf-format', { amount: '={{ $json.amount }}' }, [
			{ amount: '1.5' },
			{ amount: '1.50' },
			{ amount: ' 1.5 ' },
			{ amount: '01.5' },
		]);
		const refused = `This withdrawal was already attempted (1.5 to ${ADDRESS} in the last 7 days), so it was not sent again`;
		expect(result.items.map((item) => item.json.error ?? item.json.amount)).toEqual([
			'1.50000000',
			refused,
			refused,
			refused,
		]);
		expect(withdrawals()).toHaveLength(1);
	});

	it('a Retry up to 7 UTC days on does not pay again; the same payout on the 8th day is new', async () => {
		at('2026-03-01T23:59:00Z');
		expect((await withdraw('wf-window', {})).items[0].json.amount).toBe('1.00000000');
		at('2026-03-02T00:01:00Z');
		expect(String((await withdraw('wf-window', {})).items[0].json.error)).toMatch(
			/already attempted/,
		);
		at('2026-03-07T23:59:00Z');
		expect(String((await withdraw('wf-window', {})).items[0].json.error)).toMatch(
			/already attempted/,
		);
		expect(withdrawals()).toHaveLength(1);
		at('2026-03-08T00:01:00Z');
		expect((await withdraw('wf-window', {})).items[0].json.amount).toBe('1.00000000');
		expect(withdrawals()).toHaveLength(2);
	});

	it("leaves in the node's own row only the key it records, today's, and nothing in the workflow's row", async () => {
		at('2026-03-03T10:00:00Z');
		await withdraw('wf-store', { amount: '2.50' });
		expect(rowValues(rowKey('wf-store', 'node', 'node-under-test'))).toEqual([
			`payout:coinRemitterApi:${ADDRESS}:2.5:2026-03-03`,
		]);
		expect(rowValues(rowKey('wf-store', 'workflow'))).toEqual([]);
	});

	it('compares EVM addresses in any case, and other addresses exactly', () => {
		const context = {
			getNode: () => ({
				type: 'n8n-nodes-coinremitter.coinRemitter',
				credentials: { coinRemitterApi: { id: 'w1', name: 'w' } },
			}),
		} as unknown as IExecuteFunctions;
		const keyOf = (address: string) =>
			payoutKeys(
				context,
				{ key: '', credentialType: 'coinRemitterApi', address, amount: '1' },
				new Date('2026-03-03T10:00:00Z'),
			).recorded;
		const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
		expect(keyOf(evm)).toBe(keyOf(evm.toLowerCase()));
		expect(keyOf(` ${evm} `)).toBe(`payout:w1:${evm.toLowerCase()}:1:2026-03-03`);
		expect(keyOf('TAbc')).not.toBe(keyOf('Tabc'));
	});
});
