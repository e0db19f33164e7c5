#!/usr/bin/env node
'use strict';
// End-to-end suite: the packed package installed into real n8n exactly as n8n installs community
// packages, driven by workflows against the gateway simulator over HTTP on 127.0.0.1, on each
// n8n version of scripts/n8n-runtime/versions.js. The checks are in test/e2e/checks/.
// The n8n lines run one after the other; COINREMITTER_E2E_AT_ONCE=1 runs them at once, a process
// each (about 5 minutes less on 2 cores, but there `n8n execute` of n8n 2.41 on Node 24 died by
// SIGSEGV in 2 of 4 runs, against none of the runs one after the other).
// COINREMITTER_E2E_N8N=<version> runs one n8n: one of those, or any other with a lockfile or an
// install (scripts/n8n-newest.js's candidates). COINREMITTER_E2E_SMOKE=1 runs only the group
// "actions through n8n execute" (a quick proof that a new n8n loads and runs the nodes).
// Prints one line per check and a final "N passed, N failed" line; exits non-zero on any failure.
const { startSimulator } = require('../../simulator/server');
const {
	attempt,
	check,
	finish,
	recordDuration,
	results,
	runLinesAtOnce,
	runSuite,
} = require('../report');
const { packPackage, prepareN8n, targets } = require('../../scripts/n8n-runtime');
const { actionWorkflows, checkActions, checkConcurrency } = require('./checks/actions');
const {
	checkAgentApproval,
	checkPayoutApprovals,
	prepareApprovals,
} = require('./checks/approvals');
const { checkBurst } = require('./checks/burst');
const { checkCatchUp } = require('./checks/catchup');
const {
	checkDuplicatesFlush,
	endSmallBounds,
	prepareDuplicatesFlush,
	startWithSmallBounds,
} = require('./checks/duplicatesFlush');
const { checkFlood } = require('./checks/flood');
const { checkAgent, checkExamples } = require('./checks/examples');
const { checkListed } = require('./checks/listing');
const {
	checkCredentialTests,
	checkPayoutRetry,
	checkProxyPayouts,
	prepareProxyPayouts,
	runFailingPayouts,
} = require('./checks/rest');
const { checkGuardrails, guardrailWorkflows } = require('./checks/guardrails');
const { checkCredentialHosts, checkNoCustomApiCall } = require('./checks/credentialHosts');
const { checkRaces, checkTwinsAfterRestart, prepareRaces } = require('./checks/races');
const { checkRefunds, prepareRefunds } = require('./checks/refunds');
const { checkWidgetOrders, prepareWidgetOrders } = require('./checks/widgetOrders');
const { checkMcp, MCP_WORKFLOW_ID, mcpWorkflow } = require('./checks/mcp');
const { checkRestartRedelivery } = require('./checks/restart');
const {
	checkSlackApprovals,
	prepareSlackApprovals,
	slackDoubleOptions,
} = require('./checks/slackApprovals');
const { startSlackDouble } = require('./slackDouble');
const { checkTrigger } = require('./checks/trigger');
const { payoutRetryWorkflow, suiteCredentials, triggerWorkflow } = require('./workflows');

/**
 * n8n 2.x runs under its default expression engine, `vm` (expressions in an isolated-vm isolate,
 * 3.0's default too); 1.x under the n8n runtime's `legacy`. COINREMITTER_EXPRESSION_ENGINE
 * overrides both.
 */
const expressionEngine = (version) =>
	process.env.COINREMITTER_EXPRESSION_ENGINE ?? (version.startsWith('1.') ? 'legacy' : 'vm');
const SMOKE = process.env.COINREMITTER_E2E_SMOKE === '1';
const BROWSER_BESIDE = process.env.COINREMITTER_BROWSER_BESIDE === '1';
const QUEUE_BESIDE = process.env.COINREMITTER_QUEUE_BESIDE === '1';

/**
 * Another suite's runner (test/<suite>/run.js) in a process of its own, with its own simulator and
 * n8n, beside this suite: this one waits mostly on n8n, so the two share CI's two cores. Its output
 * is kept and printed whole by report(); its totals, and its groups' times, count in this run's.
 */
function startSuiteBeside(label, suite, env, name = suite) {
	const began = Date.now();
	const lines = [];
	const script = require('node:path').join(__dirname, '..', suite, 'run.js');
	const ended = runSuite(script, env, (line) => lines.push(line)).then((totals) => ({
		...totals,
		seconds: (Date.now() - began) / 1000,
	}));
	return {
		ended,
		async report() {
			const { passed, failed, seconds } = await ended;
			console.log(`# ${label}: its output`);
			for (const line of lines) {
				console.log(line);
				const took = /^# took ([\d.]+) s: (.*)$/.exec(line);
				if (took) recordDuration(`${name}: ${took[2]}`, Number(took[1]));
			}
			results.passed += passed;
			results.failed += failed;
			console.log(`# took ${seconds.toFixed(1)} s: ${label}`);
		},
	};
}

/**
 * CI's suites beside the e2e lines. COINREMITTER_BROWSER_BESIDE=1: each line's browser suite on the
 * same n8n version, once the line's `n8n execute` checks are over (those, run beside another n8n,
 * now and then died by SIGSEGV on 2.41), printed at the end of the line. COINREMITTER_QUEUE_BESIDE=1:
 * the queue-mode suite, once the last line's browser suite has ended (or its `n8n execute` checks,
 * without one), printed at the end of the run. Never two browser suites at once (two editors on two
 * cores time out in the editor), nor the queue suite's ten n8n processes beside a browser suite.
 */
const beside = { queue: undefined };

function startBesides(target, isLast) {
	const browser = BROWSER_BESIDE
		? startSuiteBeside(
				`[browser, n8n ${target.version}] the browser suite, beside the e2e line`,
				'browser',
				{
					COINREMITTER_BROWSER_N8N: target.version,
				},
				`browser on n8n ${target.version}`,
			)
		: undefined;
	if (QUEUE_BESIDE && isLast) {
		const startQueue = () =>
			(beside.queue = startSuiteBeside(
				'[queue mode] the queue-mode suite, beside the e2e suite',
				'queue',
				{},
			));
		if (browser) void browser.ended.then(startQueue);
		else startQueue();
	}
	return browser;
}

async function checkTarget(target, tarball, sim, isLast) {
	const engine = expressionEngine(target.version);
	const tag = `[${target.label}${engine === 'legacy' ? '' : `, ${engine} expressions`}]`;
	sim.reset();
	// n8n 2.x's Slack answers say who clicked: its Slack nodes talk to a local double of slack.com.
	const interactiveSlack = !target.version.startsWith('1.') && !SMOKE;
	const slack = interactiveSlack ? await startSlackDouble(slackDoubleOptions) : undefined;
	const instance = await prepareN8n({
		...target,
		tarball,
		credentials: suiteCredentials(sim.url),
		extraEnv: { N8N_EXPRESSION_ENGINE: engine, ...slack?.env },
	});
	// Imports and activations made while n8n is stopped go in one CLI call, activated through REST.
	instance.holdImportsUntilStart();
	// The workflows the checks below run with `n8n execute`: imported together, before the first.
	await instance.importWorkflows([
		...actionWorkflows(),
		...(SMOKE ? [] : [...guardrailWorkflows(), payoutRetryWorkflow()]),
	]);
	let smtp; // the SMTP capture of the approval checks
	let browser; // the browser suite beside this line
	try {
		await attempt(`${tag} actions through n8n execute`, () => checkActions(instance, sim, tag));
		if (SMOKE) return;
		await attempt(`${tag} example workflows`, () => checkExamples(instance, sim, tag));
		await attempt(`${tag} guardrails`, () => checkGuardrails(instance, sim, tag));
		await attempt(`${tag} keys only to CoinRemitter`, () =>
			checkCredentialHosts(instance, sim, tag),
		);
		await runFailingPayouts(instance);
		await attempt(`${tag} AI agent example`, () => checkAgent(instance, sim, tag));
		await attempt(`${tag} items in flight together`, () => checkConcurrency(instance, sim, tag));
		browser = startBesides(target, isLast);

		await instance.importWorkflow(triggerWorkflow(sim.url));
		await instance.activate('crE2eTrigger0001');
		await instance.importWorkflow(mcpWorkflow());
		await instance.activate(MCP_WORKFLOW_ID);
		await prepareProxyPayouts(instance);
		await prepareRaces(instance);
		await prepareWidgetOrders(instance, sim.url);
		await prepareDuplicatesFlush(instance, sim.url);
		smtp = await prepareApprovals(instance);
		if (slack) await prepareSlackApprovals(instance);
		await prepareRefunds(instance);
		startWithSmallBounds(instance);
		await instance.start();
		await checkListed(instance, tag);
		await checkNoCustomApiCall(instance, tag);
		// n8n starts with the delivery memory's bounds small for this check; the MCP check's restart,
		// right after it, ends them (or endSmallBounds, where that check was not run).
		await attempt(`${tag} Skip Duplicates under a flood of forged widget orders`, () =>
			checkDuplicatesFlush(instance, sim, tag),
		);
		await attempt(`${tag} MCP server with CoinRemitter tools (guardrails)`, () =>
			checkMcp(instance, sim, tag),
		);
		await endSmallBounds(instance);
		sim.sink.length = 0;
		await attempt(`${tag} trigger in an active workflow`, () => checkTrigger(instance, sim, tag));
		await attempt(`${tag} widget orders and reserved names`, () =>
			checkWidgetOrders(instance, sim, tag),
		);
		await attempt(`${tag} credential tests in the n8n API`, () =>
			checkCredentialTests(instance, sim, tag),
		);
		await attempt(`${tag} payout retry`, () => checkPayoutRetry(instance, sim, tag));
		await attempt(`${tag} payout through a proxy`, () => checkProxyPayouts(instance, sim, tag));
		await attempt(`${tag} payouts raced over webhooks`, () => checkRaces(instance, sim, tag));
		await attempt(`${tag} a burst of callbacks while the limit binds`, () =>
			checkBurst(instance, sim, tag),
		);
		await attempt(`${tag} a flood of forged callbacks on a known address`, () =>
			checkFlood(instance, sim, tag),
		);
		await attempt(`${tag} catch-up example`, () => checkCatchUp(instance, sim, tag));
		await attempt(`${tag} a person approves payouts above an amount`, () =>
			checkPayoutApprovals(instance, sim, tag, smtp),
		);
		// n8n was restarted by the approval check (its time-out case).
		await attempt(`${tag} one wallet, two workflows, after a restart`, () =>
			checkTwinsAfterRestart(instance, sim, tag),
		);
		if (!target.version.startsWith('1.'))
			await attempt(`${tag} a person approves an agent's withdrawal`, () =>
				checkAgentApproval(instance, sim, tag, smtp),
			);
		if (slack)
			await attempt(`${tag} a named person approves on Slack`, () =>
				checkSlackApprovals(instance, sim, slack, tag),
			);
		await attempt(`${tag} refunds of invoices`, () => checkRefunds(instance, sim, tag));
		await attempt(`${tag} restart and redelivery`, () =>
			checkRestartRedelivery(instance, sim, tag),
		);
	} finally {
		const { calls, ms } = instance.cliStats;
		console.log(`# ${tag} n8n CLI: ${calls} calls, ${(ms / 1000).toFixed(0)} s`);
		await smtp?.stop();
		await slack?.stop();
		await instance.dispose({ showLog: results.failed > 0 });
		await browser?.report();
	}
}

(async () => {
	if (!process.env.COINREMITTER_E2E_N8N && process.env.COINREMITTER_E2E_AT_ONCE === '1') {
		const versions = (await targets()).map((target) => target.version);
		if (versions.length > 1)
			return await runLinesAtOnce(__filename, 'COINREMITTER_E2E_N8N', versions);
	}
	const sim = await startSimulator({ rateLimit: 1000 });
	try {
		const tarball = await packPackage();
		const available = await targets({ only: process.env.COINREMITTER_E2E_N8N || undefined });
		if (available.length === 0)
			check('an n8n to test against is installed', false, 'run scripts/install-n8n.sh first');
		for (const [index, target] of available.entries()) {
			const isLast = index === available.length - 1;
			await attempt(
				`[${target.label}] end-to-end`,
				() => checkTarget(target, tarball, sim, isLast),
				{ always: true },
			);
		}
	} finally {
		await sim.stop();
	}
	if (QUEUE_BESIDE && !beside.queue)
		check(
			'the queue-mode suite ran beside the e2e suite',
			false,
			'the last e2e line ended before it started',
		);
	await beside.queue?.report();
	finish();
})();
