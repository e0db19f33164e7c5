import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

// Where payout keys live: n8n's deduplication store, in the row of this node alone (scope "node":
// n8n keys it by the node's id, so a rename keeps it, and no Remove Duplicates node, whatever its
// scope or History Size, nor its Clear Deduplication History, ever writes it).
//
// n8n reads that row, changes the list in memory and writes it back whole, with no lock: two
// writes that overlap lose one another's keys, and two claims of one key can both see it as new.
// So every write of this process to one row waits for the one before it to finish. Other n8n
// processes (queue-mode workers) are not held by this: docs/queue-mode.md has the recipe.
//
// A Payout Key is the wallet's, not the node's: the merchant's name for a payout. n8n gives a node
// no store shared by workflows (the deduplication store and static data are keyed by workflow;
// n8n 1.123 opens Data Tables to its own Data table nodes only), so every claim is also held in
// this process, per wallet (its saved credential), checked and taken with no await in between:
// another workflow, a copy of this one, or a second Withdrawal node on the wallet is refused at
// once and in turn; a node refused that way records the refusing entry in its own row too. After
// a restart only each node's own row remains (README, Guardrails).

/** How many payout keys one Withdrawal node remembers; past that, the oldest is forgotten. */
export const REMEMBERED_PAYOUTS = 10_000;
/** PostgreSQL's, MySQL's and SQLite's words for a second insert of one primary key. */
const UNIQUE_VIOLATION =
	/duplicate key|unique constraint|UNIQUE constraint failed|Duplicate entry/i;
const SCOPE = 'node' as const;

/** How many payout entries this process holds for all wallets; past that, the oldest is forgotten. */
export const PROCESS_HELD_ENTRIES = 100_000;
/** Every entry claimed in this process and not released, as `<wallet>\n<entry>`, oldest first. */
const heldInProcess = new Set<string>();

/** Forgets every claim this process holds: what an n8n restart does (tests). */
export function forgetPayoutClaims(): void {
	heldInProcess.clear();
}

function holdInProcess(entry: string) {
	heldInProcess.delete(entry);
	heldInProcess.add(entry);
	if (heldInProcess.size > PROCESS_HELD_ENTRIES)
		heldInProcess.delete(heldInProcess.values().next().value as string);
}

/** The last write queued on each row of this process: `<workflow id>\n<node id>`. */
const rowQueues = new Map<string, Promise<unknown>>();

/** Runs `write` once every earlier write of this process to the node's row has finished. */
async function inTurn<T>(context: IExecuteFunctions, write: () => Promise<T>): Promise<T> {
	const row = `${context.getWorkflow().id}\n${context.getNode().id || context.getNode().name}`;
	const before = rowQueues.get(row) ?? Promise.resolve();
	const mine = before.then(write);
	const settled = mine.catch(() => undefined);
	rowQueues.set(row, settled);
	void settled.then(() => {
		if (rowQueues.get(row) === settled) rowQueues.delete(row);
	});
	return await mine;
}

/**
 * n8n inserts the row with the first key; two processes inserting it at once make one of them
 * fail on the primary key (seen on n8n 2.40 with PostgreSQL). The row exists then: write again.
 */
async function record(context: IExecuteFunctions, keys: string[], maxEntries: number) {
	const options = { mode: 'entries' as const, maxEntries };
	try {
		return await context.helpers.checkProcessedAndRecord(keys, SCOPE, options);
	} catch (error) {
		if (!UNIQUE_VIOLATION.test(String((error as Error)?.message)))
			throw new NodeOperationError(context.getNode(), error as Error);
		return await context.helpers.checkProcessedAndRecord(keys, SCOPE, options);
	}
}

const forget = async (context: IExecuteFunctions, keys: string[]) =>
	await context.helpers.removeProcessed(keys, SCOPE, {
		mode: 'entries',
		maxEntries: REMEMBERED_PAYOUTS,
	});

/**
 * Records `key` for `wallet` unless it or one of `blockers` is already recorded, by any Withdrawal
 * node of this process on the wallet or by this node before. Returns those of them that were
 * recorded before: none, `key` is recorded now (the payout may be sent); some, nothing is left
 * recorded by this call.
 */
export async function claimPayoutKey(
	context: IExecuteFunctions,
	wallet: string,
	key: string,
	blockers: string[],
): Promise<string[]> {
	const entryOf = (recorded: string) => `${wallet}\n${recorded}`;
	const heldHere = [key, ...blockers].filter((recorded) => heldInProcess.has(entryOf(recorded)));
	if (heldHere.length > 0) {
		await learnInNodeRow(context, heldHere);
		return heldHere;
	}
	holdInProcess(entryOf(key));
	let answered = false;
	try {
		const seenBefore = await claimInNodeRow(context, key, blockers);
		answered = true;
		for (const recorded of seenBefore) holdInProcess(entryOf(recorded));
		if (seenBefore.length > 0 && !seenBefore.includes(key)) heldInProcess.delete(entryOf(key));
		return seenBefore;
	} finally {
		// The node's row could not be read or written: nothing is sent, so the claim is not held.
		if (!answered) heldInProcess.delete(entryOf(key));
	}
}

/**
 * Records in the node's own row what another node of the wallet recorded (a key sent or declined)
 * when this node is refused it, so that this node still refuses it after an n8n restart. The
 * refusal stands whether or not this write succeeds.
 */
async function learnInNodeRow(context: IExecuteFunctions, recorded: string[]) {
	await inTurn(context, async () => await record(context, recorded, REMEMBERED_PAYOUTS)).catch(
		() => undefined,
	);
}

/** Records `key` in the node's own row unless it or one of `blockers` is there: see claimPayoutKey. */
async function claimInNodeRow(context: IExecuteFunctions, key: string, blockers: string[]) {
	return await inTurn(context, async () => {
		// The store answers membership only by recording: the blockers go in with the key, with room
		// for them, and those that were not there before come out again at once.
		const keys = [key, ...blockers];
		const recorded = await record(context, keys, REMEMBERED_PAYOUTS + blockers.length);
		const seenBefore = recorded.processed.map(String);
		const addedNow = recorded.new
			.map(String)
			.filter((added) => seenBefore.length > 0 || added !== key);
		if (addedNow.length > 0) await forget(context, addedNow);
		return seenBefore;
	});
}

/** Forgets a key recorded by `claimPayoutKey` (the payout was surely not sent). */
export async function releasePayoutKey(
	context: IExecuteFunctions,
	wallet: string,
	key: string,
): Promise<void> {
	await inTurn(context, async () => await forget(context, [key]));
	heldInProcess.delete(`${wallet}\n${key}`);
}
