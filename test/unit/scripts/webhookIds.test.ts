/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n */
// The webhook ids `npm start` (and the browser suite) give the examples: the files keep none, each
// n8n instance gets its own for every node with webhooks, and keeps them from one start to the next.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Node = { id: string; type: string; typeVersion?: number; webhookId?: string };
type Workflow = { id: string; nodes: Node[] };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the dev runtime is plain JavaScript
const { hasWebhooks, withWebhookIds } = require('../../../scripts/n8n-runtime/webhookIds') as {
	hasWebhooks: (descriptions: Map<string, unknown[]>, node: Node) => boolean;
	withWebhookIds: (w: Workflow[], d: Map<string, unknown[]>, idsFile: string) => Workflow[];
};

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
const examples = readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.map(
		(file) => [file, JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Workflow] as const,
	);

const hooks = [{ name: 'default', httpMethod: 'POST', path: 'webhook' }];
const descriptions = new Map<string, unknown[]>([
	['n8n-nodes-coinremitter.coinRemitterTrigger', [{ version: [1, 2, 3], webhooks: hooks }]],
	['n8n-nodes-base.emailSend', [{ version: 1 }, { version: [2, 2.1], webhooks: hooks }]],
	['n8n-nodes-base.slack', [{ version: [2, 2.3], webhooks: hooks }]],
	['n8n-nodes-base.manualTrigger', [{ version: 1 }]],
]);

describe('example webhook ids', () => {
	it.each(examples)('%s keeps no webhookId (each n8n gives its own)', (_file, workflow) => {
		expect(workflow.nodes.filter((node) => 'webhookId' in node)).toEqual([]);
	});

	it("gives a node webhooks as n8n's editor does: by its type's description at its version", () => {
		expect(
			hasWebhooks(descriptions, { id: 'a', type: 'n8n-nodes-base.emailSend', typeVersion: 2.1 }),
		).toBe(true);
		expect(
			hasWebhooks(descriptions, { id: 'a', type: 'n8n-nodes-base.emailSend', typeVersion: 1 }),
		).toBe(false);
		expect(
			hasWebhooks(descriptions, {
				id: 'a',
				type: 'n8n-nodes-base.slackHitlTool',
				typeVersion: 2.3,
			}),
		).toBe(true);
		expect(
			hasWebhooks(descriptions, { id: 'a', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1 }),
		).toBe(false);
		expect(hasWebhooks(descriptions, { id: 'a', type: 'unknown.node', typeVersion: 1 })).toBe(
			false,
		);
	});

	it('gives every trigger of the examples a fresh id per instance, kept from one start to the next', () => {
		const workflows = examples.map(([, workflow]) => workflow);
		const first = join(mkdtempSync(join(tmpdir(), 'webhook-ids-')), 'ids.json');
		const second = join(mkdtempSync(join(tmpdir(), 'webhook-ids-')), 'ids.json');
		const ids = (list: Workflow[]) =>
			list.flatMap((workflow) =>
				workflow.nodes.filter((node) => node.webhookId).map((node) => [node.type, node.webhookId]),
			);
		const once = ids(withWebhookIds(workflows, descriptions, first));
		const triggers = workflows
			.flatMap((w) => w.nodes)
			.filter((node) => node.type.endsWith('Trigger'));
		expect(once.filter(([type]) => type?.endsWith('coinRemitterTrigger'))).toHaveLength(
			triggers.filter((node) => node.type.endsWith('coinRemitterTrigger')).length,
		);
		expect(new Set(once.map(([, id]) => id)).size).toBe(once.length);
		for (const [, id] of once) expect(id).toMatch(/^[0-9a-f-]{36}$/);
		expect(ids(withWebhookIds(workflows, descriptions, first))).toEqual(once);
		const elsewhere = ids(withWebhookIds(workflows, descriptions, second));
		expect(elsewhere.some(([, id]) => once.some(([, other]) => other === id))).toBe(false);
	});
});
