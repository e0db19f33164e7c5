/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and Node globals are fine here */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core keeps its instance settings in the user folder: use a throwaway one, never ~/.n8n.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'coinremitter-n8n-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';

// n8n's deduplication store (the one the Remove Duplicates node uses), as n8n's server provides
// it, over an in-memory table that interleaves as the real one does: the withdrawal nodes record
// payout keys in it.
import { DataDeduplicationService } from 'n8n-core';

import { interleavingDeduplicator } from './helpers/deduplicationStore';

void DataDeduplicationService.init(interleavingDeduplicator);
