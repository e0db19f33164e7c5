'use strict';
// "What to try" (scripts/start.js, printed by `npm start`) and the README's "Try it without
// CoinRemitter", followed literally, as a new user does on the first visit: the invoice-paid
// example's Test URL fired right after import (no save first), the credential a new CoinRemitter
// node pre-selects, and the try-it example published, its Production URL fired, the run in the
// workflow's Executions. Runs first, on the instance as `npm start` leaves it (nothing else made
// yet: no other credential, no execution).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { check } = require('../../report');
const { credentialsFor, EXAMPLES } = require('../../../scripts/n8n-runtime');
const { closeNdv, openCoinRemitterInCreator, shot, text } = require('../editor');

const example = (file) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));

/** Overview → the workflow's card, as a user opens an imported example; waits for its canvas. */
async function openFromList(page, workflow) {
	await page.goto(`${page.baseUrl}/home/workflows`);
	await page.getByText(workflow.name, { exact: true }).first().click();
	await page.waitForURL((url) => url.pathname.includes(`/workflow/${workflow.id}`));
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
}

/**
 * The trigger `name` opened (double-click), its Webhook URLs unfolded, `which` ("Test URL" or
 * "Production URL") chosen, and that URL clicked: n8n copies it ("URL copied"). Returns the URL
 * shown and what the clipboard holds once it holds that URL (up to 5 s; headless Chromium's
 * clipboard can lag or stay unreadable): the URL fired is the one shown, as a user pastes it.
 */
async function copyWebhookUrl(page, name, which) {
	await page.locator('[data-test-id="canvas-node"]', { hasText: name }).first().dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.getByText('Webhook URLs').first().click();
	const kind = which === 'Test URL' ? 'webhook-test' : 'webhook';
	await ndv.getByText(which, { exact: true }).first().click();
	const url = ndv.getByText(new RegExp(`/${kind}/\\S+/webhook$`)).first();
	await url.waitFor({ timeout: 15000 });
	const shown = (await url.innerText()).trim();
	await url.click();
	const toast = await page
		.getByText('URL copied')
		.first()
		.waitFor({ timeout: 5000 })
		.then(() => 'URL copied')
		.catch(() => 'no "URL copied"');
	let copied = '';
	for (let tries = 0; tries < 10 && copied !== shown; tries++) {
		if (tries > 0) await page.waitForTimeout(500);
		copied = (
			await page.evaluate(() => globalThis.navigator.clipboard.readText()).catch(() => '')
		).trim();
	}
	const clipboard =
		copied === shown ? 'the clipboard holds it' : `clipboard: ${copied || '(not readable)'}`;
	return { url: shown, note: `${toast}; ${clipboard}` };
}

/** What POST <simulator>/__sim/fire answers (the README's curl), firing `kind` at `url`. */
async function fire(sim, url, kind) {
	const response = await fetch(`${sim.url}/__sim/fire`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ url, kind }),
	});
	return await response.json();
}

/** A check, its detail printed also when it passes (what the user saw: the fire answers, the URLs). */
function checkAndShow(label, condition, detail) {
	check(label, condition, detail);
	if (condition) console.log(`#   ${String(detail).slice(0, 400)}`);
}

const answerLine = (answer) =>
	`${answer.status}: ${answer.reason} | next: ${answer.next} | sent: ${answer.sent}`;

/** Step 3: the invoice-paid example's Test URL, copied, Execute step, fired at once: n8n takes it, the panel shows the invoice. */
async function invoicePaidTestUrl(page, sim) {
	const workflow = example('invoice-paid-fulfil.json');
	await openFromList(page, workflow);
	const { url, note } = await copyWebhookUrl(page, 'Invoice paid', 'Test URL');
	checkAndShow(
		`"${workflow.name}": the trigger "Invoice paid" shows its Test URL (…/webhook-test/<id>/webhook), copied by a click`,
		/\/webhook-test\/[0-9a-f-]{36}\/webhook$/.test(url),
		`shown ${url}; ${note}`,
	);
	const ndv = page.locator('[data-test-id="ndv"]');
	// "Execute step" on both lines: n8n 1.x says "Listen for test event" only on its own Webhook
	// node (NodeExecuteButton: isWebhookNode); on this trigger, 1.123 too shows "Execute step".
	const label = 'Execute step';
	await ndv.getByRole('button', { name: label, exact: true }).first().click();
	await ndv
		.getByText(/Listening for test event|Waiting for|Listening/i)
		.first()
		.waitFor();
	await shot(page, 'what-to-try-invoice-listening');
	const answer = await fire(sim, url, 'invoice');
	const invoiceId = /id (\S+?),/.exec(answer.sent ?? '')?.[1] ?? '(none)';
	const output = page.locator('[data-test-id="output-panel"]');
	const received = await output
		.getByText(invoiceId)
		.first()
		.waitFor({ timeout: 20000 })
		.then(() => true)
		.catch(() => false);
	const panel = await text(output).catch(() => '');
	const where = await shot(page, 'what-to-try-invoice-received');
	checkAndShow(
		`"${workflow.name}", right after import (no save): ${label} then the README's fire at the Test URL: n8n answers 200`,
		answer.status === 200,
		`${answerLine(answer)} (screenshot ${where})`,
	);
	checkAndShow(
		`… and the trigger's panel shows the invoice it received (${invoiceId})`,
		received && /1 item/.test(panel),
		`${panel.slice(0, 600)} (screenshot ${where})`,
	);
	await closeNdv(page).catch(() => page.keyboard.press('Escape'));
}

/** Step 6 / the issue: a new CoinRemitter node pre-selects the simulator's credential, and no test credential is in the instance. */
async function newNodeCredential(page, instance) {
	await page.goto(`${page.baseUrl}/workflow/new`);
	const entry = await openCoinRemitterInCreator(page);
	await entry.first().click();
	await page.getByText(/^Actions \(\d+\)$/).click(); // folded on an empty canvas
	await page.getByText('Get the wallet balance', { exact: true }).first().click();
	const select = page.locator('[data-test-id="node-credentials-select"]');
	await select.waitFor();
	await page.waitForTimeout(800); // n8n picks a credential a moment after the panel opens
	const picked = await select.evaluate((element) =>
		[element.textContent, ...[...element.querySelectorAll('input')].map((input) => input.value)]
			.join(' ')
			.replace(/\s+/g, ' ')
			.trim(),
	);
	await select.click();
	const options = page.locator('[data-test-id^="node-credentials-select-item"]:visible');
	await options
		.first()
		.waitFor({ timeout: 5000 })
		.catch(() => {});
	const offered = (await options.allInnerTexts()).map((option) => option.replace(/\s+/g, ' '));
	await shot(page, 'what-to-try-new-node-credential');
	await page.keyboard.press('Escape');
	checkAndShow(
		'a new CoinRemitter node (Get the wallet balance) pre-selects "CoinRemitter (simulator)", and the picker offers no "CoinRemitter (wrong password)"',
		picked.includes('CoinRemitter (simulator)') &&
			!picked.includes('wrong password') &&
			!offered.some((option) => option.includes('wrong password')),
		`selected: ${picked}; offered: ${offered.join(' | ')}`,
	);
	const listed = ((await instance.rest('GET', '/credentials')).data ?? []).map(({ name }) => name);
	const simulators = credentialsFor('http://simulator').map(({ name }) => name);
	checkAndShow(
		"the instance's credentials (REST GET /credentials) are the simulator's alone, no test credential",
		[...listed].sort().join('\n') === [...simulators].sort().join('\n'),
		listed.join(' | '),
	);
}

/**
 * Publishes the open workflow: n8n 2.x's Publish (and the dialog's Publish), n8n 1.x's Active
 * switch; both then say the workflow listens, with "Got it". Returns what the header shows.
 */
async function publish(page) {
	if (page.n8nMajor >= 2) {
		await page.locator('[data-test-id="workflow-open-publish-modal-button"]').click();
		const confirm = page.locator('[data-test-id="workflow-publish-button"]');
		await confirm.waitFor({ timeout: 10000 });
		await confirm.click();
	} else {
		await page.locator('[data-test-id="workflow-activate-switch"]').click();
	}
	const gotIt = page.getByRole('button', { name: 'Got it' });
	await gotIt.click({ timeout: 15000 });
	await gotIt.waitFor({ state: 'hidden' });
	if (page.n8nMajor >= 2)
		return await text(page.locator('[data-test-id="workflow-open-publish-modal-button"]'));
	const active = page.locator('[data-test-id="workflow-activate-switch"]');
	const on = await active.evaluate(
		(element) =>
			element.getAttribute('aria-checked') === 'true' ||
			element.className.includes('is-checked') ||
			element.querySelector('[aria-checked="true"], .is-checked') !== null,
	);
	return `${await text(active)} switch ${on ? 'on' : 'off'}`;
}

/** Step 4 / README "Try it without CoinRemitter": publish, Production URL, fire a deposit, a run in Executions. */
async function tryIt(page, sim, started) {
	const workflow = example('try-it.json');
	await openFromList(page, workflow);
	const header = await publish(page);
	await shot(page, 'what-to-try-try-it-published');
	const { url, note } = await copyWebhookUrl(page, 'Deposit or invoice', 'Production URL');
	await closeNdv(page).catch(() => page.keyboard.press('Escape'));
	const answer = await fire(sim, url, 'deposit');
	checkAndShow(
		`"${workflow.name}" published (${page.n8nMajor >= 2 ? 'Publish' : 'the Active switch'}), a deposit fired at the Production URL the trigger shows: n8n answers 200`,
		/Published|switch on/.test(header) &&
			/\/webhook\/[0-9a-f-]{36}\/webhook$/.test(url) &&
			answer.status === 200,
		`header: ${header}; URL ${url} (${note}); ${answerLine(answer)}`,
	);
	await page
		.locator('[data-test-id="radio-button-executions"], [data-test-id="tab-executions"]')
		.or(page.getByText('Executions', { exact: true }))
		.first()
		.click();
	await page.waitForURL((url) => url.pathname.includes('/executions'));
	const cards = page.locator('[data-test-id^="execution-details-"]');
	const listed = await cards
		.first()
		.waitFor({ timeout: 20000 })
		.then(() => true)
		.catch(() => false);
	// n8n 1.x lists the run while it is still running ("Running for 0s"): Auto refresh shows its end.
	await page
		.locator('[data-test-id="executions-sidebar"]')
		.getByText(/Succeeded/)
		.first()
		.waitFor({ timeout: 20000 })
		.catch(() => {});
	const sidebar = await text(page.locator('[data-test-id="executions-sidebar"]')).catch(() => '');
	const where = await shot(page, 'what-to-try-try-it-executions');
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	checkAndShow(
		`… and the run is in the workflow's Executions tab (${seconds} s from the first visit)`,
		listed && (await cards.count()) >= 1 && /Succeeded/.test(sidebar),
		`${sidebar.slice(0, 400)} (screenshot ${where})`,
	);
}

async function whatToTry(page, sim, instance) {
	const started = Date.now();
	// Clicking a URL copies it: the clipboard is read back as the user pastes it.
	await page
		.context()
		.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: page.baseUrl })
		.catch(() => {});
	await invoicePaidTestUrl(page, sim);
	await newNodeCredential(page, instance);
	await tryIt(page, sim, started);
}

module.exports = { whatToTry };
