import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { addDecimals, isPlainDecimal } from '../../../shared/decimal';
import { StaticDataCopies } from '../../../shared/staticDataCopies';

// What the node refunded (or may have refunded) of each invoice of a wallet, so that refunds never
// add up past what the invoice received. The ledger is the wallet's, like a Payout Key: held in this
// process per wallet (its saved credential) and invoice, for every workflow, and written into the
// static data of every execution that opened it (n8n saves static data whole, last writer wins, so
// each copy carries every refund). A refund is reserved with no await between reading the ledger and
// writing it; it is taken back only when it surely sent nothing. After an n8n restart only each
// workflow's static data remains; the refund's Payout Key (refund:<invoice>:<n>) in the node's own
// row then still refuses a number used before.

const STATIC_KEY = 'coinRemitterRefunds';
/** How many invoices one workflow's static data remembers per wallet; past that, the oldest go. */
export const REMEMBERED_INVOICES = 10_000;
/** How many invoice ledgers this process holds for all wallets; past that, the oldest go. */
export const PROCESS_HELD_INVOICES = 100_000;

interface Refund {
	id: string;
	/** The refund's number for the invoice: its Payout Key is refund:<invoice>:<n>. */
	n: number;
	amount: string;
	at: number;
	/** Surely not sent: kept so that a copy saved before cannot bring it back. */
	released?: boolean;
}

interface Ledger {
	key: string;
	wallet: string;
	invoiceId: string;
	refunds: Map<string, Refund>;
}

const ledgers = new Map<string, Ledger>();
const copies = new StaticDataCopies(() => Infinity, 10_000);

/** Forgets every ledger this process holds: what an n8n restart does (tests). */
export function forgetRefundLedgers(): void {
	ledgers.clear();
	copies.forget();
}

/** Why the ledger could not be read or written: the refund is then refused (fail closed). */
export class LedgerUnavailable {
	constructor(readonly why: string) {}
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const isRefund = (value: unknown): value is Refund => {
	const refund = value as Refund;
	return (
		isObject(value) &&
		typeof refund.id === 'string' &&
		Number.isSafeInteger(refund.n) &&
		typeof refund.amount === 'string' &&
		isPlainDecimal(refund.amount) &&
		typeof refund.at === 'number'
	);
};

function staticCopy(context: IExecuteFunctions): IDataObject | LedgerUnavailable {
	try {
		const data: unknown = context.getWorkflowStaticData('global');
		if (isObject(data)) return data;
	} catch (error) {
		return new LedgerUnavailable(`n8n gave no workflow static data (${(error as Error).message})`);
	}
	return new LedgerUnavailable('n8n gave no workflow static data');
}

function storedRefunds(copy: IDataObject, wallet: string, invoiceId: string) {
	const byWallet = copy[STATIC_KEY] ?? {};
	const byInvoice = isObject(byWallet) ? (byWallet[wallet] ?? {}) : undefined;
	const refunds = isObject(byInvoice) ? (byInvoice[invoiceId] ?? []) : undefined;
	if (!Array.isArray(refunds) || !refunds.every(isRefund))
		return new LedgerUnavailable(
			`the refunds of invoice ${invoiceId} in "${STATIC_KEY}" are unreadable`,
		);
	return refunds;
}

function ledgerFor(wallet: string, invoiceId: string): Ledger {
	const key = `${wallet}\n${invoiceId}`;
	const ledger = ledgers.get(key) ?? { key, wallet, invoiceId, refunds: new Map() };
	ledgers.delete(key);
	ledgers.set(key, ledger);
	if (ledgers.size > PROCESS_HELD_INVOICES) ledgers.delete(ledgers.keys().next().value as string);
	return ledger;
}

/** Writes the ledger into every copy of static data that opened it; the newest invoice goes last. */
function writeCopies(ledger: Ledger) {
	const refunds = [...ledger.refunds.values()];
	copies.writeEach(ledger.key, (copy) => {
		const stored = copy[STATIC_KEY];
		const byWallet: IDataObject = isObject(stored) ? stored : {};
		const own = byWallet[ledger.wallet];
		const byInvoice: IDataObject = { ...(isObject(own) ? own : {}) };
		delete byInvoice[ledger.invoiceId];
		byInvoice[ledger.invoiceId] = refunds as unknown as IDataObject[];
		const kept = Object.keys(byInvoice).slice(-REMEMBERED_INVOICES);
		const trimmed = Object.fromEntries(kept.map((invoice) => [invoice, byInvoice[invoice]]));
		copy[STATIC_KEY] = { ...byWallet, [ledger.wallet]: trimmed };
	});
}

/** The invoice's ledger, with what this execution's static data knows of it merged in. */
function openLedger(context: IExecuteFunctions, wallet: string, invoiceId: string) {
	const copy = staticCopy(context);
	if (copy instanceof LedgerUnavailable) return copy;
	const stored = storedRefunds(copy, wallet, invoiceId);
	if (stored instanceof LedgerUnavailable) return stored;
	const ledger = ledgerFor(wallet, invoiceId);
	for (const refund of stored)
		if (!ledger.refunds.has(refund.id)) ledger.refunds.set(refund.id, { ...refund });
	copies.hold(ledger.key, copy);
	return ledger;
}

const counted = (ledger: Ledger) => [...ledger.refunds.values()].filter((r) => !r.released);

/** A refund reserved in the ledger: its number, and how to take it back if it surely sent nothing. */
export interface ReservedRefund {
	n: number;
	release(): void;
}

/**
 * Reads what was refunded of the invoice before and reserves `amountFor(refundedBefore)` (which
 * may throw a refusal: nothing is reserved then), with no await in between. An amount of "0"
 * reserves nothing. Unavailable when the ledger cannot be read or written.
 */
export function reserveRefund(
	context: IExecuteFunctions,
	wallet: string,
	invoiceId: string,
	amountFor: (refundedBefore: string) => string,
	now = Date.now(),
): { refundedBefore: string; amount: string; reserved?: ReservedRefund } | LedgerUnavailable {
	const ledger = openLedger(context, wallet, invoiceId);
	if (ledger instanceof LedgerUnavailable) return ledger;
	const refundedBefore = counted(ledger).reduce((sum, r) => addDecimals(sum, r.amount), '0');
	const amount = amountFor(refundedBefore);
	const write = () => {
		try {
			writeCopies(ledger);
			return undefined;
		} catch (error) {
			return new LedgerUnavailable(
				`the static data could not be written (${(error as Error).message})`,
			);
		}
	};
	if (amount === '0') return write() ?? { refundedBefore, amount };
	const n = 1 + Math.max(0, ...[...ledger.refunds.values()].map((r) => r.n));
	const id = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
	const refund: Refund = { id, n, amount, at: now };
	ledger.refunds.set(id, refund);
	const release = () => {
		refund.released = true;
		writeCopies(ledger);
	};
	const failed = write();
	if (failed) {
		ledger.refunds.delete(id);
		return failed;
	}
	return { refundedBefore, amount, reserved: { n, release } };
}
