// Invoice → Refund in n8n's engine against the simulator: the invoice read from CoinRemitter (never
// the item), the address checked by CoinRemitter, and never more sent than the invoice received,
// counting every earlier refund of it: across retries, workflows, refunds at once and a restart.
import type { IDataObject } from 'n8n-workflow';

import { callbacks } from '../../../../../simulator/server';
import { shown } from '../../../../helpers/editor';
import { refundRuns } from '../../../../helpers/refunds';
import { addressOf } from '../../../../helpers/withdrawals';
import { TCN, useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const runs = refundRuns(ctx);
const { invoicePaid, restart } = runs;
const CUSTOMER = addressOf(1, '8');

const refund = async (
	invoiceId: string,
	choices: IDataObject = {},
	options: { workflowId?: string; items?: IDataObject[]; staticData?: IDataObject } = {},
) => await runs.refund(invoiceId, { address: CUSTOMER, ...choices }, options);

const withdrawals = () =>
	ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');
const sentAmounts = () => withdrawals().map((request) => request.fields.amount);

describe('invoice: refund', () => {
	it('sends the excess of an Over Paid invoice once; a retry and another workflow send nothing more', async () => {
		const id = invoicePaid('25.5');
		const first = await refund(id, {}, { workflowId: 'wf-shop' });
		expect(first.items[0].json).toMatchObject({
			outcome: 'sent',
			sent: true,
			invoiceId: id,
			coin: 'TCN',
			received: '25.5',
			excess: '5.5',
			refundedBefore: '0',
			refunded: '5.5',
			address: CUSTOMER,
			payoutKey: `refund:${id}:1`,
		});
		expect(first.items[0].json.message).toMatch(
			new RegExp(`^Refunded 5\\.5 TCN of invoice ${id} to ${CUSTOMER}`),
		);
		expect(withdrawals().map((request) => request.fields)).toEqual([
			{ address: CUSTOMER, amount: '5.5' },
		]);
		expect(ctx.sim.requests.map((request) => request.path).slice(0, 3)).toEqual([
			'/v1/invoice/get',
			'/v1/wallet/balance',
			'/v1/wallet/address/validate',
		]);
		for (const workflowId of ['wf-shop', 'wf-copy']) {
			const again = await refund(id, {}, { workflowId });
			expect(again.items[0].json).toMatchObject({
				outcome: 'nothingToRefund',
				sent: false,
				refundedBefore: '5.5',
			});
			expect(again.items[0].json.message).toContain('nothing is left to refund');
		}
		expect(sentAmounts()).toEqual(['5.5']);
	});

	it('after an n8n restart, the workflow that refunded still refuses to refund again (its static data)', async () => {
		const id = invoicePaid('25');
		const first = await refund(id, {}, { workflowId: 'wf-restart' });
		restart();
		const after = await refund(id, {}, { workflowId: 'wf-restart', staticData: first.staticData });
		expect(after.items[0].json).toMatchObject({ outcome: 'nothingToRefund', refundedBefore: '5' });
		expect(sentAmounts()).toEqual(['5']);
	});

	it('after a restart that lost the static data, the Payout Key in the node row refuses the same refund', async () => {
		const id = invoicePaid('25');
		await refund(id, {}, { workflowId: 'wf-lost' });
		restart();
		const after = await refund(id, {}, { workflowId: 'wf-lost' });
		expect(after.items[0].json).toMatchObject({ outcome: 'alreadyAttempted' });
		// The refused attempt stays counted: the retry after it does not send under the next key.
		const again = await refund(id, {}, { workflowId: 'wf-lost', staticData: after.staticData });
		expect(again.items[0].json).toMatchObject({ outcome: 'nothingToRefund' });
		expect(sentAmounts()).toEqual(['5']);
	});

	it('a workflow that was refused before a restart still knows the refunds after it', async () => {
		const id = invoicePaid('25');
		await refund(id, {}, { workflowId: 'wf-original' });
		const copy = await refund(id, {}, { workflowId: 'wf-copy' });
		restart();
		const after = await refund(id, {}, { workflowId: 'wf-copy', staticData: copy.staticData });
		expect(after.items[0].json).toMatchObject({ outcome: 'nothingToRefund', refundedBefore: '5' });
		expect(sentAmounts()).toEqual(['5']);
	});

	it('refuses an amount above what the invoice received, and sends nothing', async () => {
		const id = invoicePaid('25');
		const run = await refund(id, { whatToRefund: shown('An Amount'), amount: '25.00000001' });
		expect(run.items[0].json.error).toMatch(
			/^Amount: 25\.00000001 TCN is more than the 25 TCN left/,
		);
		expect(run.items[0].json.outcome).toBe('notSent');
		expect(withdrawals()).toHaveLength(0);
	});

	it('two partial refunds that add up past what was received: the second is refused', async () => {
		const id = invoicePaid('25');
		const amount = (value: string) => ({ whatToRefund: shown('An Amount'), amount: value });
		expect((await refund(id, amount('15'), { workflowId: 'wf-a' })).items[0].json.sent).toBe(true);
		const second = await refund(id, amount('10.00000001'), { workflowId: 'wf-b' });
		expect(second.items[0].json.error).toContain('more than the 10 TCN left to refund');
		const rest = await refund(
			id,
			{ whatToRefund: shown('Everything Received') },
			{ workflowId: 'wf-b' },
		);
		expect(rest.items[0].json).toMatchObject({ refunded: '10', payoutKey: `refund:${id}:2` });
		expect(sentAmounts()).toEqual(['15', '10']);
	});

	it('refunds at once in several workflows never send more than was received', async () => {
		const id = invoicePaid('25');
		const runs = await Promise.all(
			Array.from(
				{ length: 4 },
				async (_, n) =>
					await refund(
						id,
						{ whatToRefund: shown('An Amount'), amount: '10' },
						{ workflowId: `wf-${n}` },
					),
			),
		);
		expect(runs.filter((run) => run.items[0].json.sent === true)).toHaveLength(2);
		expect(sentAmounts()).toEqual(['10', '10']);
		const everything = await Promise.all(
			['wf-x', 'wf-y'].map(
				async (workflowId) =>
					await refund(id, { whatToRefund: shown('Everything Received') }, { workflowId }),
			),
		);
		expect(everything.map((run) => run.items[0].json.refunded).sort()).toEqual(['0', '5']);
		expect(sentAmounts()).toEqual(['10', '10', '5']);
	});

	it('reads the wallet once per run, however many invoices it refunds', async () => {
		const ids = [invoicePaid('25'), invoicePaid('26')];
		const run = await refund('={{ $json.id }}', {}, { items: ids.map((id) => ({ id })) });
		expect(run.items.map((item) => item.json.refunded)).toEqual(['5', '6']);
		expect(ctx.sim.requests.filter((r) => r.path === '/v1/wallet/balance')).toHaveLength(1);
	});

	it("refuses another wallet's invoice before sending", async () => {
		const id = invoicePaid('25');
		(ctx.sim.state.invoices.get(id) as IDataObject).wallet_id = 'another-wallet';
		const run = await refund(id);
		expect(run.items[0].json.error).toMatch(
			/^Invoice ID: invoice TCN\d+ is not an invoice of this wallet/,
		);
		expect(withdrawals()).toHaveLength(0);
	});

	it('refuses an address CoinRemitter says is invalid, before anything is counted or sent', async () => {
		const id = invoicePaid('25');
		const run = await refund(id, { address: 'not-an-address' });
		expect(run.items[0].json.error).toMatch(
			/^Address: CoinRemitter says not-an-address is not a valid/,
		);
		expect(withdrawals()).toHaveLength(0);
		expect((await refund(id)).items[0].json).toMatchObject({ refunded: '5', refundedBefore: '0' });
	});

	it('a forged item claiming Over Paid changes nothing: the record (Paid, no excess) decides', async () => {
		const id = invoicePaid('20');
		const forged = {
			invoice_id: id,
			status_code: 3,
			status: 'Over Paid',
			paid_amount: { TCN: '30' },
		};
		const run = await refund('={{ $json.invoice_id }}', {}, { items: [forged] });
		expect(run.items[0].json.error).toMatch(
			/^What to Refund: invoice TCN\d+ \(Paid\) was not paid beyond/,
		);
		expect(withdrawals()).toHaveLength(0);
	});

	it.each([
		['Pending', () => String(ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10' }).invoice_id)],
		[
			'Expired with nothing paid',
			() => {
				const id = String(ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10' }).invoice_id);
				ctx.sim.expireInvoice(id);
				return id;
			},
		],
	])('refuses an invoice that is %s', async (_, make) => {
		const run = await refund(make(), { whatToRefund: shown('Everything Received') });
		expect(run.items[0].json.error).toMatch(/^Invoice ID: invoice TCN\d+ /);
		expect(withdrawals()).toHaveLength(0);
	});

	it('refunds everything an invoice received after it expired', async () => {
		const id = String(ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10' }).invoice_id);
		ctx.sim.expireInvoice(id);
		callbacks.payInvoice(ctx.sim, id, '20');
		const run = await refund(id, { whatToRefund: shown('Everything Received') });
		expect(run.items[0].json).toMatchObject({ status: 'Expired', refunded: '20' });
		expect(sentAmounts()).toEqual(['20']);
	});

	it.each([
		["a CDN's 502 page", () => (ctx.sim.faults.foreignAfterWithdraw = [{ status: 502 }])],
		[
			'the connection reset after the request was written',
			() => (ctx.sim.faults.dropAfterWithdraw = 1),
		],
	])(
		'a refund answered by %s stays counted: outcome unknown, and no retry or other workflow sends it again',
		async (what, fault) => {
			const id = invoicePaid('25');
			fault();
			const workflow = `wf-unknown-${what}`;
			const first = await refund(id, {}, { workflowId: workflow });
			expect(first.items[0].json).toMatchObject({ outcome: 'unknown' });
			expect(first.items[0].json.error).toMatch(/the outcome is unknown/);
			expect(first.items[0].json.description).toContain(
				'send it with Withdrawal → Create under a Payout Key never used: Invoice → Refund keeps counting this refund',
			);
			for (const workflowId of [workflow, 'wf-other']) {
				const again = await refund(id, {}, { workflowId });
				expect(again.items[0].json).toMatchObject({
					outcome: 'nothingToRefund',
					refundedBefore: '5',
				});
				expect(again.items[0].json.message).toContain(
					'5 TCN is counted as refunded (sent, or attempted with an outcome not known)',
				);
			}
			expect(sentAmounts()).toEqual(['5']);
		},
	);

	it("CoinRemitter's own refusal of the withdrawal leaves the refund uncounted: the retry sends it", async () => {
		const id = invoicePaid('25');
		ctx.sim.wallet(TCN.apiKey)!.balance = 0n;
		const refused = await refund(id, {}, { workflowId: 'wf-poor' });
		expect(refused.items[0].json).toMatchObject({ outcome: 'notSent' });
		ctx.sim.wallet(TCN.apiKey)!.balance = 100_000_000_000n;
		const retry = await refund(id, {}, { workflowId: 'wf-poor' });
		expect(retry.items[0].json).toMatchObject({ refunded: '5', refundedBefore: '0' });
		expect(retry.items[0].json.payoutKey).toBe(`refund:${id}:2`);
	});

	it('its reads are retried as reads: a server error on the invoice read, then the refund is sent once', async () => {
		const id = invoicePaid('25');
		ctx.sim.faults.serverErrors = 1;
		const run = await refund(id);
		expect(run.items[0].json).toMatchObject({ outcome: 'sent', refunded: '5' });
		expect(sentAmounts()).toEqual(['5']);
	});

	it('CoinRemitter under maintenance before the withdrawal: surely not sent, not counted', async () => {
		const id = invoicePaid('25');
		ctx.sim.faults.maintenance = true;
		const down = await refund(id, {}, { workflowId: 'wf-maintenance' });
		ctx.sim.faults.maintenance = false;
		expect(down.items[0].json).toMatchObject({ outcome: 'notSent' });
		expect(String(down.items[0].json.error)).not.toMatch(/outcome is unknown/);
		expect(withdrawals()).toHaveLength(0);
		const later = await refund(id, {}, { workflowId: 'wf-maintenance' });
		expect(later.items[0].json).toMatchObject({ refunded: '5', refundedBefore: '0' });
	});

	it('a guardrail that refuses the refund leaves it uncounted', async () => {
		const id = invoicePaid('25');
		const refused = await refund(id, { guardrails: { maxAmount: '1' } });
		expect(refused.items[0].json.error).toContain('Maximum Amount');
		expect((await refund(id)).items[0].json).toMatchObject({ refunded: '5', refundedBefore: '0' });
	});
});
