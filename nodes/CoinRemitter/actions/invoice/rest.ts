// Bill the Rest (v1 and legacy): what an Under Paid invoice still owes, read from CoinRemitter's
// record, and what the new invoice keeps of the original.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { balanceOfRecord, isPositive } from '../../../shared/invoiceBalance';
import { isPlainObject } from '../../../shared/json';
import type { ItemContext } from '../operation';
import { requiredParameter } from '../validation';
import { endpoint as getEndpoint } from './get.operation';
import { invoiceIdField } from './fields';

const UNDER_PAID = 2;

export const option = {
	name: 'Bill the Rest',
	value: 'billRest',
	description:
		'Create a new invoice for exactly what an Under Paid invoice still owes, with its ID in Custom Data 1',
	action: 'Bill the rest of an underpaid invoice',
};

export const restInvoiceIdField = invoiceIdField(
	'The Under Paid invoice (its "invoice_id"). The node reads what it still owes from CoinRemitter, never from the item. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#under-and-over-payments">More</a>',
);

/** What the new invoice asks for and carries: the amount and fiat owed, and its Additional Fields. */
export interface Rest {
	invoiceId: string;
	original: IDataObject;
	amount: string;
	currency: string;
	/** The Additional Fields: copied from the original, then the node's own, then the link. */
	extra: IDataObject;
}

/** Reads the invoice from CoinRemitter and what is left to bill; refuses (nothing created) unless Under Paid and owing. */
export async function restToBill(this: IExecuteFunctions, item: ItemContext): Promise<Rest> {
	const invoiceId = requiredParameter(this, item.field, 'invoiceId', 'Invoice ID');
	const original = await item.read(getEndpoint, { invoice_id: invoiceId });
	if (!isPlainObject(original)) throw refusal(item, invoiceId, 'was not found as one record');
	const extra = {
		...copiedFrom(original),
		...(this.getNodeParameter('additionalFields', item.itemIndex, {}) as IDataObject),
		customData1: invoiceId,
	};
	return { invoiceId, original, ...owedOf(item, invoiceId, original), extra };
}

/**
 * What the original still owes in the fiat currency it was priced in (invoices are priced in a
 * fiat currency; the coin amount is CoinRemitter's conversion), once its record says it is Under
 * Paid and owes something in the coin and in that currency.
 */
function owedOf(item: ItemContext, invoiceId: string, original: IDataObject) {
	if (Number(original.status_code) !== UNDER_PAID)
		throw refusal(item, invoiceId, `is ${String(original.status)}, not Under Paid`);
	const { owed } = balanceOfRecord(original);
	const coin = String(original.coin_symbol ?? original.coin ?? '');
	// An empty v1 fiat_currency: the service priced it in its default, USD.
	const currency = String(original.fiat_currency || original.base_currency || 'USD');
	for (const unit of [coin, currency])
		if (!isPositive(owed[unit]))
			throw refusal(item, invoiceId, `owes nothing in ${unit} by its record`);
	return { amount: owed[currency], currency };
}

/** What the new invoice keeps of the original: name, text, where it notifies and sends the customer, its reference. */
function copiedFrom(original: IDataObject): IDataObject {
	return {
		name: original.name,
		description: original.description,
		notifyUrl: original.notify_url,
		successUrl: original.success_url ?? original.suceess_url,
		failUrl: original.fail_url,
		customData2: original.custom_data1,
	};
}

/** A refusal naming the Invoice ID field and why; nothing was created. */
export function refusal(item: ItemContext, invoiceId: string, reason: string) {
	return new NodeOperationError(item.field.node, `Invoice ID: invoice ${invoiceId} ${reason}`, {
		itemIndex: item.itemIndex,
		description:
			'Only the rest of an Under Paid invoice of this wallet can be billed; nothing was created.',
	});
}
