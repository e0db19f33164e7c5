// Invoice → Refund runs for the refund tests, each one execution of the node as the editor builds
// its parameters, under the simulator's v1 TCN wallet, a failed item kept as an item. Each test
// starts with no refund or spend ledger and a funded wallet.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';
import { forgetRefundLedgers } from '../../nodes/CoinRemitter/actions/invoice/refundLedger';
import { forgetSpendLedgers } from '../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { forgetPayoutClaims } from '../../nodes/CoinRemitter/actions/withdrawal/payoutStore';
import { callbacks } from '../../simulator/server';
import type { SimulatorInstance as Simulator } from '../fixtures/simulator';
import { TCN, v1Credentials } from '../fixtures/simulator';
import { editorParameters, shown } from './editor';
import { runNode } from './engine';

const { description } = new CoinRemitter();

export function refundRuns(ctx: { sim: Simulator }) {
	beforeEach(() => {
		forgetRefundLedgers();
		forgetSpendLedgers();
		ctx.sim.wallet(TCN.apiKey)!.balance = 100_000_000_000n;
	});

	/** A TCN invoice of 20 TCN (10 USD), paid `paid` TCN; its id. */
	const invoicePaid = (paid: string) => {
		const invoice = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10', fiat_currency: 'USD' });
		callbacks.payInvoice(ctx.sim, String(invoice.invoice_id), paid);
		return String(invoice.invoice_id);
	};

	/** One execution of Invoice → Refund of `invoiceId` with the editor's `choices`. */
	const refund = async (
		invoiceId: string,
		choices: IDataObject,
		options: {
			workflowId?: string;
			nodeId?: string;
			items?: IDataObject[];
			staticData?: IDataObject;
		} = {},
	) =>
		await runNode({
			parameters: editorParameters(description, {
				apiVersion: 'v1',
				resource: shown('Invoice'),
				operation: shown('Refund'),
				invoiceId,
				...choices,
			}) as never,
			credentials: v1Credentials(ctx.sim),
			continueOnFail: true,
			...options,
		});

	/** What an n8n restart forgets: the ledgers and Payout Keys held in the process. */
	const restart = () => {
		forgetRefundLedgers();
		forgetPayoutClaims();
	};

	return { invoicePaid, refund, restart };
}
