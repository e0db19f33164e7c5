import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { credentialTypeOf } from '../../../shared/client';
import { addressField, amountField } from '../fields';
import type { ItemContext, OperationFacts, OperationResult } from '../operation';
import { invoiceIdField } from './fields';
import { ToOutput } from '../operation';
import { asNodeError } from '../nodeError';
import { oneOf, positiveAmount, requiredParameter } from '../validation';
import { askAPerson } from '../withdrawal/approval/ask';
import {
	approverFields,
	askAPersonFields,
	asksAPerson,
	readNoPersonLimits,
} from '../withdrawal/approval/fields';
import { endpoint as withdrawEndpoint, withdrawalFields } from '../withdrawal/create.operation';
import { readWithdrawalSpeed, withdrawalSpeedField } from '../withdrawal/fields';
import {
	guardrailsFields,
	refusal,
	refuseModelWrittenGuardrails,
	walletOf,
	withGuardrails,
} from '../withdrawal/guardrails';
import { withdrawalOutcome } from '../withdrawal/outcome';
import { refundKey } from '../withdrawal/payout';
import { payOnce } from '../withdrawal/payoutOnce';
import { LedgerUnavailable, reserveRefund } from './refundLedger';
import type { RefundableInvoice, WhatToRefund } from './refundPlan';
import {
	WHAT_TO_REFUND,
	readRefundable,
	refundAmount,
	refundQuestion,
	requireValidAddress,
} from './refundPlan';

export const option = {
	name: 'Refund',
	value: 'refund',
	description:
		"Send an invoice's customer back its excess, everything it received, or an amount, read from CoinRemitter: never more than it received, counting earlier refunds. Moves real funds.",
	action: 'Refund an invoice',
};

/** A refund is a withdrawal: one at a time, in input order. */
export const facts: OperationFacts = { apis: ['v1'], writes: true, oneAtATime: true };

export const endpoint: Endpoint = { v1: withdrawEndpoint.v1 };

export const properties: INodeProperties[] = [
	invoiceIdField(
		'The invoice to refund (its "invoice_id"). The node reads what it received from CoinRemitter, never from the item. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#under-and-over-payments">More</a>',
	),
	addressField("The customer's address that receives the refund; CoinRemitter checks it first"),
	{
		displayName: 'What to Refund',
		name: 'whatToRefund',
		type: 'options',
		default: 'excess',
		options: [
			{ name: 'An Amount', value: 'amount', description: 'The amount below, if that much is left' },
			{
				name: 'Everything Received',
				value: 'everything',
				description: 'What the invoice received, less what the node refunded of it before',
			},
			{
				name: 'The Excess',
				value: 'excess',
				description: 'What was paid beyond the amount, less what the node refunded of it before',
			},
		],
	},
	{
		...amountField("Amount of the invoice's coin to send back; never more than is left to refund"),
		displayOptions: { show: { whatToRefund: ['amount'] } },
	},
	withdrawalSpeedField,
	...guardrailsFields,
	...askAPersonFields,
	...approverFields,
];

/** The item of a refund that was sent, or found nothing left to send. */
function refundItem(
	invoice: RefundableInvoice,
	fields: { address: string; amount: string; refundedBefore: string; payoutKey?: string },
	withdrawal?: IDataObject,
): IDataObject {
	const { coin, invoiceId, received } = invoice;
	const sent = withdrawal !== undefined;
	const message = sent
		? `Refunded ${fields.amount} ${coin} of invoice ${invoiceId} to ${fields.address}: it received ${received} ${coin}; ${fields.refundedBefore} ${coin} was counted as refunded before (sent, or attempted). CoinRemitter transaction id ${String(withdrawal.id)}, blockchain txid ${String(withdrawal.txid)}.`
		: `Nothing was refunded: invoice ${invoiceId} (${invoice.status}) received ${received} ${coin}, ${invoice.excess} ${coin} of it beyond its amount, and ${fields.refundedBefore} ${coin} is counted as refunded (sent, or attempted with an outcome not known), so nothing is left to refund.`;
	return {
		outcome: sent ? 'sent' : 'nothingToRefund',
		sent,
		invoiceId,
		status: invoice.status,
		coin,
		received,
		excess: invoice.excess,
		refundedBefore: fields.refundedBefore,
		refunded: sent ? fields.amount : '0',
		address: fields.address,
		...(fields.payoutKey ? { payoutKey: fields.payoutKey } : {}),
		message,
		...(sent ? { withdrawal } : {}),
	};
}

/** The item's fields, checked before anything is read from CoinRemitter. */
function readRequest(context: IExecuteFunctions, item: ItemContext) {
	const { field: ctx, itemIndex } = item;
	refuseModelWrittenGuardrails(context, itemIndex);
	const what = oneOf(
		ctx,
		'What to Refund',
		context.getNodeParameter('whatToRefund', itemIndex),
		WHAT_TO_REFUND,
	) as WhatToRefund;
	return {
		invoiceId: requiredParameter(context, ctx, 'invoiceId', 'Invoice ID'),
		address: requiredParameter(context, ctx, 'address', 'Address'),
		what,
		asked:
			what === 'amount'
				? positiveAmount(ctx, 'Amount', context.getNodeParameter('amount', itemIndex))
				: '',
		withdrawalSpeed: readWithdrawalSpeed(context, ctx, itemIndex),
		noPerson: asksAPerson(context) ? readNoPersonLimits(context, itemIndex) : undefined,
	};
}

/** Reserves the refund in the invoice's ledger (no await inside), or refuses it. */
function reserveOrRefuse(
	context: IExecuteFunctions,
	item: ItemContext,
	invoice: RefundableInvoice,
	request: ReturnType<typeof readRequest>,
) {
	const wallet = walletOf(context, credentialTypeOf(item.api));
	const reserved = reserveRefund(context, wallet, invoice.invoiceId, (before) =>
		refundAmount(item, invoice, request.what, request.asked, before),
	);
	if (reserved instanceof LedgerUnavailable)
		throw refusal(
			context,
			item.itemIndex,
			`The refunds of invoice ${invoice.invoiceId} cannot be read or recorded: ${reserved.why}`,
			'A refund is counted before it is sent, so that refunds never add up past what the invoice received.',
		);
	return reserved;
}

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<OperationResult> {
	const { itemIndex } = item;
	const request = readRequest(this, item);
	const { address, withdrawalSpeed, noPerson } = request;
	const invoice = await readRefundable.call(this, item, request.invoiceId);
	await requireValidAddress(item, address);

	// From reading the ledger to the guardrails' send (or ask), no await: two refunds at once in
	// this process never both fit in what the invoice received.
	const credentialType = credentialTypeOf(item.api);
	const reserved = reserveOrRefuse(this, item, invoice, request);
	const { refundedBefore, amount } = reserved;
	if (reserved.reserved === undefined)
		return refundItem(invoice, { address, amount, refundedBefore });
	const key = refundKey(invoice.invoiceId, reserved.reserved.n);
	const payout = { key, credentialType, address, amount };
	const toPerson = noPerson && {
		limits: noPerson,
		ask: async (reason: string) =>
			await askAPerson.call(
				this,
				item,
				{ ...payout, withdrawalSpeed },
				reason,
				refundQuestion(invoice, refundedBefore),
			),
	};
	const send = async () =>
		await item.send(endpoint, withdrawalFields(item.api, payout, withdrawalSpeed));
	try {
		const result = await withGuardrails.call(
			this,
			itemIndex,
			payout,
			async () => await payOnce.call(this, itemIndex, payout, send),
			toPerson,
		);
		// Asked about: the refund stays counted while the person decides (and after: fails closed).
		if (result instanceof ToOutput)
			return new ToOutput(result.output, { ...result.json, invoiceId: invoice.invoiceId });
		const fields = { address, amount, refundedBefore, payoutKey: key };
		return refundItem(invoice, fields, result as IDataObject);
	} catch (error) {
		// Only a refund surely not sent is taken off. One refused as attempted, asked about or declined
		// under its key stays counted: after a restart that lost the ledger, its amount is not known
		// here, and a retry must not send the same refund again under the next key (fails closed).
		if (withdrawalOutcome(error) === 'notSent') reserved.reserved.release();
		throw asNodeError(this, error, itemIndex);
	}
}
