import type { IDataObject } from 'n8n-workflow';

import { addDecimals, compareDecimals, isPlainDecimal } from '../../shared/decimal';
import { isPlainObject } from '../../shared/json';

/** The fields of a v1 address summary that belong to every transaction of the address. */
const ADDRESS_FIELDS = [
	'coin',
	'coin_symbol',
	'wallet_id',
	'wallet_name',
	'address',
	'label',
	'required_confirmations',
];
/** Per-entry running totals of the summary, not fields of the transaction record. */
const ENTRY_ONLY_FIELDS = new Set(['confirm_amount', 'pending_amount']);

/** What one read of an address's transactions says about a deposit id. */
export type Listing =
	| { record: IDataObject }
	/** The list is provably whole and the id is not in it. */
	| 'absent'
	/** Not in the list, but the list cannot be shown to be whole: the per-id lookup decides. */
	| 'unproven';

/**
 * Finds deposit `id` in a v1 address summary (`/v1/wallet/address/transactions`) and builds the
 * transaction record from its entry and the address's fields, the same fields as
 * `/v1/wallet/transaction` answers with. The spec shows no paging, but promises no whole list
 * either: an id is `absent` only when the entries add up to the address's confirmed plus pending
 * total, so a truncated list never refutes a genuine deposit.
 */
export function findDeposit(summary: unknown, id: string): Listing {
	if (!isPlainObject(summary) || !Array.isArray(summary.transactions)) return 'unproven';
	const entries = summary.transactions.filter(isPlainObject);
	const entry = entries.find((candidate) => String(candidate.id) === id);
	if (entry) {
		if (entry.type !== undefined && entry.type !== 'receive') return 'unproven';
		return { record: recordOf(summary, entry) };
	}
	return isWhole(summary, entries) ? 'absent' : 'unproven';
}

function recordOf(summary: IDataObject, entry: IDataObject): IDataObject {
	const record: IDataObject = {};
	for (const name of ADDRESS_FIELDS) if (summary[name] !== undefined) record[name] = summary[name];
	for (const [name, value] of Object.entries(entry))
		if (!ENTRY_ONLY_FIELDS.has(name)) record[name] = value;
	return record;
}

function isWhole(summary: IDataObject, entries: IDataObject[]): boolean {
	if (entries.length !== (summary.transactions as unknown[]).length) return false;
	const totals = [summary.confirm_amount, summary.pending_amount].map((value) =>
		String(value ?? ''),
	);
	const amounts = entries.map((entry) => String(entry.amount ?? ''));
	if (![...totals, ...amounts].every(isPlainDecimal)) return false;
	const listed = amounts.reduce((sum, amount) => addDecimals(sum, amount), '0');
	return compareDecimals(listed, addDecimals(totals[0], totals[1])) === 0;
}
