/* eslint-disable @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n */
// n8n's deduplication store as n8n's server implements it (packages/cli/src/deduplication/
// deduplication-helper.ts, the same in 1.123, 2.40 and 2.41), over an in-memory table, so that it fails
// the way the real one fails:
// - one row per (workflow, context): context `n:<node id>` for scope "node", '' for "workflow";
// - values kept as md5 hashes, oldest first, trimmed oldest-first to maxEntries;
// - every call reads the row (an await: the database), changes the list in memory, then inserts
//   or updates the WHOLE row (another await), with no lock, transaction or version check: calls
//   that overlap interleave, the later write drops the other's keys, and two first inserts of one
//   row make the second fail on the primary key, as PostgreSQL and SQLite do.
import { createHash } from 'node:crypto';

import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
} from 'n8n-workflow';

interface Row {
	mode: string;
	data: string[];
}

/** The table: `${workflowId}|${context}` → the row's value as last written. */
export const processedRows = new Map<string, Row>();
/** What each hash stands for, so that tests can read a row in words (n8n keeps only the hash). */
const clearText = new Map<string, string>();

/** One database round trip: other calls run meanwhile, as they do while n8n awaits its database. */
const roundTrip = async () => await new Promise<void>((resolve) => setImmediate(resolve));

const hashOf = (value: DeduplicationItemTypes) => {
	const hash = createHash('md5').update(value.toString()).digest('base64');
	clearText.set(hash, value.toString());
	return hash;
};

export const rowKey = (workflowId: string, scope: DeduplicationScope, nodeId?: string) =>
	`${workflowId}|${scope === 'node' ? `n:${nodeId}` : ''}`;

const rowOf = (scope: DeduplicationScope, context: ICheckProcessedContextData) =>
	rowKey(String(context.workflow.id), scope, context.node?.id);

/** The values a row holds, in words, oldest first. */
export const rowValues = (key: string) =>
	(processedRows.get(key)?.data ?? []).map((hash) => clearText.get(hash) ?? hash);

async function findOne(key: string): Promise<Row | undefined> {
	await roundTrip();
	const row = processedRows.get(key);
	return row && { mode: row.mode, data: [...row.data] };
}

async function insert(key: string, row: Row) {
	await roundTrip();
	if (processedRows.has(key))
		throw new Error(
			'duplicate key value violates unique constraint "PK_ca04b9d8dc72de268fe07a65773"',
		);
	processedRows.set(key, row);
}

async function update(key: string, row: Row) {
	await roundTrip();
	if (processedRows.has(key)) processedRows.set(key, row);
}

const trim = (data: string[], maxEntries?: number) => {
	if (maxEntries !== undefined && data.length > maxEntries)
		data.splice(0, data.length - maxEntries);
};

export const interleavingDeduplicator: IDataDeduplicator = {
	async checkProcessedAndRecord(items, scope, context, options: ICheckProcessedOptions) {
		const key = rowOf(scope, context);
		const row = await findOne(key);
		if (row && row.mode !== options.mode)
			throw new Error('Deduplication data was originally saved with an incompatible setting');
		const hashes = items.map(hashOf);
		if (!row) {
			const data = [...hashes];
			trim(data, options.maxEntries);
			await insert(key, { mode: options.mode, data });
			return { new: items, processed: [] };
		}
		const seen = new Set(row.data);
		const result: { new: DeduplicationItemTypes[]; processed: DeduplicationItemTypes[] } = {
			new: [],
			processed: [],
		};
		items.forEach((item, index) => {
			if (seen.has(hashes[index])) result.processed.push(item);
			else {
				result.new.push(item);
				row.data.push(hashes[index]);
			}
		});
		trim(row.data, options.maxEntries);
		await update(key, row);
		return result;
	},
	async removeProcessed(items, scope, context) {
		const key = rowOf(scope, context);
		const row = await findOne(key);
		if (!row) return;
		for (const hash of items.map(hashOf)) {
			const index = row.data.indexOf(hash);
			if (index !== -1) row.data.splice(index, 1);
		}
		await update(key, row);
	},
	async clearAllProcessedItems(scope, context) {
		await roundTrip();
		processedRows.delete(rowOf(scope, context));
	},
	async getProcessedDataCount(scope, context) {
		return (await findOne(rowOf(scope, context)))?.data.length ?? 0;
	},
};
