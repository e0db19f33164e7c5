// Invoice → Refund with Ask a Person: a refund above a no-person limit leaves on the Ask a Person
// output sealed, counted against the invoice while the person decides, with a message that names the
// invoice, what it received, what is refunded and where; Withdrawal → Send Approved sends it once.
import type { IDataObject } from 'n8n-workflow';

import { approvalRuns } from '../../../../helpers/approvals';
import { shown } from '../../../../helpers/editor';
import { refundRuns } from '../../../../helpers/refunds';
import { useSimulator } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { addressOf, ALLOWED, sendApproved, withdrawals } = approvalRuns(ctx);
const { invoicePaid, refund } = refundRuns(ctx);
const APPROVE = { data: { approved: true } };

const refundOrAsk = async (
	invoiceId: string,
	choices: IDataObject = {},
	workflowId = 'wf-refunds',
) =>
	await refund(
		invoiceId,
		{
			address: addressOf(2),
			askAPerson: shown('Above the No-Person Limits'),
			noPersonLimits: { maxAmount: '1' },
			guardrails: { allowedAddresses: ALLOWED, maxAmount: '25' },
			...choices,
		},
		{ workflowId, nodeId: 'refund' },
	);

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
