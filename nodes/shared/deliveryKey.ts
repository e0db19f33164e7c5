import type { IDataObject } from 'n8n-workflow';

import type { ApiVersion } from './client';
import { isWholeNumber } from './decimal';

/**
 * The key of one state of a payment: the same transaction pending and then confirmed, or the same
 * invoice in a new status or with a new payment, are different states; a repeat of one is not.
 * The trigger gives each item it delivers this key, and the reading operations (Transaction → Get,
 * Address → Get Transactions, Invoice → Get) give the same state the same key, so that one Remove
 * Duplicates node can merge what the webhook delivered with what a catch-up finds.
 */

/** The confirmations a legacy transaction needs when the record does not say (the trigger's default). */
export const LEGACY_CONFIRMATIONS = 3;

/** A whole number, whether the service wrote it as a number or as text. */
function count(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isInteger(value)) return value;
	if (typeof value === 'string' && isWholeNumber(value.trim())) return Number(value);
	return undefined;
}

/**
 * True once a transaction has the confirmations the service asks for: `status_code` 1, or
 * `required_confirmations` reached (`requiredFallback` when the record sits in a list that states it
 * once), or, for legacy records that state neither, `legacyConfirmationsNeeded`.
 */
export function isConfirmed(
	transaction: IDataObject,
	api: ApiVersion,
	legacyConfirmationsNeeded = LEGACY_CONFIRMATIONS,
	requiredFallback?: unknown,
): boolean {
	if (count(transaction.status_code) === 1) return true;
	const confirmations = count(transaction.confirmations) ?? 0;
	const required = count(transaction.required_confirmations) ?? count(requiredFallback);
	if (required !== undefined) return confirmations >= required;
	return api === 'legacy' && confirmations >= legacyConfirmationsNeeded;
}

export function transactionKey(api: ApiVersion, id: unknown, confirmed: boolean): string {
	return `${api}:tx:${String(id)}:${confirmed ? 'confirmed' : 'pending'}`;
}

export function invoiceKey(api: ApiVersion, invoice: IDataObject): string {
	const payments = Array.isArray(invoice.payment_history) ? invoice.payment_history.length : 0;
	return `${api}:invoice:${String(invoice.invoice_id)}:${String(invoice.status_code)}:${payments}`;
}

/** A transaction record with its `deliveryKey` added (nothing else changes). */
export function withTransactionKey(
	transaction: IDataObject,
	api: ApiVersion,
	requiredFallback?: unknown,
): IDataObject {
	const confirmed = isConfirmed(transaction, api, LEGACY_CONFIRMATIONS, requiredFallback);
	return { ...transaction, deliveryKey: transactionKey(api, transaction.id, confirmed) };
}
