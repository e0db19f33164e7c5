/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and Node globals are fine here */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core keeps its instance settings in the user folder: use a throwaway one, never ~/.n8n.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'coinremitter-n8n-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';

// n8n's deduplication store (the one the Remove Duplicates node uses), as n8n's server provides
// it, kept in memory for the tests: the withdrawal nodes record payout keys in it.
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	IDataDeduplicator,
} from 'n8n-workflow';

/** Every recorded key, by workflow and scope; tests may read or clear it. */
export const processedKeys = new Map<string, Set<string>>();

const scopeKey = (scope: DeduplicationScope, context: ICheckProcessedContextData) =>
	`${context.workflow.id}|${scope === 'node' ? `n:${context.node?.id}` : ''}`;

const memoryDeduplicator: IDataDeduplicator = {
	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope, context) {
		const seen = processedKeys.get(scopeKey(scope, context)) ?? new Set<string>();
		processedKeys.set(scopeKey(scope, context), seen);
		const fresh = items.filter((item) => !seen.has(String(item)));
		for (const item of fresh) seen.add(String(item));
		return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
	},
	async removeProcessed(items: DeduplicationItemTypes[], scope, context) {
		for (const item of items) processedKeys.get(scopeKey(scope, context))?.delete(String(item));
	},
	async clearAllProcessedItems(scope, context) {
		processedKeys.delete(scopeKey(scope, context));
	},
	async getProcessedDataCount(scope, context) {
		return processedKeys.get(scopeKey(scope, context))?.size ?? 0;
	},
};

void DataDeduplicationService.init(memoryDeduplicator);
