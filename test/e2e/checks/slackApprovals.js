'use strict';
// A named person approves on Slack, end to end in real n8n 2.x, driven exactly as Slack drives it:
// the Slack nodes' Web API calls go to a local double of slack.com (test/e2e/slackDouble.js, n8n's
// HTTPS proxy), and each click is a Slack-signed block_actions interaction posted to n8n's
// waiting-webhook route for Slack. The shipped examples run with a webhook in place of the manual
// trigger and the Slack credential set, and the options a merchant turns on:
//   examples/payouts-with-approval.json: Capture Who Responded on "Ask on Slack" (Slack's own
//   Restrict Who Can Approve off), Approvers "U0ANA" on "Pay or ask a person". The listed approver
//   approves (sent once, the record and the message name her); an unlisted person approves and a
//   link-less click of the wrong person declines; a decline; Approve and Decline at once (one
//   decision); a row carrying `data.approved` and `data.responder` times out; a restart while a
//   row waits, then the click (sent once).
//   examples/payouts-two-people.json: the same person twice (nothing), two different people (once).
// n8n 1.x has no interactive Slack answer (every app's answer is a link: test/e2e/checks/approvals.js).
const { check } = require('../../report');
const { sleep, waitFor } = require('../../../scripts/n8n-runtime');
const {
	allowedPayees,
	example,
	firstJson,
	post,
	runDataOf,
	sendsSince,
	snapshot,
	stoppable,
	subExecutionsOf,
	waitForStatus,
	withWebhook,
} = require('./approvals');

const ONE_ID = 'crE2eSlackOne001';
const ONE_PATH = 'e2e-slack-approvals';
const TWO_ID = 'crE2eSlackTwo001';
const TWO_PATH = 'e2e-slack-two-people';
const SLACK = { id: 'crE2eSlackDouble', name: 'Slack (double, e2e)' };
const SIGNING_SECRET = 'e2e-slack-signing-secret';
const ANA = { id: 'U0ANA', name: 'ana', username: 'ana' };
const BEN = { id: 'U0BEN', name: 'ben', username: 'ben' };
const USERS = { U0ANA: { name: 'ana', email: 'ana@example.com' }, U0BEN: { name: 'ben' } };
const TIMEOUT_MINUTES = 0.05; // 3 seconds: n8n resumes it at its next look for due waits, or at start
const WAIT_MINUTES = 30;

/** The shipped example with a webhook start, the rows from its body, and the Slack double's credential. */
function variant(file, id, path, { approvers = '', captureOn = [] } = {}) {
	const shipped = example(file);
	const limit = `={{ $json.payoutKey.endsWith('late') ? ${TIMEOUT_MINUTES} : ${WAIT_MINUTES} }}`;
	const nodes = withWebhook(shipped, 'Start payouts', path).map((node) => {
		if (node.name === 'Payout list')
			return {
				...node,
				parameters: {
					jsCode: "return $('Start payouts').first().json.body.rows.map((json) => ({ json }));",
				},
			};
		if (node.name === 'Pay or ask a person')
			return { ...node, parameters: { ...node.parameters, approvers } };
		if (node.type !== 'n8n-nodes-base.slack') return node;
		const parameters = { ...node.parameters };
		if (captureOn.includes(node.name)) {
			parameters.captureResponder = true;
			parameters.options = {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: limit, resumeUnit: 'minutes' },
				},
			};
		}
		return { ...node, typeVersion: 2.3, parameters, credentials: { slackApi: SLACK } };
	});
	return { ...shipped, id, name: `E2E ${shipped.name} (Slack)`, nodes };
}

/** Before n8n starts: the Slack double's credential and both workflows imported and active. */
async function prepareSlackApprovals(instance) {
	await instance.importCredentials([
		{
			...SLACK,
			type: 'slackApi',
			data: { accessToken: 'xoxb-e2e-double', signatureSecret: SIGNING_SECRET },
		},
	]);
	await instance.importWorkflow(
		variant('payouts-with-approval.json', ONE_ID, ONE_PATH, {
			approvers: 'U0ANA',
			captureOn: ['Ask on Slack'],
		}),
	);
	await instance.activate(ONE_ID);
	await instance.importWorkflow(
		variant('payouts-two-people.json', TWO_ID, TWO_PATH, {
			captureOn: ['Ask on Slack', 'Ask a second person'],
		}),
	);
	await instance.activate(TWO_ID);
}

/** Slack double options for this check: its signing secret and the users n8n looks up. */
const slackDoubleOptions = { signingSecret: SIGNING_SECRET, users: USERS };

const isAsk = (call) => /Approve sends exactly this, once/.test(JSON.stringify(call.body));
const mentions = (call, key) => JSON.stringify(call.body).includes(`\\"${key}\\"`);

/** The message n8n posted asking about `key` (the `nth` one: a second person's is the second). */
async function askFor(slack, key, nth = 1) {
	let found;
	const arrived = await waitFor(
		() =>
			(found = slack
				.apiCalls('chat.postMessage')
				.filter((call) => isAsk(call) && mentions(call, key))[nth - 1]),
		60000,
	);
	if (!arrived) throw new Error(`no Slack message asking about ${key} (#${nth})`);
	return found;
}

/** What n8n posted to tell the person about `key`. */
const toldAbout = (slack, key) =>
	slack
		.apiCalls('chat.postMessage')
		.filter((call) => !isAsk(call) && mentions(call, key))
		.map((call) => String(call.body.text ?? ''));

/** A person's click on the message `posted`, retried while n8n answers 404 (just after a start). */
async function click(slack, instance, posted, user, decision = 'approve') {
	let answer;
	await waitFor(
		async () =>
			(answer = await slack.click({ url: instance.baseUrl, posted, user, decision })).status !==
			404,
		30000,
	);
	return answer;
}

/** What each row's last Send Approved said, by Payout Key: outcome and who answered. */
async function outcomesOf(instance, workflowId, nodes) {
	const outcomes = {};
	for (const execution of await subExecutionsOf(instance, workflowId)) {
		const runData = await runDataOf(instance, execution.id);
		for (const name of nodes) {
			const result = firstJson(runData, name);
			if (result) outcomes[result.payoutKey] = result;
		}
	}
	return outcomes;
}

const brief = (result) =>
	result && `${result.outcome}:${result.answeredBy?.id ?? '-'}:${result.approvals?.length ?? 0}`;

async function checkSlackApprovals(instance, sim, slack, tag) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const [a1, a2, a3] = allowedPayees();
	const rows = [
		{ payoutId: 'sl-ana', address: a1, amount: '2' },
		{ payoutId: 'sl-ben', address: a2, amount: '2' },
		{ payoutId: 'sl-no', address: a3, amount: '2' },
		{ payoutId: 'sl-race', address: a1, amount: '1.5' },
		{
			payoutId: 'sl-late',
			address: a2,
			amount: '1.25',
			data: { approved: true, responder: { id: 'U0ANA', source: 'slack' } },
		},
		{ payoutId: 'sl-restart', address: a3, amount: '1.1' },
	];
	const twoRows = [
		{ payoutId: 'sl-two-same', address: a1, amount: '3' },
		{ payoutId: 'sl-two-diff', address: a2, amount: '3' },
	];
	const before = snapshot(sim);
	const began = Date.now();
	await post(instance, ONE_PATH, { rows });
	await post(instance, TWO_PATH, { rows: twoRows });
	const asks = {};
	for (const { payoutId } of [...rows, ...twoRows]) asks[payoutId] = await askFor(slack, payoutId);
	await waitForStatus(instance, ONE_ID, 'waiting', rows.length);
	await waitForStatus(instance, TWO_ID, 'waiting', twoRows.length);

	const clicks = {
		ana: await click(slack, instance, asks['sl-ana'], ANA),
		ben: await click(slack, instance, asks['sl-ben'], BEN),
		no: await click(slack, instance, asks['sl-no'], ANA, 'decline'),
		race: await Promise.all([
			click(slack, instance, asks['sl-race'], ANA),
			click(slack, instance, asks['sl-race'], ANA, 'decline'),
		]),
		sameFirst: await click(slack, instance, asks['sl-two-same'], ANA),
		diffFirst: await click(slack, instance, asks['sl-two-diff'], ANA),
	};
	clicks.sameSecond = await click(slack, instance, await askFor(slack, 'sl-two-same', 2), ANA);
	clicks.diffSecond = await click(slack, instance, await askFor(slack, 'sl-two-diff', 2), BEN);
	await waitForStatus(instance, ONE_ID, 'success', 4);
	await waitForStatus(instance, TWO_ID, 'success', 2);
	await sleep(1500); // for anything a second resumption might start

	const one = await outcomesOf(instance, ONE_ID, ['Send approved payout']);
	const two = await outcomesOf(instance, TWO_ID, [
		'Send approved payout',
		'Send with the second approval',
	]);
	const sent = sendsSince(sim, before);
	const raceSent = sent.filter((line) => line === `1.5→${a1}`).length;
	check(
		`${tag} Slack approvals: the listed approver's click (Capture Who Responded) sends once, and the outcome and the message name her; an unlisted person's click, a decline, and the same person twice send nothing; two different people send once, both kept; Approve and Decline at once make one decision`,
		sent.filter((line) => line === `2→${a1}`).length === 1 &&
			!sent.includes(`2→${a2}`) &&
			!sent.includes(`2→${a3}`) &&
			raceSent <= 1 &&
			sent.filter((line) => line === `3→${a2}`).length === 1 &&
			sent.filter((line) => line === `3→${a1}`).length === 0 &&
			one['sl-ana']?.answeredBy?.id === 'U0ANA' &&
			one['sl-ana']?.answeredBy?.email === 'ana@example.com' &&
			one['sl-ana']?.decision?.answers?.[0]?.by?.id === 'U0ANA' &&
			toldAbout(slack, 'sl-ana').some((text) =>
				/: sent\. Approved by ana \(U0ANA\) at /.test(text),
			) &&
			one['sl-ben']?.outcome === 'notAnApprover' &&
			toldAbout(slack, 'sl-ben').some((text) =>
				text.includes('U0BEN is not on the Approvers list'),
			) &&
			one['sl-no']?.outcome === 'declined' &&
			(raceSent === 1
				? toldAbout(slack, 'sl-race').some((text) => text.includes(': sent.'))
				: toldAbout(slack, 'sl-race').every((text) => !text.includes(': sent.'))) &&
			two['sl-two-same']?.outcome === 'samePersonTwice' &&
			two['sl-two-diff']?.outcome === 'sent' &&
			two['sl-two-diff']?.approvals?.map((approval) => approval.by.id).join() === 'U0ANA,U0BEN' &&
			toldAbout(slack, 'sl-two-diff').some((text) =>
				/Approved by ana \(U0ANA\) at .* and ben \(U0BEN\) at /.test(text),
			),
		JSON.stringify({
			sent,
			one: Object.fromEntries(Object.entries(one).map(([key, result]) => [key, brief(result)])),
			two: Object.fromEntries(Object.entries(two).map(([key, result]) => [key, brief(result)])),
			clicks,
		}).slice(0, 2000),
	);

	// A restart while sl-restart waits (sl-late's 3 s are long over: n8n resumes it at start).
	await waitFor(() => stoppable(instance, [ONE_ID, TWO_ID]), 75000);
	await instance.stop();
	await instance.start();
	const afterRestart = snapshot(sim);
	const restartClick = await click(slack, instance, asks['sl-restart'], ANA);
	await waitForStatus(instance, ONE_ID, 'success', rows.length);
	await sleep(1500);
	const after = await outcomesOf(instance, ONE_ID, ['Send approved payout']);
	const sentAfter = sendsSince(sim, afterRestart);
	check(
		`${tag} Slack approvals: after a restart while a payout waits, the approver's click sends it once; a row carrying data.approved and data.responder that times out sends nothing`,
		JSON.stringify(sentAfter) === JSON.stringify([`1.1→${a3}`]) &&
			after['sl-restart']?.outcome === 'sent' &&
			after['sl-late']?.outcome === 'timedOut' &&
			!sendsSince(sim, before).includes(`1.25→${a2}`),
		JSON.stringify({
			sentAfter,
			restart: brief(after['sl-restart']),
			late: brief(after['sl-late']),
			restartClick,
			seconds: Math.round((Date.now() - began) / 1000),
			refused: slack.refused,
		}).slice(0, 1500),
	);
}

module.exports = { checkSlackApprovals, prepareSlackApprovals, slackDoubleOptions };
