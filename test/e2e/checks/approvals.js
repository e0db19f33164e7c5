'use strict';
// A person in the loop, end to end in real n8n. The shipped examples ask on Slack; here their Slack
// nodes are swapped for n8n's Send Email with the same Send and Wait for Response operation, as a
// merchant following the example's note would (renamed, the message `{{ $json.message }}`, nothing
// else changed), whose SMTP credential points at a capture server (test/helpers/smtpCapture.js):
// n8n's own send-and-wait sends the mail, waits, and resumes when a check opens the mail's approve
// or disapprove link as a browser would. Besides that, a webhook in place of the manual trigger
// (its body gives the payout rows) and a shorter Limit Wait Time, the example runs as shipped.
// Withdrawals are counted at the simulator.
//   examples/payouts-with-approval.json (1.x and 2.x): rows within "Pay or ask a person"'s
//   no-person limits are paid at once; every other row asks a person, who sees the node's message
//   (the amount, the wallet's coin, the address and the Payout Key) and is told the outcome. One row
//   is approved (its link opened twice at once), one declined, one declined and approved at the
//   same moment, one that carries its own approval fields is left until Limit Wait Time ends, and
//   one is edited (a new run with a smaller amount) while it waits, then approved after an n8n
//   restart. A copy of the workflow, imported beside it, is then given keys the original paid.
//   examples/ai-agent-approval.json (2.x: n8n's human review of tool calls): the scripted model
//   proposes a withdrawal; a person declines it (the model is told), approves it (its link opened
//   twice at once), then lets it time out (n8n's next look for due waits resumes it).
// n8n resumes a wait whose time is up only when it looks for such executions: at start-up and
// then once a minute (WaitTracker). The time-out row's limit (30 s) ends about when n8n is
// restarted; n8n is stopped while no run is under way nor due.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { check } = require('../../report');
const { EXAMPLES, sleep, waitFor, untilRegistered } = require('../../../scripts/n8n-runtime');
const { ALLOWED_ADDRESS } = require('../../../simulator/openai');
const { startSmtpCapture } = require('../../helpers/smtpCapture');

const PAYOUTS_ID = 'crE2eApprovals01';
const PAYOUTS_PATH = 'e2e-approvals';
const COPY_ID = 'crE2eApprovals02';
const COPY_PATH = 'e2e-approvals-copy';
const AGENT_ID = 'crE2eAgentHitl01';
const AGENT_PATH = 'e2e-agent-approval';
const SMTP = { id: 'crE2eSmtpCapture', name: 'SMTP capture (e2e)' };
// As a person's browser: n8n ignores approval links opened by bots and link previews.
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
// n8n 2.x stops its Code runner before it lets a running execution finish: n8n is stopped only
// while no run is under way nor due within this time.
const STOP_MARGIN_MS = 10000;
const TIMEOUT_MINUTES = 0.05; // 3 seconds
// n8n looks for due waits once a minute (WaitTracker): the time-out's answer comes within that.
const TIMED_OUT_ANSWER_MS = 90000;
// The payouts time-out row's: it ends after the check's steps before n8n's restart, on a quiet machine.
const ROW_TIMEOUT_MINUTES = 0.5;
const WAIT_MINUTES = 30;
// How long an agent run is given to end after the model's answer.
const END_MS = 30000;

const secondsSince = (time) => Math.round((Date.now() - time) / 1000);
const example = (file) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));
/** The payees payouts-with-approval's "Send approved payout" allows, as shipped: the checks pay only these. */
const allowedPayees = () =>
	example('payouts-with-approval.json')
		.nodes.find((node) => node.name === 'Send approved payout')
		.parameters.guardrails.allowedAddresses.split('\n');
const isMajor2 = (instance) => !instance.n8nDir.includes('n8n-1.');

/** The agent's request (a Set node) with ` [run]` after it, `run` from the webhook body. */
function withRunTag(node) {
	const [request] = node.parameters.assignments.assignments;
	const value = `=${request.value} [{{ $('Start').first().json.body.run }}]`;
	return {
		...node,
		parameters: {
			...node.parameters,
			assignments: { assignments: [{ ...request, value }] },
		},
	};
}

/** The example with `name` (a Manual Trigger) swapped for a Webhook at `path` of the same name. */
function withWebhook(workflow, name, path) {
	return workflow.nodes.map((node) =>
		node.name === name
			? {
					id: node.id,
					name,
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: node.position,
					webhookId: path,
					parameters: { httpMethod: 'POST', path, options: {} },
				}
			: node,
	);
}

const MAIL = { fromEmail: 'n8n@example.com', toEmail: 'approver@example.com' };

/** Send Email's send-and-wait parameters for a Slack send-and-wait node's message and options. */
const emailParameters = (slack, subject, options) => ({
	...MAIL,
	subject,
	message: slack.parameters.message,
	approvalOptions: slack.parameters.approvalOptions,
	options,
});

/** n8n's Send Email node (`type`) in place of the Slack node `slack`, sending to the SMTP capture. */
const asEmail = (slack, parameters, type = 'n8n-nodes-base.emailSend') => ({
	id: slack.id,
	name: slack.name,
	type,
	typeVersion: 2.1,
	position: slack.position,
	parameters,
	credentials: { smtp: SMTP },
});

/** `node` put in place of the node named `name`, links to and from it following its new name. */
function swapped(workflow, name, node) {
	const rename = (target) => (target === name ? node.name : target);
	const connections = Object.fromEntries(
		Object.entries(workflow.connections).map(([from, outputs]) => [
			rename(from),
			{
				main: outputs.main.map((links) =>
					links.map((link) => ({ ...link, node: rename(link.node) })),
				),
			},
		]),
	);
	return {
		...workflow,
		nodes: workflow.nodes.map((candidate) => (candidate.name === name ? node : candidate)),
		connections,
	};
}

/**
 * examples/payouts-with-approval.json as the check runs it: started by a webhook whose body holds
 * the rows, "Ask on Slack" swapped for "Ask by email" (Send Email, Send and Wait, its Limit Wait Time
 * short for the row whose Payout Key ends in "timeout") and "Tell the person" for "Tell by email".
 */
function payoutsVariant(id = PAYOUTS_ID, path = PAYOUTS_PATH) {
	const shipped = example('payouts-with-approval.json');
	let workflow = {
		...shipped,
		nodes: withWebhook(shipped, 'Start payouts', path).map((node) =>
			node.name === 'Payout list'
				? {
						...node,
						parameters: {
							jsCode: "return $('Start payouts').first().json.body.rows.map((json) => ({ json }));",
						},
					}
				: node,
		),
	};
	const byName = (name) => shipped.nodes.find((node) => node.name === name);
	const ask = byName('Ask on Slack');
	const limit = `={{ $json.payoutKey.endsWith('timeout') ? ${ROW_TIMEOUT_MINUTES} : ${WAIT_MINUTES} }}`;
	workflow = swapped(workflow, ask.name, {
		...asEmail(ask, {
			operation: 'sendAndWait',
			...emailParameters(ask, '=Approve payout {{ $json.payoutKey }}?', {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: limit, resumeUnit: 'minutes' },
				},
			}),
		}),
		name: 'Ask by email',
	});
	const tell = byName('Tell the person');
	workflow = swapped(workflow, tell.name, {
		...asEmail(tell, {
			...MAIL,
			subject: '=Outcome of payout {{ $json.payoutKey }}',
			emailFormat: 'text',
			text: tell.parameters.text,
			options: {},
		}),
		name: 'Tell by email',
	});
	return { ...workflow, id, name: `E2E payouts with approval ${id}` };
}

/**
 * examples/ai-agent-approval.json with a webhook and Send Email's human review in place of
 * Slack's, its Limit Wait Time the webhook body's `limitMinutes`, and the body's `run` after its
 * request: on a time-out n8n tells the model the request as the reviewer's feedback, so that
 * feedback names its run.
 */
function agentVariant() {
	const shipped = example('ai-agent-approval.json');
	const nodes = withWebhook(shipped, 'Start', AGENT_PATH).map((node) =>
		node.name === 'Request'
			? withRunTag(node)
			: node.type === 'n8n-nodes-base.slackHitlTool'
				? asEmail(
						node,
						emailParameters(node, 'Approve a withdrawal by the payments agent?', {
							limitWaitTime: {
								values: {
									limitType: 'afterTimeInterval',
									resumeAmount: `={{ $('Start').first().json.body.limitMinutes || ${WAIT_MINUTES} }}`,
									resumeUnit: 'minutes',
								},
							},
						}),
						'n8n-nodes-base.emailSendHitlTool',
					)
				: node,
	);
	return { ...shipped, id: AGENT_ID, name: 'E2E agent with approval', nodes };
}

/** Before n8n starts: the SMTP capture, its credential, and the two workflows imported and active. */
async function prepareApprovals(instance) {
	const smtp = await startSmtpCapture();
	await instance.importCredentials([
		{
			...SMTP,
			type: 'smtp',
			data: {
				user: '',
				password: '',
				host: '127.0.0.1',
				port: smtp.port,
				secure: false,
				disableStartTls: true,
			},
		},
	]);
	await instance.importWorkflow(payoutsVariant());
	await instance.activate(PAYOUTS_ID);
	// The same workflow imported a second time, as a merchant trying a change would.
	await instance.importWorkflow(payoutsVariant(COPY_ID, COPY_PATH));
	await instance.activate(COPY_ID);
	if (isMajor2(instance)) {
		await instance.importWorkflow(agentVariant());
		await instance.activate(AGENT_ID);
	}
	return smtp;
}

/** Opens a link as a person's browser would; resolves to its status and page. */
async function open(url) {
	const response = await fetch(url, { headers: { 'user-agent': BROWSER } });
	return { status: response.status, page: await response.text() };
}

/** An answer to a link, in short: its status and the page's title or text. */
const answerLine = ({ status, page }) =>
	`${status} ${(/<title>([^<]*)<\/title>/i.exec(page)?.[1] ?? page).replace(/\s+/g, ' ').slice(0, 80)}`;

/** The link of a mail whose query says approved=<approved>. */
const linkOf = (mail, approved) =>
	mail.links.find((link) => new URL(link).searchParams.get('approved') === String(approved));

/** An execution as n8n lists it, and its result data parsed with the flatted of this n8n (its own encoding of it). */
async function executionOf(instance, id) {
	const { parse } = require(join(instance.n8nDir, 'node_modules', 'flatted'));
	const { data } = await instance.rest('GET', `/executions/${id}`);
	return { execution: data, resultData: parse(data.data).resultData };
}

const runDataOf = async (instance, id) => (await executionOf(instance, id)).resultData.runData;

const firstJson = (runData, node) => runData[node]?.[0]?.data?.main?.[0]?.[0]?.json;

/** What "Send approved payout" output in the execution that asked about payout `payoutKey`. */
async function rowOutcome(instance, executions, payoutKey) {
	for (const execution of executions) {
		const result = firstJson(await runDataOf(instance, execution.id), 'Send approved payout');
		if (result?.payoutKey === payoutKey) return { execution: execution.id, result };
	}
	return { execution: undefined };
}

/** Withdrawals the simulator carried out since `since` (its transaction ids before), as amount→address. */
function sendsSince(sim, since) {
	return [...sim.state.transactions.values()]
		.filter((tx) => tx.type === 'send' && !since.has(tx.id))
		.map((tx) => `${(Number(tx.amount) / 1e8).toString()}→${tx.address}`);
}

const snapshot = (sim) => new Set(sim.state.transactions.keys());

async function post(instance, path, body) {
	const url = `${instance.baseUrl}/webhook/${path}`;
	await untilRegistered(url);
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function mailFor(smtp, pattern, label) {
	let found;
	const arrived = await waitFor(
		() => (found = smtp.mails.find((mail) => pattern.test(`${mail.subject}\n${mail.body}`))),
		60000,
	);
	if (!arrived)
		throw new Error(`no mail for ${label}: ${smtp.mails.map((mail) => mail.subject).join(' | ')}`);
	return found;
}

const askMail = (smtp, id) =>
	mailFor(smtp, new RegExp(`^Approve payout ${id}\\?`), `asking about ${id}`);
const outcomeMail = (smtp, id) =>
	mailFor(smtp, new RegExp(`^Outcome of payout ${id}\\b`), `the outcome of ${id}`);
const plain = (body) =>
	body
		.replace(/<[^>]+>/g, ' ')
		.replace(/&quot;/g, '"')
		.replace(/\s+/g, ' ');

/** The ask mail names exactly what is sent: the amount, the wallet's coin, the address, the Payout Key. */
const showsPayout = (mail, row) =>
	plain(mail.body).includes(`Send ${row.amount} TCN to ${row.address} from the wallet`) &&
	plain(mail.body).includes(`Payout Key "${row.payoutId}"`);

/** The sub-executions of a workflow (one per payout a person decides), with their status. */
const subExecutionsOf = async (instance, workflowId) =>
	(await instance.executionsOf(workflowId)).filter((execution) => execution.mode !== 'webhook');

/** No execution of the workflows under way, nor due to resume within STOP_MARGIN_MS. */
async function stoppable(instance, workflowIds) {
	for (const workflowId of workflowIds)
		for (const execution of await instance.executionsOf(workflowId)) {
			if (['new', 'running'].includes(execution.status)) return false;
			if (execution.status !== 'waiting') continue;
			const { data } = await instance.rest('GET', `/executions/${execution.id}`);
			if (new Date(data.waitTill).getTime() - Date.now() < STOP_MARGIN_MS) return false;
		}
	return true;
}

async function waitForStatus(instance, workflowId, status, count) {
	return await waitFor(
		async () =>
			(await subExecutionsOf(instance, workflowId)).filter(
				(execution) => execution.status === status,
			).length >= count,
		60000,
	);
}

/** The webhook execution of a workflow started after `earlier` (ids), once its run data is saved. */
async function webhookRun(instance, workflowId, earlier) {
	let found;
	await waitFor(async () => {
		found = (await instance.executionsOf(workflowId)).find(
			(execution) =>
				execution.mode === 'webhook' &&
				!earlier.has(execution.id) &&
				!['new', 'running', 'waiting'].includes(execution.status),
		);
		return found !== undefined;
	}, 30000);
	let runData = {};
	// n8n 2.x can list the execution as finished a moment before its run data is saved.
	await waitFor(
		async () =>
			'Pay or ask a person' in (runData = await runDataOf(instance, found.id).catch(() => ({}))),
		15000,
	);
	return runData['Pay or ask a person']?.[0]?.data?.main ?? [];
}

const executionIds = async (instance, workflowId) =>
	new Set((await instance.executionsOf(workflowId)).map((execution) => execution.id));

/** Posts `rows` to the workflow at `path` and resolves to what "Pay or ask a person" output. */
async function postRows(instance, workflowId, path, rows) {
	const earlier = await executionIds(instance, workflowId);
	await post(instance, path, { rows });
	return await webhookRun(instance, workflowId, earlier);
}

/** Every outcome message the person got about payout `id`. */
const toldAbout = (smtp, id) =>
	smtp.mails
		.filter((mail) => mail.subject.startsWith(`Outcome of payout ${id}`))
		.map((mail) => plain(mail.body));

/** True when exactly one of `texts` says `sentText`, and any other says it was already sent. */
const sentOnce = (texts, sentText) =>
	texts.filter((text) => sentText.test(text)).length === 1 &&
	texts.every((text) => sentText.test(text) || /: not sent now: it was already sent/.test(text));

/** "…: sent. Approved by whoever opened the link at <time>. CoinRemitter transaction id <id>". */
const sentByLink = (prefix, id = '') =>
	new RegExp(
		`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: sent\\. Approved by whoever opened the link at \\S+\\. CoinRemitter transaction id ${id}`,
	);

async function checkPayoutApprovals(instance, sim, tag, smtp) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const [a1, a2, a3] = allowedPayees();
	// "Pay or ask a person": with no person at most 1 a payout, 2 an execution, 3 a day. 1 and 0.9
	// fit; the next 0.9 does not.
	const rows = [
		{ payoutId: 'e2e-small', address: a1, amount: '1' },
		{ payoutId: 'e2e-split-a', address: a2, amount: '0.9' },
		{ payoutId: 'e2e-split-b', address: a3, amount: '0.9' },
		{ payoutId: 'e2e-approve', address: a2, amount: '1.5' },
		{ payoutId: 'e2e-deny', address: a3, amount: '2' },
		// A row that carries its own approval, as an API or a form could send it.
		{
			payoutId: 'e2e-timeout',
			address: a1,
			amount: '1.25',
			approved: true,
			data: { approved: true },
			decision: 'send',
		},
		{ payoutId: 'e2e-restart', address: a3, amount: '1.1' },
	];
	const asked = ['e2e-split-b', 'e2e-approve', 'e2e-deny', 'e2e-timeout', 'e2e-restart'];
	const before = snapshot(sim);
	const started = Date.now();
	smtp.mails.length = 0;
	await post(instance, PAYOUTS_PATH, { rows });
	const mails = {};
	for (const id of asked) mails[id] = await askMail(smtp, id);
	await waitFor(() => sendsSince(sim, before).length >= 2, 30000);
	// A link opened before n8n has saved its execution as waiting is answered 409 (running).
	await waitForStatus(instance, PAYOUTS_ID, 'waiting', asked.length);
	check(
		`${tag} approvals: rows within the no-person limits are paid at once (1, then 0.9 of a split: 2 an execution); every other row, a split row past the execution's total included, gets one message that shows the amount, the wallet's coin, the address and the Payout Key, and nothing else is sent yet`,
		JSON.stringify(sendsSince(sim, before).sort()) === JSON.stringify([`0.9→${a2}`, `1→${a1}`]) &&
			smtp.mails.length === asked.length &&
			asked.every(
				(id) =>
					linkOf(mails[id], true) &&
					linkOf(mails[id], false) &&
					showsPayout(
						mails[id],
						rows.find((row) => row.payoutId === id),
					),
			),
		JSON.stringify({
			sent: sendsSince(sim, before),
			mails: smtp.mails.map((mail) => [mail.subject, plain(mail.body).slice(0, 300)]),
		}).slice(0, 1500),
	);
	const toMail = Date.now() - started;

	// The row waiting for a person edited (a smaller amount, within the no-person limits) and posted
	// again: not paid at once, and no one asked again.
	const edited = await postRows(instance, PAYOUTS_ID, PAYOUTS_PATH, [
		{ payoutId: 'e2e-restart', address: a3, amount: '0.5' },
	]);
	check(
		`${tag} approvals: a row edited while it waits for a person (now within the no-person limits) is neither paid at once nor asked about again`,
		sendsSince(sim, before).length === 2 &&
			/^A person was asked about this payout \(Payout Key "e2e-restart"\)/.test(
				String(edited[2]?.[0]?.json?.error),
			) &&
			(edited[0] ?? []).length === 0 &&
			(edited[1] ?? []).length === 0 &&
			smtp.mails.length === asked.length,
		JSON.stringify({ edited, sent: sendsSince(sim, before) }).slice(0, 1200),
	);

	// Approved, its link opened twice at the same moment, then once more when all is done.
	const approve = linkOf(mails['e2e-approve'], true);
	const twice = await Promise.all([open(approve), open(approve)]);
	const splitDeclined = await open(linkOf(mails['e2e-split-b'], false));
	const paid = await waitFor(
		() => sendsSince(sim, before).some((sent) => sent === `1.5→${a2}`),
		30000,
	);
	// Declined, and its approve link opened at the same moment, as two people might. n8n 2.x
	// answers the second link 409 (running); n8n 1.123 can resume the execution once per link, and
	// then the record of the Payout Key decides: the first decision recorded holds.
	const [deny, afterDeny] = await Promise.all([
		open(linkOf(mails['e2e-deny'], false)),
		open(linkOf(mails['e2e-deny'], true)),
	]);
	await waitForStatus(instance, PAYOUTS_ID, 'success', 3);
	await sleep(1500); // for a second resumption of the declined row's execution to finish
	const again = await open(approve);
	const afterDenyDone = await open(linkOf(mails['e2e-deny'], true));
	const executions = await subExecutionsOf(instance, PAYOUTS_ID);
	const denyRow = await rowOutcome(instance, executions, 'e2e-deny');
	// n8n 1.123 resumes the execution once per link opened at once: the saved execution is the one
	// that finished last (refused as already attempted), so the id comes from the simulator.
	const approvedId = [...sim.state.transactions.values()].find(
		(tx) =>
			tx.type === 'send' && !before.has(tx.id) && tx.address === a2 && Number(tx.amount) === 1.5e8,
	)?.id;
	const deniedPaid = sendsSince(sim, before).filter(
		(sent) => sent.endsWith(a3) && sent.startsWith('2→'),
	).length;
	const told = {};
	for (const [row, id] of [
		['approve', 'e2e-approve'],
		['split', 'e2e-split-b'],
		['deny', 'e2e-deny'],
	]) {
		await outcomeMail(smtp, id);
		told[row] = toldAbout(smtp, id);
	}
	check(
		`${tag} approvals: approved (the link opened twice at once, then again once done): paid once, and the person is told it was sent with its transaction id; a split row declined: nothing sent, and the person is told; declined and approved at the same moment: sent at most once, and the person is told which (declined, or sent)`,
		paid &&
			sendsSince(sim, before).filter((sent) => sent === `1.5→${a2}`).length === 1 &&
			sendsSince(sim, before).filter((sent) => sent === `0.9→${a3}`).length === 0 &&
			sentOnce(
				told.approve,
				sentByLink(`1.5 TCN to ${a2} (Payout Key "e2e-approve")`, approvedId),
			) &&
			told.split.length === 1 &&
			/: declined\. Nothing was sent, and it stays declined\./.test(told.split[0]) &&
			deniedPaid <= 1 &&
			(deniedPaid === 1
				? sentOnce(told.deny, sentByLink(''))
				: denyRow.result?.sent === false &&
					told.deny.every((text) => /: (declined\.|not sent: it was declined before)/.test(text))),
		JSON.stringify({
			sent: sendsSince(sim, before),
			denyRow,
			told,
			opened: [...twice, splitDeclined, deny, afterDeny, again, afterDenyDone].map(answerLine),
		}).slice(0, 2000),
	);

	// The copy of the workflow, given keys the original paid: at once (e2e-small) and after a
	// person's click (e2e-approve): nothing is sent again, and no one is asked.
	smtp.mails.length = 0;
	const copyBefore = snapshot(sim);
	const copyRun = await postRows(instance, COPY_ID, COPY_PATH, [rows[0], rows[3]]);
	// A refused row leaves on the node's error output, "Not sent" (its third: Sent, Ask a Person, error).
	const copyErrors = (copyRun[2] ?? []).map((item) => String(item.json.error));
	check(
		`${tag} approvals: a copy of the workflow imported beside it pays nothing the original paid, nor asks a person about it: both rows are refused as already attempted`,
		sendsSince(sim, copyBefore).length === 0 &&
			copyErrors.length === 2 &&
			copyErrors.every((error) => /^This withdrawal was already attempted/.test(error)) &&
			(copyRun[0] ?? []).length === 0 &&
			(copyRun[1] ?? []).length === 0 &&
			smtp.mails.length === 0,
		JSON.stringify({ copyRun, mails: smtp.mails.map((mail) => mail.subject) }).slice(0, 1200),
	);

	// A restart while e2e-restart waits (and e2e-timeout, whose time runs out about then).
	await waitFor(() => stoppable(instance, [PAYOUTS_ID, COPY_ID]), 75000);
	const restartSeconds = secondsSince(started);
	await instance.stop();
	await instance.start();
	const afterRestart = snapshot(sim);
	// Just after a start, n8n answers a waiting execution's link 404 until its waiting webhooks are
	// served: the person opens it again.
	let restartOpened;
	await waitFor(
		async () => (restartOpened = await open(linkOf(mails['e2e-restart'], true))).status !== 404,
		30000,
	);
	const resumed = await waitForStatus(instance, PAYOUTS_ID, 'success', asked.length);
	const timeoutSeconds = secondsSince(started);
	await outcomeMail(smtp, 'e2e-restart').catch(() => undefined);
	const reopened = await open(linkOf(mails['e2e-timeout'], true));
	await sleep(1500); // for anything the link might have started
	const outcomes = {};
	for (const execution of await subExecutionsOf(instance, PAYOUTS_ID)) {
		const result = firstJson(await runDataOf(instance, execution.id), 'Send approved payout');
		if (result) outcomes[result.payoutKey] = `${result.answer}:${result.outcome}`;
	}
	const sent = sendsSince(sim, before);
	const expected = [
		`1→${a1}`,
		`0.9→${a2}`,
		`1.5→${a2}`,
		`1.1→${a3}`,
		...(deniedPaid ? [`2→${a3}`] : []),
	];
	await outcomeMail(smtp, 'e2e-timeout').catch(() => undefined);
	check(
		`${tag} approvals: after an n8n restart, the waiting row's click sends exactly what was shown (1.1, not the edited 0.5), once, and the person is told; the row that carried its own "approved" and "data" fields timed out and was not paid, its person told so, and its approve link afterwards sends nothing; the simulator carried out only what no person was needed for and what a person approved`,
		resumed &&
			JSON.stringify(sendsSince(sim, afterRestart)) === JSON.stringify([`1.1→${a3}`]) &&
			outcomes['e2e-restart'] === 'approved:sent' &&
			outcomes['e2e-approve']?.startsWith('approved:') &&
			outcomes['e2e-split-b'] === 'declined:declined' &&
			outcomes['e2e-timeout'] === 'timedOut:timedOut' &&
			toldAbout(smtp, 'e2e-restart').some((text) =>
				text.includes(`1.1 TCN to ${a3} (Payout Key "e2e-restart"): sent.`),
			) &&
			toldAbout(smtp, 'e2e-timeout').some((text) => /no answer came in time/.test(text)) &&
			JSON.stringify([...sent].sort()) === JSON.stringify([...expected].sort()),
		JSON.stringify({
			outcomes,
			sent,
			restartOpened: answerLine(restartOpened),
			reopened: answerLine(reopened),
			executions: await Promise.all(
				(await subExecutionsOf(instance, PAYOUTS_ID)).map(async (execution) => {
					const { resultData } = await executionOf(instance, execution.id);
					return `${execution.status} ${resultData.error?.message ?? ''} ${Object.keys(resultData.runData).join('/')}`;
				}),
			),
		}).slice(0, 3000),
	);
	// After the restart, the declined split row posted again: within the no-person limits, yet a
	// person was asked about it: nothing is sent and no one is asked again.
	smtp.mails.length = 0;
	const declinedBefore = snapshot(sim);
	const repost = await postRows(instance, PAYOUTS_ID, PAYOUTS_PATH, [rows[2]]);
	// Refused rows leave on the node's error output, "Not sent" (its third).
	const refusedAs = repost[2]?.[0]?.json;
	check(
		`${tag} approvals: after a restart, a row a person declined, posted again within the no-person limits, is refused by "Pay or ask a person": nothing sent, no one asked again`,
		sendsSince(sim, declinedBefore).length === 0 &&
			/^A person was asked about this payout \(Payout Key "e2e-split-b"\)/.test(
				String(refusedAs?.error),
			) &&
			smtp.mails.length === 0,
		JSON.stringify({ sent: sendsSince(sim, declinedBefore), repost }).slice(0, 1500),
	);
	console.log(
		`# ${tag} approvals: mails after ${Math.round(toMail / 1000)} s; restarted ${restartSeconds} s and all decided by ${timeoutSeconds} s after the rows were posted; declined and approved at once: ${deniedPaid ? 'the approval held (paid once)' : 'the decline held (nothing sent)'}, Send Approved said ${denyRow.result?.outcome}; ${secondsSince(started)} s in all; link answers ${[...twice, deny, afterDeny, again, afterDenyDone, reopened].map(answerLine).join(' | ')}`,
	);
}

/** The tool results the scripted model was shown in a call. */
const toolResults = (chat) =>
	(chat?.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content));

/** The tool results the model was shown in its calls from the `from`th on. */
const resultsFrom = (sim, from) => sim.chats.slice(from).flatMap(toolResults);

/**
 * One run of the agent, its request ending in ` [run]`: posted, its review mail read, `decide`
 * (opens links, or nothing), then awaited: the model called once more with the decision (a tool
 * result matching `toldBy`, up to `answerMs`), and the execution's end. Resolves to the mail, the
 * links' answers, whether that answer came, whether the execution ended, what n8n then says of
 * it, and `from`: the model's calls from then on.
 */
async function runAgent(
	instance,
	sim,
	smtp,
	run,
	decide,
	{ limitMinutes, toldBy = /./, answerMs = 60000 } = {},
) {
	const began = Date.now();
	const from = sim.chats.length;
	smtp.mails.length = 0;
	const earlier = new Set((await instance.executionsOf(AGENT_ID)).map((execution) => execution.id));
	await post(instance, AGENT_PATH, { run, limitMinutes });
	const mail = await mailFor(smtp, /TSuppLier/, 'the agent withdrawal');
	let started;
	const ours = async () =>
		(started = (await instance.executionsOf(AGENT_ID)).find(
			(candidate) => !earlier.has(candidate.id),
		));
	await waitFor(async () => (await ours())?.status === 'waiting', 30000);
	const opened = await decide(mail);
	const answered = await waitFor(
		() => resultsFrom(sim, from).some((result) => toldBy.test(result)),
		answerMs,
	);
	const ended = await waitFor(
		async () => !['new', 'running', 'waiting'].includes((await ours())?.status),
		END_MS,
	);
	const {
		execution: data,
		resultData: { error },
	} = await executionOf(instance, started.id);
	const execution = `${data.status}, finished ${data.finished}, waitTill ${data.waitTill ?? 'none'}${error ? ` (${error.node?.name}: ${error.message})` : ''}`;
	return { mail, opened, answered, ended, execution, from, seconds: secondsSince(began) };
}

async function checkAgentApproval(instance, sim, tag, smtp) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const before = snapshot(sim);
	const started = Date.now();
	sim.chats.length = 0;
	const denied = await runAgent(
		instance,
		sim,
		smtp,
		'declined',
		async (mail) => [await open(linkOf(mail, false))],
		{ toldBy: /rejected/i },
	);
	check(
		`${tag} agent approval: the review message names the address and the amount from $tool.parameters; declined: nothing sent, the model is told, and the run ends`,
		denied.answered &&
			denied.ended &&
			denied.mail.body.includes(ALLOWED_ADDRESS) &&
			/\b0\.5 TCN\b/.test(denied.mail.body) &&
			sendsSince(sim, before).length === 0,
		JSON.stringify({
			body: denied.mail.body
				.replace(/<[^>]+>/g, ' ')
				.replace(/\s+/g, ' ')
				.slice(0, 400),
			execution: denied.execution,
			results: resultsFrom(sim, denied.from),
			sent: sendsSince(sim, before),
		}).slice(0, 1500),
	);
	const approved = await runAgent(
		instance,
		sim,
		smtp,
		'approved',
		async (mail) => {
			const link = linkOf(mail, true);
			return await Promise.all([open(link), open(link)]);
		},
		{ toldBy: new RegExp(ALLOWED_ADDRESS) },
	);
	const afterApproved = snapshot(sim);
	// Then a run no one answers, its Limit Wait Time 3 s.
	const timedOut = await runAgent(instance, sim, smtp, 'timed out', async () => [], {
		limitMinutes: TIMEOUT_MINUTES,
		answerMs: TIMED_OUT_ANSWER_MS,
		// On a time-out n8n gives the model the run's request as the reviewer's feedback: were the
		// approved run to time out too, its feedback would say "[approved]".
		toldBy: /^(?![^]*\[approved\])[^]*(rejected|reviewed your planned tool call)/i,
	});
	check(
		`${tag} agent approval: no answer within Limit Wait Time: nothing sent, the model is told, and the run ends`,
		timedOut.answered && timedOut.ended && sendsSince(sim, afterApproved).length === 0,
		JSON.stringify({
			execution: timedOut.execution,
			results: resultsFrom(sim, timedOut.from),
			sent: sendsSince(sim, afterApproved),
		}).slice(0, 1500),
	);
	check(
		`${tag} agent approval: approved (its link opened twice at once): exactly one withdrawal, within the guardrails, the model reads its result and the run ends`,
		approved.answered &&
			approved.ended &&
			JSON.stringify(sendsSince(sim, before)) === JSON.stringify([`0.5→${ALLOWED_ADDRESS}`]),
		JSON.stringify({
			execution: approved.execution,
			results: resultsFrom(sim, approved.from),
			opened: approved.opened.map(answerLine),
			sent: sendsSince(sim, before),
		}).slice(0, 1500),
	);
	const phases = `declined ${denied.seconds} s, approved ${approved.seconds} s, timed out ${timedOut.seconds} s`;
	console.log(
		`# ${tag} agent approval: ${secondsSince(started)} s in all (${phases}); n8n's executions afterwards: declined ${denied.execution}; approved ${approved.execution}; timed out ${timedOut.execution}; the model was told on time-out: ${resultsFrom(sim, timedOut.from).join(' ').slice(0, 300)}; approve links: ${approved.opened.map(answerLine).join(' | ')}`,
	);
}

module.exports = {
	checkAgentApproval,
	checkPayoutApprovals,
	prepareApprovals,
	// for the Slack approvals check (slackApprovals.js), on the same examples
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
};
