'use strict';
// The text/xml reproduction, with n8n's own nodes only: a fresh n8n without this
// package, one workflow with n8n's Webhook node (typeVersion 2, and one at typeVersion 1), and 40
// random-binary `text/xml` bodies posted 10 at a time to each. Counts the bodies left without an
// answer after 15 s. `node scripts/bench xml` (COINREMITTER_BENCH_N8N picks the n8n line), or
// `node scripts/bench/xml-repro.js [version]` alone.
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');
const { Agent, request } = require('undici');
const { freePorts, installN8n, N8nInstance, untilRegistered } = require('../n8n-runtime');

const BODIES = 40;
const AT_ONCE = 10;
const ANSWER_TIMEOUT_MS = 15_000;

const webhook = (id, path, typeVersion) => ({
	id,
	name: `xml repro webhook v${typeVersion}`,
	nodes: [
		{
			id: 'w',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion,
			webhookId: path,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, options: {} },
		},
	],
	connections: {},
	active: false,
	settings: {},
	pinData: {},
});

/** Random bytes as `text/xml`, AT_ONCE at a time: the answers by status, and how many never came. */
async function sendXml(url) {
	const http = new Agent({ connections: AT_ONCE });
	const statuses = {};
	let next = 0;
	try {
		await Promise.all(
			Array.from({ length: AT_ONCE }, async () => {
				while (next < BODIES) {
					next++;
					let status;
					try {
						const response = await request(url, {
							method: 'POST',
							body: randomBytes(2048),
							headers: { 'content-type': 'text/xml' },
							dispatcher: http,
							headersTimeout: ANSWER_TIMEOUT_MS,
							bodyTimeout: ANSWER_TIMEOUT_MS,
						});
						await response.body.text();
						status = String(response.statusCode);
					} catch {
						status = 'unanswered';
					}
					statuses[status] = (statuses[status] ?? 0) + 1;
				}
			}),
		);
	} finally {
		await http.destroy();
	}
	return statuses;
}

/**
 * The same outside n8n, in one process of 40 lines: n8n's own body parser as it ships
 * (middlewares/body-parser.js: ONE xml2js Parser, `async: true`, n8n's options, shared by every
 * request), from `n8nDir`'s node_modules, given the same bodies as 10 senders whose requests
 * arrive a few milliseconds apart. Counts the parses that never settled within 2 s, then whether a
 * valid `<a>1</a>` parsed after them settles. One at a time, the same bodies all settle.
 */
async function parserAlone(n8nDir) {
	const modules = join(n8nDir, 'node_modules');
	const { Parser } = require(join(modules, 'xml2js'));
	const { sanitizeXmlName } = require(join(modules, 'n8n-workflow'));
	const shared = new Parser({
		async: true,
		normalize: true,
		normalizeTags: true,
		explicitArray: false,
		tagNameProcessors: [sanitizeXmlName],
		attrNameProcessors: [sanitizeXmlName],
	});
	shared.setMaxListeners(0);
	const settled = (text) =>
		Promise.race([
			shared.parseStringPromise(text).then(
				() => 'parsed',
				() => 'error',
			),
			new Promise((resolve) => setTimeout(() => resolve('never settled'), 2000)),
		]);
	const tally = async (senders) => {
		const outcomes = {};
		let next = 0;
		await Promise.all(
			Array.from({ length: senders }, async () => {
				while (next < BODIES) {
					next++;
					await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
					const outcome = await settled(randomBytes(2048).toString('utf8'));
					outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
				}
			}),
		);
		return outcomes;
	};
	const oneAtATime = await tally(1);
	const atOnce = await tally(AT_ONCE);
	const valid = await settled('<a>1</a>');
	return { oneAtATime, atOnce, valid };
}

/** A fresh n8n of `version` with only n8n's Webhook node (v2 and v1); the answers to each. */
async function measureXmlRepro(version) {
	const n8n = await installN8n(version);
	const alone = await parserAlone(n8n.n8nDir);
	console.log(
		`xml. [n8n ${version}] n8n's shared xml2js parser alone, ${BODIES} random-binary bodies: one at a time ${JSON.stringify(alone.oneAtATime)}; ${AT_ONCE} senders, arrivals a few ms apart ${JSON.stringify(alone.atOnce)}; then a valid <a>1</a>: ${alone.valid}`,
	);
	const [port, brokerPort] = await freePorts(2);
	const instance = new N8nInstance({
		...n8n,
		port,
		brokerPort,
		label: 'xml-repro',
		extraEnv: { N8N_EXPRESSION_ENGINE: version.startsWith('1.') ? 'legacy' : 'vm' },
	});
	const results = {};
	try {
		const workflows = [
			webhook('crXmlReproV2wf01', 'xml-repro-v2', 2),
			webhook('crXmlReproV1wf01', 'xml-repro-v1', 1),
		];
		for (const workflow of workflows) await instance.importWorkflow(workflow);
		for (const workflow of workflows) await instance.activate(workflow.id);
		await instance.start();
		for (const [name, path] of [
			['Webhook node v2', 'xml-repro-v2'],
			['Webhook node v1', 'xml-repro-v1'],
		]) {
			const url = `${instance.baseUrl}/webhook/${path}`;
			await untilRegistered(url);
			results[name] = await sendXml(url);
			console.log(
				`xml. [n8n ${version}] ${BODIES} random-binary text/xml bodies, ${AT_ONCE} at a time, to ${name} (fresh n8n, n8n's nodes only): ${JSON.stringify(results[name])}`,
			);
		}
		return results;
	} finally {
		await instance.dispose();
	}
}

module.exports = { measureXmlRepro, parserAlone };

if (require.main === module) {
	measureXmlRepro(process.argv[2] ?? process.env.COINREMITTER_BENCH_N8N ?? '1.123.81').catch(
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
