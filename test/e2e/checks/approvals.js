'use strict';
// A person in the loop (issue 34), end to end in real n8n. The shipped examples ask on Slack;
// here their Slack node is swapped for n8n's Send Email with the same Send and Wait for Response
// operation, whose SMTP credential points at a capture server (test/helpers/smtpCapture.js): n8n's
// own send-and-wait sends the mail, waits, and resumes when a check opens the mail's approve or
// disapprove link as a browser would. Besides that, a webhook in place of the manual trigger (its
// body gives the payout rows) and a shorter Limit Wait Time, the example runs as shipped.
// Withdrawals are counted at the simulator.
//   examples/payouts-with-approval.json (1.x and 2.x): a row at or under the approval amount is
//   paid at once; one above it is approved (its link opened twice at once, then again), declined
//   (then its approve link opened), or left until Limit Wait Time ends.
//   examples/ai-agent-approval.json (2.x: n8n's human review of tool calls): the scripted model
//   proposes a withdrawal; a person declines it (the model is told), lets it time out, then
//   approves it (its link opened twice at once).
// n8n resumes a wait whose time is up only when it looks for such executions: at start-up and
// then once a minute (WaitTracker). So the time-out case gives its row a limit of 3 seconds and
// restarts n8n, rather than waiting up to a minute.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { check } = require('../../report');
const { EXAMPLES, sleep, waitFor, webhookRegistered } = require('../../../scripts/n8n-runtime');
const { ALLOWED_ADDRESS } = require('../../../simulator/openai');
const { startSmtpCapture } = require('../../helpers/smtpCapture');

const PAYOUTS_ID = 'crE2eApprovals01';
const PAYOUTS_PATH = 'e2e-approvals';
const AGENT_ID = 'crE2eAgentHitl01';
const AGENT_PATH = 'e2e-agent-approval';
const SMTP = { id: 'crE2eSmtpCapture', name: 'SMTP capture (e2e)' };
// As a person's browser: n8n ignores approval links opened by bots and link previews.
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const TIMEOUT_MINUTES = 0.05; // 3 seconds
const WAIT_MINUTES = 30;

const example = (file) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));
const isMajor2 = (instance) => !instance.n8nDir.includes('n8n-1.');

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

/** Send Email's send-and-wait parameters for a Slack send-and-wait node's message and options. */
const emailParameters = (slack, subject, options) => ({
	fromEmail: 'n8n@example.com',
	toEmail: 'approver@example.com',
	subject,
	message: slack.parameters.message,
	approvalOptions: slack.parameters.approvalOptions,
	options,
});

/**
 * examples/payouts-with-approval.json as the check runs it: started by a webhook whose body holds
 * the rows, and Send Email (Send and Wait) in place of Slack, its Limit Wait Time short for the
 * row whose payoutId ends in "timeout".
 */
function payoutsVariant() {
	const shipped = example('payouts-with-approval.json');
	const nodes = withWebhook(shipped, 'Start payouts', PAYOUTS_PATH).map((node) => {
		if (node.name === 'Payout list')
			return {
				...node,
				parameters: {
					jsCode: "return $('Start payouts').first().json.body.rows.map((json) => ({ json }));",
				},
			};
		if (node.type !== 'n8n-nodes-base.slack') return node;
		const limit = `={{ $json.payoutId.endsWith('timeout') ? ${TIMEOUT_MINUTES} : ${WAIT_MINUTES} }}`;
		return {
			id: node.id,
			name: node.name,
			type: 'n8n-nodes-base.emailSend',
			typeVersion: 2.1,
			position: node.position,
			parameters: {
				operation: 'sendAndWait',
				...emailParameters(node, '=Approve payout {{ $json.payoutId }}?', {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: limit, resumeUnit: 'minutes' },
					},
				}),
			},
			credentials: { smtp: SMTP },
		};
	});
	return { ...shipped, id: PAYOUTS_ID, name: 'E2E payouts with approval', nodes };
}

/**
 * examples/ai-agent-approval.json with a webhook and Send Email's human review in place of
 * Slack's, its Limit Wait Time the webhook body's `limitMinutes`.
 */
function agentVariant() {
	const shipped = example('ai-agent-approval.json');
	const nodes = withWebhook(shipped, 'Start', AGENT_PATH).map((node) =>
		node.type === 'n8n-nodes-base.slackHitlTool'
			? {
					id: node.id,
					name: node.name,
					type: 'n8n-nodes-base.emailSendHitlTool',
					typeVersion: 2.1,
					position: node.position,
					parameters: emailParameters(node, 'Approve a withdrawal by the payments agent?', {
						limitWaitTime: {
							values: {
								limitType: 'afterTimeInterval',
								resumeAmount: `={{ $('Start').first().json.body.limitMinutes || ${WAIT_MINUTES} }}`,
								resumeUnit: 'minutes',
							},
						},
					}),
					credentials: { smtp: SMTP },
				}
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

/**
 * The executions of a workflow, with their status; none while the REST routes answer 404 (n8n
 * answers ready a moment before they exist, e.g. just after a restart).
 */
async function executionsOf(instance, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	try {
		const listed = await instance.rest('GET', `/executions?filter=${filter}&limit=50`);
		return listed.data?.results ?? listed.data ?? [];
	} catch (error) {
		if (/: 404 /.test(String(error.message))) return [];
		throw error;
	}
}

/** An execution's run data, parsed with the flatted of this n8n (its own encoding of it). */
async function runDataOf(instance, id) {
	const { parse } = require(join(instance.n8nDir, 'node_modules', 'flatted'));
	const { data } = await instance.rest('GET', `/executions/${id}`);
	return parse(data.data).resultData.runData;
}

const firstJson = (runData, node) => runData[node]?.[0]?.data?.main?.[0]?.[0]?.json;

/** The Decision and Withdraw outputs of the execution that asked about payout `payoutId`. */
async function rowOutcome(instance, executions, payoutId) {
	for (const execution of executions) {
		const runData = await runDataOf(instance, execution.id);
		const decision = firstJson(runData, 'Decision');
		if (decision?.payoutId === payoutId)
			return { execution: execution.id, decision, withdraw: firstJson(runData, 'Withdraw') };
	}
	return { execution: undefined };
}

/** Withdraw's output says nothing was sent: declined now, or refused as declined before. */
const declinedRow = (json) =>
	(json?.sent === false && json.decision === 'declined') || json?.outcome === 'declined';
/** Withdraw's output says the payout went out: sent now, or a later decline says it was. */
const paidRow = (json) => Boolean(json?.txid || json?.id) || json?.outcome === 'alreadyAttempted';

/** Withdrawals the simulator carried out since `since` (its transaction ids before), as amount→address. */
function sendsSince(sim, since) {
	return [...sim.state.transactions.values()]
		.filter((tx) => tx.type === 'send' && !since.has(tx.id))
		.map((tx) => `${(Number(tx.amount) / 1e8).toString()}→${tx.address}`);
}

const snapshot = (sim) => new Set(sim.state.transactions.keys());

async function post(instance, path, body) {
	const url = `${instance.baseUrl}/webhook/${path}`;
	if (!(await webhookRegistered(url))) throw new Error(`${url} is not registered`);
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
		() => (found = smtp.mails.find((mail) => pattern.test(mail.subject + mail.body))),
		60000,
	);
	if (!arrived)
		throw new Error(`no mail for ${label}: ${smtp.mails.map((mail) => mail.subject).join(' | ')}`);
	return found;
}

async function checkPayoutApprovals(instance, sim, tag, smtp) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const shipped = example('payouts-with-approval.json');
	const [a1, a2, a3] = shipped.nodes
		.find((node) => node.name === 'Withdraw')
		.parameters.guardrails.allowedAddresses.split('\n');
	const rows = [
		{ payoutId: 'e2e-small', address: a1, amount: '0.5' },
		{ payoutId: 'e2e-approve', address: a2, amount: '1.5' },
		{ payoutId: 'e2e-deny', address: a3, amount: '2' },
		{ payoutId: 'e2e-timeout', address: a1, amount: '1.25' },
	];
	const before = snapshot(sim);
	const started = Date.now();
	smtp.mails.length = 0;
	await post(instance, PAYOUTS_PATH, { rows });
	const mails = {};
	for (const id of ['e2e-approve', 'e2e-deny', 'e2e-timeout'])
		mails[id] = await mailFor(smtp, new RegExp(`payout ${id}\\b`), id);
	await waitFor(() => sendsSince(sim, before).length >= 1, 30000);
	// A link opened before n8n has saved its execution as waiting is answered 409 (running).
	const subExecutions = async () =>
		(await executionsOf(instance, PAYOUTS_ID)).filter((execution) => execution.mode !== 'webhook');
	await waitFor(
		async () =>
			(await subExecutions()).filter((execution) => execution.status === 'waiting').length === 3,
		30000,
	);
	check(
		`${tag} approvals: a row at or under the approval amount is paid at once; each row above it gets one message, and nothing above it is sent yet`,
		JSON.stringify(sendsSince(sim, before)) === JSON.stringify([`0.5→${a1}`]) &&
			smtp.mails.length === 3 &&
			['e2e-approve', 'e2e-deny', 'e2e-timeout'].every(
				(id) =>
					linkOf(mails[id], true) &&
					linkOf(mails[id], false) &&
					mails[id].body.includes(rows.find((row) => row.payoutId === id).address),
			),
		JSON.stringify({
			sent: sendsSince(sim, before),
			mails: smtp.mails.map((mail) => [mail.subject, mail.links]),
		}).slice(0, 1500),
	);
	const toMail = Date.now() - started;

	// Approved, its link opened twice at the same moment, then once more when all is done.
	const approve = linkOf(mails['e2e-approve'], true);
	const twice = await Promise.all([open(approve), open(approve)]);
	const paid = await waitFor(
		() => sendsSince(sim, before).some((sent) => sent.endsWith(a2)),
		30000,
	);
	// Declined, and its approve link opened at the same moment, as two people might. n8n 2.x
	// answers the second link 409 (running); n8n 1.123 can resume the execution once per link, and
	// then Withdraw's record of the Payout Key decides: the first decision recorded holds.
	const [deny, afterDeny] = await Promise.all([
		open(linkOf(mails['e2e-deny'], false)),
		open(linkOf(mails['e2e-deny'], true)),
	]);
	await waitFor(
		async () =>
			(await subExecutions()).filter((execution) => execution.status === 'success').length >= 2,
		30000,
	);
	await sleep(1500); // for a second resumption of the declined row's execution to finish
	const again = await open(approve);
	const afterDenyDone = await open(linkOf(mails['e2e-deny'], true));
	const denyRow = await rowOutcome(instance, await subExecutions(), 'e2e-deny');
	const deniedPaid = sendsSince(sim, before).filter((sent) => sent.endsWith(a3)).length;
	check(
		`${tag} approvals: approved (the link opened twice at once, then again once done): paid once; declined and approved at the same moment: the first decision recorded holds, sent at most once, and the row says which (declined: sent false; paid: the decline says the payout went out)`,
		paid &&
			sendsSince(sim, before).filter((sent) => sent.endsWith(a2)).length === 1 &&
			deniedPaid <= 1 &&
			(deniedPaid === 1 ? paidRow(denyRow.withdraw) : declinedRow(denyRow.withdraw)),
		JSON.stringify({
			sent: sendsSince(sim, before),
			denyRow,
			opened: [...twice, deny, afterDeny, again, afterDenyDone].map(answerLine),
		}).slice(0, 1800),
	);

	// Time out: the row's limit (3 s) has passed; n8n resumes it at start-up.
	const restartAt = Date.now();
	await instance.stop();
	await instance.start();
	const resumed = await waitFor(
		async () =>
			(await subExecutions()).filter((execution) => execution.status === 'success').length >= 3,
		60000,
	);
	const timeoutSeconds = Math.round((Date.now() - restartAt) / 1000);
	const reopened = await open(linkOf(mails['e2e-timeout'], true));
	await sleep(1500); // for anything the link might have started
	const decisions = {};
	for (const execution of await subExecutions()) {
		const decision = firstJson(await runDataOf(instance, execution.id), 'Decision');
		if (decision) decisions[decision.payoutId] = decision.approval;
	}
	const decided = Object.keys(decisions)
		.sort()
		.map((id) => `${id}:${decisions[id]}`)
		.join(',');
	const sent = sendsSince(sim, before);
	// n8n 1.123 saves the declined row's execution as the resumption that finished last, so its
	// Decision may be the refused approval: what was sent and what Withdraw said are checked above.
	const expected = [`0.5→${a1}`, `1.5→${a2}`, ...(deniedPaid ? [`2→${a3}`] : [])];
	const timedOutRow = await rowOutcome(instance, await subExecutions(), 'e2e-timeout');
	check(
		`${tag} approvals: each row says its decision (approved, denied, timedOut) and the simulator carried out only the row under the amount and the approved one (and the declined one if its approval was recorded first); the timed-out row is declined at Withdraw and its approve link afterwards sends nothing`,
		resumed &&
			decisions['e2e-approve'] === 'approved' &&
			['approved', 'denied'].includes(decisions['e2e-deny']) &&
			decisions['e2e-timeout'] === 'timedOut' &&
			Object.keys(decisions).length === 3 &&
			declinedRow(timedOutRow.withdraw) &&
			JSON.stringify([...sent].sort()) === JSON.stringify([...expected].sort()),
		JSON.stringify({
			decided,
			sent,
			timedOutRow,
			reopened: answerLine(reopened),
		}).slice(0, 1500),
	);
	console.log(
		`# ${tag} approvals: mails after ${Math.round(toMail / 1000)} s; time-out resumed ${timeoutSeconds} s after the restart began; declined and approved at once: ${deniedPaid ? 'the approval held (paid once)' : 'the decline held (nothing sent)'}, Withdraw said ${denyRow.withdraw?.decision ?? denyRow.withdraw?.outcome ?? 'paid'}; ${Math.round((Date.now() - started) / 1000)} s in all; link answers ${[...twice, deny, afterDeny, again, afterDenyDone, reopened].map(answerLine).join(' | ')}`,
	);
}

/** The tool results the scripted model was last shown. */
const toolResults = (sim) =>
	(sim.chats.at(-1)?.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content));

/**
 * One run of the agent: posted, its review mail read, `decide` (opens links, or restarts n8n), then
 * the model's answer after the decision awaited: the model is called once more with the decision
 * (a tool result). Resolves to the mail, the links' answers, whether that answer came, and what
 * n8n then says of the execution.
 */
async function runAgent(instance, sim, smtp, decide, body = {}) {
	smtp.mails.length = 0;
	sim.chats.length = 0;
	const earlier = new Set((await executionsOf(instance, AGENT_ID)).map((run) => run.id));
	await post(instance, AGENT_PATH, body);
	const mail = await mailFor(smtp, /TSuppLier/, 'the agent withdrawal');
	let run;
	await waitFor(async () => {
		run = (await executionsOf(instance, AGENT_ID)).find((candidate) => !earlier.has(candidate.id));
		return run?.status === 'waiting';
	}, 30000);
	const opened = await decide(mail);
	const answered = await waitFor(() => toolResults(sim).length > 0, 60000);
	await waitFor(async () => {
		run = (await executionsOf(instance, AGENT_ID)).find((candidate) => !earlier.has(candidate.id));
		return !['new', 'running', 'waiting'].includes(run?.status);
	}, 10000);
	const { data } = await instance.rest('GET', `/executions/${run.id}`);
	const execution = `${data.status}, finished ${data.finished}, waitTill ${data.waitTill ?? 'none'}`;
	return { mail, opened, answered, execution, id: run.id };
}

async function checkAgentApproval(instance, sim, tag, smtp) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const before = snapshot(sim);
	const started = Date.now();
	const denied = await runAgent(instance, sim, smtp, async (mail) => [
		await open(linkOf(mail, false)),
	]);
	const deniedResults = toolResults(sim);
	check(
		`${tag} agent approval: the review message names the address and the amount from $tool.parameters; declined: nothing sent, and the model is told`,
		denied.answered &&
			denied.mail.body.includes(ALLOWED_ADDRESS) &&
			/\b0\.5 TCN\b/.test(denied.mail.body) &&
			sendsSince(sim, before).length === 0 &&
			deniedResults.some((result) => /rejected/i.test(result)),
		JSON.stringify({
			body: denied.mail.body
				.replace(/<[^>]+>/g, ' ')
				.replace(/\s+/g, ' ')
				.slice(0, 400),
			execution: denied.execution,
			deniedResults,
			sent: sendsSince(sim, before),
		}).slice(0, 1500),
	);
	const timedOut = await runAgent(
		instance,
		sim,
		smtp,
		async () => {
			await instance.stop(); // n8n resumes a wait whose time is up at start-up
			await instance.start();
			return [];
		},
		{ limitMinutes: TIMEOUT_MINUTES },
	);
	const timedOutResults = toolResults(sim);
	check(
		`${tag} agent approval: no answer within Limit Wait Time: nothing sent, and the model is told`,
		timedOut.answered &&
			sendsSince(sim, before).length === 0 &&
			timedOutResults.some((result) => /rejected|reviewed your planned tool call/i.test(result)),
		JSON.stringify({
			execution: timedOut.execution,
			timedOutResults,
			sent: sendsSince(sim, before),
		}),
	);
	// Approved within a Limit Wait Time of 12 s; then, that time past, n8n restarted, so that it
	// resumes whatever it still holds as waiting.
	const approved = await runAgent(
		instance,
		sim,
		smtp,
		async (mail) => {
			const link = linkOf(mail, true);
			return await Promise.all([open(link), open(link)]);
		},
		{ limitMinutes: 0.2 },
	);
	const approvedResults = toolResults(sim);
	const chatsBefore = sim.chats.length;
	await sleep(12000);
	await instance.stop();
	await instance.start();
	await sleep(8000);
	const { data: later } = await instance.rest('GET', `/executions/${approved.id}`);
	const afterLimit = `${later.status}, finished ${later.finished}; model calls since: ${sim.chats.length - chatsBefore}`;
	check(
		`${tag} agent approval: approved (its link opened twice at once): exactly one withdrawal, within the guardrails, and the model reads its result; still one after its Limit Wait Time has passed and n8n restarted`,
		approved.answered &&
			JSON.stringify(sendsSince(sim, before)) === JSON.stringify([`0.5→${ALLOWED_ADDRESS}`]) &&
			approvedResults.some((result) => result.includes(ALLOWED_ADDRESS)),
		JSON.stringify({
			execution: approved.execution,
			afterLimit,
			approvedResults,
			opened: approved.opened.map(answerLine),
			sent: sendsSince(sim, before),
		}).slice(0, 1500),
	);
	console.log(
		`# ${tag} agent approval: ${Math.round((Date.now() - started) / 1000)} s in all; n8n's executions afterwards: declined ${denied.execution}; timed out ${timedOut.execution}; approved ${approved.execution}, then after its Limit Wait Time and a restart ${afterLimit}; the model was told on time-out: ${timedOutResults.join(' ').slice(0, 200)}; approve links: ${approved.opened.map(answerLine).join(' | ')}`,
	);
}

module.exports = { checkAgentApproval, checkPayoutApprovals, prepareApprovals };
