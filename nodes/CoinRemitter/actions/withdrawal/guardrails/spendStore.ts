import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { addDecimals, isPlainDecimal } from '../../../../shared/decimal';
import { StaticDataCopies } from '../../../../shared/staticDataCopies';

// What this node has sent (or may have sent): per execution, and per wallet over a rolling day.
// A withdrawal is counted before it is sent, with no await between the check and the count, so
// that calls running side by side in one process never both fit under a limit.

/** Taken back when the withdrawal surely sent nothing. */
export interface Reservation {
	release(): void;
}

// ---- The total of one execution ------------------------------------------------------------

const SENT_TOTAL = 'guardrailsSentTotal';
const totalsWithoutContext = new WeakMap<IExecuteFunctions, IDataObject>();

/**
 * n8n's per-execution context of this node (stored with the execution): it holds across the items
 * of one run, the runs of a loop and an agent's tool calls. Without one, the context object.
 */
function executionTotals(context: IExecuteFunctions): IDataObject {
	try {
		return context.getContext('node') as IDataObject;
	} catch {
		const totals = totalsWithoutContext.get(context) ?? {};
		totalsWithoutContext.set(context, totals);
		return totals;
	}
}

/** What this node has sent (or may have sent) so far in this execution, as a decimal string. */
export function sentThisExecution(context: IExecuteFunctions): string {
	const total = executionTotals(context)[SENT_TOTAL];
	return typeof total === 'string' && isPlainDecimal(total) ? total : '0';
}

export function countInExecution(context: IExecuteFunctions, amount: string): Reservation {
	executionTotals(context)[SENT_TOTAL] = addDecimals(sentThisExecution(context), amount);
	return {
		release: () => {
			executionTotals(context)[SENT_TOTAL] = addDecimals(sentThisExecution(context), amount, -1);
		},
	};
}

// ---- The total of a wallet over a rolling day ----------------------------------------------

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Where the spends live in the workflow's global static data: `{ [node id]: { [wallet]: Spend[] } }`.
 * By the node's id, not its name: n8n keeps a node's own static data under its name and does not
 * move it on a rename, so renaming the node would start its total again at zero.
 */
const STATIC_KEY = 'coinRemitterDailySpends';

interface Spend {
	id: string;
	amount: string;
	/** When it was counted, in ms since the epoch. */
	at: number;
}

/**
 * This process's view of one ledger (workflow, node, wallet). n8n saves a workflow's static data
 * at the end of each execution, whole, last writer wins; so every spend counted in this process is
 * written into the static data of every execution of the workflow it has seen, and whichever
 * saves last saves them all. Released spends are remembered for a day, so that a copy saved
 * before the release cannot bring them back.
 */
interface Ledger {
	key: string;
	spends: Map<string, Spend>;
	released: Map<string, number>;
}

const ledgers = new Map<string, Ledger>();
/** The static data of the executions that opened each ledger, for as long as n8n holds them. */
const executionCopies = new StaticDataCopies(() => Infinity, 10_000);

/** Forgets every ledger this process holds: what an n8n restart does (tests). */
export function forgetSpendLedgers() {
	ledgers.clear();
	executionCopies.forget();
}

/** Why the store could not be read or written: the withdrawal is then refused (fail closed). */
export class Unavailable {
	constructor(readonly why: string) {}
}

const isSpend = (value: unknown): value is Spend => {
	const spend = value as Spend;
	return (
		typeof spend === 'object' &&
		spend !== null &&
		typeof spend.id === 'string' &&
		typeof spend.amount === 'string' &&
		isPlainDecimal(spend.amount) &&
		typeof spend.at === 'number' &&
		Number.isFinite(spend.at)
	);
};

function staticCopy(context: IExecuteFunctions): IDataObject | Unavailable {
	let data: unknown;
	try {
		data = context.getWorkflowStaticData('global');
	} catch (error) {
		return new Unavailable(`n8n gave no workflow static data (${(error as Error).message})`);
	}
	if (data === null || typeof data !== 'object')
		return new Unavailable('n8n gave no workflow static data');
	return data as IDataObject;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function storedSpends(copy: IDataObject, nodeId: string, wallet: string): Spend[] | Unavailable {
	const byNode = copy[STATIC_KEY] ?? {};
	const byWallet = isObject(byNode) ? (byNode[nodeId] ?? {}) : undefined;
	if (!isObject(byWallet))
		return new Unavailable(`the workflow static data "${STATIC_KEY}" is not an object`);
	const spends = byWallet[wallet] ?? [];
	if (!Array.isArray(spends) || !spends.every(isSpend))
		return new Unavailable(`the spends of wallet ${wallet} in "${STATIC_KEY}" are unreadable`);
	return spends;
}

function ledgerFor(key: string): Ledger {
	let ledger = ledgers.get(key);
	if (ledger === undefined) {
		ledger = { key, spends: new Map(), released: new Map() };
		ledgers.set(key, ledger);
	}
	return ledger;
}

function forgetOlderThanADay(ledger: Ledger, now: number) {
	for (const [id, spend] of ledger.spends) if (spend.at <= now - DAY_MS) ledger.spends.delete(id);
	for (const [id, at] of ledger.released) if (at <= now - DAY_MS) ledger.released.delete(id);
}

function writeCopies(ledger: Ledger, nodeId: string, wallet: string) {
	const spends = [...ledger.spends.values()];
	executionCopies.writeEach(ledger.key, (copy) => {
		const byNode = (copy[STATIC_KEY] as IDataObject) ?? {};
		const byWallet = { ...((byNode[nodeId] as IDataObject) ?? {}), [wallet]: spends };
		copy[STATIC_KEY] = { ...byNode, [nodeId]: byWallet };
	});
}

/** The node's id (kept across renames); its name only where a workflow has no ids. */
const nodeIdOf = (context: IExecuteFunctions) => {
	const node = context.getNode();
	return node.id || node.name;
};

/** What the wallet has sent through this node in the 24 hours before `now`, with the ledger. */
function openLedger(context: IExecuteFunctions, wallet: string, now: number) {
	const copy = staticCopy(context);
	if (copy instanceof Unavailable) return copy;
	const stored = storedSpends(copy, nodeIdOf(context), wallet);
	if (stored instanceof Unavailable) return stored;
	const ledger = ledgerFor(`${context.getWorkflow().id}\n${nodeIdOf(context)}\n${wallet}`);
	for (const spend of stored)
		if (!ledger.released.has(spend.id) && !ledger.spends.has(spend.id))
			ledger.spends.set(spend.id, spend);
	executionCopies.hold(ledger.key, copy, now);
	forgetOlderThanADay(ledger, now);
	let spent = '0';
	for (const spend of ledger.spends.values()) spent = addDecimals(spent, spend.amount);
	return { ledger, spent };
}

/**
 * Counts `amount` for the wallet if the rolling day's total still `fits`; otherwise counts nothing
 * and says what was spent. Unavailable when the store cannot be read or written.
 */
export function countInDay(
	context: IExecuteFunctions,
	wallet: string,
	amount: string,
	fits: (spent: string) => boolean,
	now = Date.now(),
): { spent: string; reservation?: Reservation } | Unavailable {
	const opened = openLedger(context, wallet, now);
	if (opened instanceof Unavailable) return opened;
	const { ledger, spent } = opened;
	if (!fits(spent)) return { spent };
	const id = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
	ledger.spends.set(id, { id, amount, at: now });
	const release = () => {
		ledger.spends.delete(id);
		ledger.released.set(id, now);
		writeCopies(ledger, nodeIdOf(context), wallet);
	};
	try {
		writeCopies(ledger, nodeIdOf(context), wallet);
	} catch (error) {
		release();
		return new Unavailable(
			`the workflow static data could not be written (${(error as Error).message})`,
		);
	}
	return { spent, reservation: { release } };
}
