'use strict';
// What n8n lists once started: the package's nodes, codex files and credentials.
const { check } = require('../../report');

/** n8n lists both nodes (with their codex files) and both credentials in the type files of a started n8n. */
async function checkListed(instance, tag) {
	const nodes = await instance.types('nodes.json');
	const credentials = await instance.types('credentials.json');
	const nodeNames = nodes.map((n) => n.name);
	check(
		`${tag} n8n lists both nodes`,
		nodeNames.includes('n8n-nodes-coinremitter.coinRemitter') &&
			nodeNames.includes('n8n-nodes-coinremitter.coinRemitterTrigger'),
	);
	const codex = (name) => nodes.find((n) => n.name === `n8n-nodes-coinremitter.${name}`)?.codex;
	check(
		`${tag} n8n reads both codex files (node creator category Finance & Accounting, documentation links)`,
		['coinRemitter', 'coinRemitterTrigger'].every(
			(name) =>
				codex(name)?.categories?.includes('Finance & Accounting') &&
				codex(name)?.resources?.primaryDocumentation?.length > 0,
		),
		JSON.stringify([codex('coinRemitter'), codex('coinRemitterTrigger')]),
	);
	check(
		`${tag} n8n lists both credentials`,
		['coinRemitterApi', 'coinRemitterLegacyApi'].every((name) =>
			credentials.some((c) => c.name === name),
		),
	);
}

module.exports = { checkListed };
