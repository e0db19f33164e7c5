// What an invoice still owes and what was paid beyond its amount, per currency, from its record's
// `total_amount` and `paid_amount` maps: pure, exact arithmetic on decimal strings.
import { addDecimals, canonicalDecimal, compareDecimals, isPlainDecimal } from './decimal';

/** Currency ("BTC", "USD", "EUR") → exact decimal string. */
export type AmountMap = Record<string, string>;

export interface InvoiceBalance {
	/** What is still owed per currency: amount minus paid, "0" when none. */
	owed: AmountMap;
	/** What was paid beyond the amount per currency, "0" when none. */
	overpaid: AmountMap;
}

/** An amount as the exact text it was written in; whole JSON numbers are exact too ("USD": 10). */
const amountText = (value: unknown) =>
	typeof value === 'string'
		? value.trim()
		: typeof value === 'number' && Number.isSafeInteger(value)
			? String(value)
			: '';

/**
 * A record's amount map as currency → plain decimal. The service sends `[]` for an empty map;
 * a value that is not a plain decimal (empty, negative, a float) is left out, never guessed.
 */
function readAmounts(map: unknown): AmountMap {
	if (typeof map !== 'object' || map === null || Array.isArray(map)) return {};
	const amounts: AmountMap = {};
	for (const [currency, value] of Object.entries(map)) {
		const text = amountText(value);
		if (isPlainDecimal(text)) amounts[currency] = text;
	}
	return amounts;
}

/**
 * The balance of an invoice from its `total_amount` and `paid_amount`, whatever its status: for
 * every currency of either map, owed = total − paid and overpaid = paid − total, never below
 * zero, written without trailing zeros ("0.001", "0"). A currency missing from `paid_amount`
 * counts as nothing paid; one missing from `total_amount` counts as an amount of zero.
 */
export function invoiceBalance(totalAmount: unknown, paidAmount: unknown): InvoiceBalance {
	const total = readAmounts(totalAmount);
	const paid = readAmounts(paidAmount);
	const balance: InvoiceBalance = { owed: {}, overpaid: {} };
	const currencies = new Set([...Object.keys(total), ...Object.keys(paid)]);
	for (const currency of currencies) {
		const [due, received] = [total[currency] ?? '0', paid[currency] ?? '0'];
		balance.owed[currency] = canonicalDecimal(addDecimals(due, received, -1));
		balance.overpaid[currency] = canonicalDecimal(addDecimals(received, due, -1));
	}
	return balance;
}

/** The balance of an invoice record (v1 or legacy: both carry `total_amount` and `paid_amount`). */
export const balanceOfRecord = (record: { total_amount?: unknown; paid_amount?: unknown }) =>
	invoiceBalance(record.total_amount, record.paid_amount);

/** Whether an amount from a balance is more than zero. */
export const isPositive = (amount: string | undefined) =>
	amount !== undefined && isPlainDecimal(amount) && compareDecimals(amount, '0') > 0;
