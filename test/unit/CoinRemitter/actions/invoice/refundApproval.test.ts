// Invoice → Refund with Ask a Person: a refund above a no-person limit leaves on the Ask a Person
// output sealed, counted against the invoice while the person decides, with a message that names the
// invoice, what it received, what is refunded and where; Withdrawal → Send Approved sends it once.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { forgetRefundLedgers } from '../../../../../nodes/CoinRemitter/actions/invoice/refundLedger';
import { forgetSpendLedgers } from '../../../../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { callbacks } from '../../../../../simulator/server';
import { approvalRuns } from '../../../../helpers/approvals';
import { editorParameters, shown } from '../../../../helpers/editor';
import { runNode } from '../../../../helpers/engine';
import { TCN, useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { description } = new CoinRemitter();
const { addressOf, ALLOWED, sendApproved, withdrawals } = approvalRuns(ctx);
const APPROVE = { data: { approved: true } };

beforeEach(() => {
	forgetRefundLedgers();
	forgetSpendLedgers();
	ctx.sim.wallet(TCN.apiKey)!.balance = 100_000_000_000n;
});

const invoicePaid = (paid: string) => {
	const id = String(ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10' }).invoice_id);
	callbacks.payInvoice(ctx.sim, id, paid);
	return id;
};

const refundOrAsk = async (
	invoiceId: string,
	choices: IDataObject = {},
	workflowId = 'wf-refunds',
) =>
	await runNode({
		parameters: editorParameters(description, {
			apiVersion: 'v1',
			resource: shown('Invoice'),
			operation: shown('Refund'),
			invoiceId,
			address: addressOf(2),
			askAPerson: shown('Above the No-Person Limits'),
			noPersonLimits: { maxAmount: '1' },
			guardrails: { allowedAddresses: ALLOWED, maxAmount: '25' },
			...choices,
		}) as never,
		credentials: v1Credentials(ctx.sim),
		continueOnFail: true,
		workflowId,
		nodeId: 'refund',
	});

describe('invoice: refund with Ask a Person', () => {
	it('asks above the limit, sealed, with the invoice in the message; Send Approved sends it once', async () => {
		const id = invoicePaid('25');
		const run = await refundOrAsk(id);
		expect(run.outputs[0] ?? []).toHaveLength(0);
		const asked = run.outputs[1]![0].json;
		expect(asked).toMatchObject({
			status: 'waitingForPerson',
			payoutKey: `refund:${id}:1`,
			address: addressOf(2),
			amount: '5',
			coin: 'TCN',
			invoiceId: id,
		});
		expect(asked.message).toMatch(
			new RegExp(
				`^Refund of invoice ${id} \\(Over Paid\\): it received 25 TCN, 5 TCN of it beyond its amount; 0 TCN refunded before\\. Send 5 TCN to ${addressOf(2)} `,
			),
		);
		expect(withdrawals()).toHaveLength(0);

		// While the person decides, the asked refund counts: everything else is what is left.
		const rest = await refundOrAsk(
			id,
			{ whatToRefund: shown('Everything Received'), noPersonLimits: {} },
			'wf-other',
		);
		expect(rest.items[0].json).toMatchObject({ refunded: '20', refundedBefore: '5' });

		const approved = await sendApproved('wf-approve', asked, APPROVE);
		expect(approved.items[0].json).toMatchObject({ outcome: 'sent', sent: true });
		const again = await sendApproved('wf-approve', asked, APPROVE);
		expect(again.items[0].json).toMatchObject({ outcome: 'alreadyAttempted', sent: false });
		expect(withdrawals().map((request) => request.fields.amount)).toEqual(['20', '5']);
		expect((await refundOrAsk(id)).items[0].json).toMatchObject({ outcome: 'nothingToRefund' });
	});

	it('sends with no person what is within the limits', async () => {
		const id = invoicePaid('20.5');
		const run = await refundOrAsk(id, {}, 'wf-small');
		expect(run.outputs[1] ?? []).toHaveLength(0);
		expect(run.items[0].json).toMatchObject({ outcome: 'sent', refunded: '0.5' });
	});
});
