'use strict';
// Webhook ids for imported workflows. n8n's editor gives a node with webhooks a fresh `webhookId`
// when it opens a workflow that has none, and shows the Test and Production URLs built from it
// (<base>/webhook-test/<webhookId>/<path>); but that id is only the editor's until the workflow is
// saved, and n8n 2.x runs and registers the saved workflow: the URL shown answers 404 until a save.
// Imported with its ids already set, a workflow answers on the URLs the editor shows at once.
// The example files keep no ids (two n8n instances must not share one); each instance gets its own,
// kept in its user folder so that a restart does not change a URL someone registered.
const { randomUUID } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');
// In the n8n user folder: each example node's webhookId there, kept so a restart keeps every URL.
const IDS_FILE = 'example-webhook-ids.json';

const PACKAGE_NODES = {
	'n8n-nodes-base': ['n8n-nodes-base', 'dist', 'types', 'nodes.json'],
	'@n8n/n8n-nodes-langchain': ['@n8n', 'n8n-nodes-langchain', 'dist', 'types', 'nodes.json'],
};

const versionsOf = (description) => [description.version].flat();

/**
 * Whether a node (`type`, `typeVersion`) has webhooks, as n8n's editor decides: its type
 * description lists `webhooks`. `descriptions` maps a full type name to its descriptions (one per
 * group of versions). n8n derives a `<name>HitlTool` from each Send and Wait node, with its webhooks.
 */
function hasWebhooks(descriptions, { type, typeVersion }) {
	const base = type.replace(/HitlTool$/, '');
	return (descriptions.get(base) ?? []).some(
		(description) =>
			(description.webhooks ?? []).length > 0 && versionsOf(description).includes(typeVersion ?? 1),
	);
}

/** The node type descriptions of n8n's own packages in the n8n installed at `n8nDir`, and of this package's built nodes. */
function nodeDescriptions(n8nDir, packageRoot) {
	const descriptions = new Map();
	const add = (type, description) =>
		descriptions.set(type, [...(descriptions.get(type) ?? []), description]);
	for (const [prefix, path] of Object.entries(PACKAGE_NODES)) {
		const file = join(n8nDir, 'node_modules', ...path);
		if (!existsSync(file)) continue;
		for (const description of JSON.parse(readFileSync(file, 'utf8')))
			add(`${prefix}.${description.name}`, description);
	}
	const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
	for (const file of pkg.n8n.nodes) {
		for (const NodeClass of Object.values(require(resolve(packageRoot, file)))) {
			const node = new NodeClass();
			for (const { description } of node.nodeVersions ? Object.values(node.nodeVersions) : [node])
				add(`${pkg.name}.${description.name}`, description);
		}
	}
	return descriptions;
}

/**
 * `workflows` with a `webhookId` on every node that has webhooks: the one `idsFile` holds for that
 * workflow and node, else a fresh one, written back to `idsFile`. Other nodes are left as they are.
 */
function withWebhookIds(workflows, descriptions, idsFile) {
	const ids = existsSync(idsFile) ? JSON.parse(readFileSync(idsFile, 'utf8')) : {};
	const result = workflows.map((workflow) => ({
		...workflow,
		nodes: workflow.nodes.map((node) => {
			if (!hasWebhooks(descriptions, node)) return node;
			const key = `${workflow.id}/${node.id}`;
			ids[key] ??= randomUUID();
			return { ...node, webhookId: ids[key] };
		}),
	}));
	writeFileSync(idsFile, `${JSON.stringify(ids, null, '\t')}\n`);
	return result;
}

/** The example workflows as `npm start` imports them into the n8n installed at `n8nDir`, whose user folder is `userFolder`. */
function examplesWithWebhookIds(n8nDir, userFolder) {
	const workflows = readdirSync(EXAMPLES)
		.filter((file) => file.endsWith('.json'))
		.map((file) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')));
	return withWebhookIds(workflows, nodeDescriptions(n8nDir, ROOT), join(userFolder, IDS_FILE));
}

/** The webhook ids `examplesWithWebhookIds` gave in `userFolder`: workflow id/node id → webhookId. */
const exampleWebhookIds = (userFolder) =>
	JSON.parse(readFileSync(join(userFolder, IDS_FILE), 'utf8'));

module.exports = {
	exampleWebhookIds,
	examplesWithWebhookIds,
	hasWebhooks,
	nodeDescriptions,
	withWebhookIds,
};
