// Withdrawal → Check Funds: does the wallet cover every payout of a batch, fees included? Exact
// decimals from the simulator's estimates and balance (25 TCN; fee 0.0001 + 0.25 %).
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../../../helpers/editor';
import { runNode } from '../../../../helpers/engine';
import { addressOf } from '../../../../helpers/withdrawals';
import { useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { description } = new CoinRemitter();

const check = async (rows: IDataObject[], continueOnFail = false) =>
	await runNode({
		parameters: editorParameters(description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Check Funds'),
			amount: '={{ $json.amount }}',
			address: '={{ $json.address }}',
		}) as never,
		credentials: v1Credentials(ctx.sim),
		items: rows,
		continueOnFail,
	});

const rows = (...amounts: string[]) =>
	amounts.map((amount, n) => ({ payoutId: `p-${n}`, address: addressOf(n), amount }));
const estimates = () =>
	ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw/estimate');

describe('Withdrawal → Check Funds', () => {
	it('covered: every row goes on to Covered, paired, saying what the wallet holds, needs and keeps', async () => {
		const given = rows('10', '12.5');
		const run = await check(given);
		const out = run.outputs[0]?.map((item) => item.json) ?? [];
		expect(out.map(({ fundsCheck, ...row }) => (void fundsCheck, row))).toEqual(given);
		const { fundsCheck } = out[0];
		expect(out[1].fundsCheck).toEqual(fundsCheck);
		expect(fundsCheck).toMatchObject({ covered: true, payouts: 2, coin: 'TCN' });
		const { balance, needed, left } = fundsCheck as Record<string, string>;
		expect(Number(balance) - Number(needed)).toBeCloseTo(Number(left), 8);
		expect(String((fundsCheck as Record<string, string>).message)).toBe(
			`The wallet holds ${balance} TCN; the 2 payouts need ${needed} TCN, fees included: ${left} TCN is left after them.`,
		);
		expect(run.outputs[0]?.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(run.outputs[1]).toEqual([]);
		expect(estimates()).toHaveLength(2);
		expect(ctx.sim.requests.some((request) => request.path === '/v1/wallet/withdraw')).toBe(false);
	});

	it('short by the fees alone: no row goes on, one item says by how much, exactly', async () => {
		// 24.9 + 0.0001 + 0.06225 = 24.96235 and 0.04 + 0.0001 + 0.0001 = 0.0402: 25.00255 against 25.
		const run = await check(rows('24.9', '0.04'));
		expect(run.outputs[0]).toEqual([]);
		const [short] = run.outputs[1] ?? [];
		expect(estimates()).toHaveLength(2);
		expect(short.json).toEqual({
			covered: false,
			payouts: 2,
			balance: '25.00000000',
			needed: '25.00255000',
			shortBy: '0.00255000',
			coin: 'TCN',
			message:
				'The wallet holds 25.00000000 TCN; the 2 payouts need 25.00255000 TCN, fees included: it is 0.00255000 TCN short. No payout went on.',
		});
		expect(short.pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('a row with a bad amount stops the check, naming the field and the item; nothing goes on', async () => {
		const failed = await check([...rows('1'), { address: addressOf(1), amount: '1,5' }]);
		expect(failed.error?.message).toContain('Amount');
		expect(failed.items).toEqual([]);
		const continued = await check([...rows('1'), { address: addressOf(1), amount: '' }], true);
		expect(continued.outputs[0]).toEqual([]);
		expect(continued.outputs[1]?.[0].json).toMatchObject({ covered: false });
		expect(String(continued.outputs[1]?.[0].json.message)).toContain('could not be checked');
	});
});
