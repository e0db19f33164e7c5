#!/usr/bin/env node
'use strict';
// Browser suite: the package's nodes in n8n's real editor, in Debian's Chromium driven by
// playwright-core (never a downloaded browser), against ONE real n8n 1.123 started like the e2e
// suite starts one (package installed as n8n installs it, simulator credentials and examples
// imported). Prints one line per check and "N passed, N failed"; screenshots go to
// test/browser/screenshots/ (git-ignored; the README's copies are in docs/screenshots/).
// Needs /usr/bin/chromium: scripts/install-browser.sh installs it.
const { existsSync, mkdirSync } = require('node:fs');
const { chromium } = require('playwright-core');
const { startSimulator } = require('../../simulator/server');
const {
	attempt,
	check,
	credentialsFor,
	EXAMPLES,
	finish,
	packPackage,
	prepareN8n,
	targets,
} = require('../harness');
const {
	chooseOption,
	closeNdv,
	nodeIssues,
	openCoinRemitterInCreator,
	selectedText,
	shot,
	SHOTS,
	signIn,
	text,
} = require('./editor');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const V1_ACTIONS = [
	'Create an address',
	'Get the transactions of an address',
	'Validate an address',
	'Create an invoice',
	'Get an invoice',
	'Convert crypto to fiat',
	'Convert fiat to crypto',
	'Get supported currencies',
	'Get a transaction',
	'Get the wallet balance',
	'Withdraw coins to an address',
	'Estimate a withdrawal',
];

async function nodeCreator(page) {
	await page.goto(`${page.baseUrl}/workflow/new`);
	const entry = await openCoinRemitterInCreator(page);
	const listed = await text(page.locator('[data-test-id="node-creator"]'));
	const icon = await entry
		.first()
		.locator('xpath=ancestor::*[@data-test-id="item-iterator-item"][1]')
		.locator('img')
		.first()
		.getAttribute('src');
	check(
		'the node creator, searched for "CoinRemitter", lists CoinRemitter with its icon',
		/coinremitter\.svg$/.test(icon ?? ''),
		`${icon} ${listed}`,
	);
	await entry.first().click();
	await page.getByText(/^Actions \(\d+\)$/).click();
	const creator = page.locator('[data-test-id="node-creator"]');
	const shown = await text(creator);
	check(
		'its details describe both nodes, not only the trigger',
		shown.includes('Crypto payments with CoinRemitter') &&
			shown.includes('manage wallets') &&
			!shown.includes('Starts the workflow when'),
		shown,
	);
	check(
		'the trigger is listed with its four events',
		/Triggers \(4\)/.test(shown) &&
			['On deposit', 'On invoice', 'On widget order', 'On withdrawal'].every((event) =>
				shown.includes(event),
			),
		shown,
	);
	const counts = Object.fromEntries(
		V1_ACTIONS.map((action) => [action, shown.split(action).length - 1]),
	);
	check(
		'each of the 12 v1 actions is listed exactly once, grouped by resource (no second copy, nothing legacy)',
		/Actions \(12\)/.test(shown) &&
			Object.values(counts).every((count) => count === 1) &&
			!/legacy/i.test(shown) &&
			shown.includes('WITHDRAWAL ACTIONS'),
		JSON.stringify(counts) + shown,
	);
	const icons = await creator.locator('img[src$="coinremitter.svg"]').count();
	check(
		'every trigger and action row carries the CoinRemitter icon',
		icons >= 4 + 12 + 1,
		`icons: ${icons}`,
	);
	await shot(page, 'node-creator');
}

async function invoicePanel(page) {
	await page.getByText('Create an invoice', { exact: true }).click();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await page.locator('[data-test-id="parameter-input-amount"]').waitFor();
	const panel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'Invoice → Create opens with API Version shown, V1 (Current) by default',
		(await selectedText(page, 'apiVersion')) === 'V1 (Current)',
		panel,
	);
	check(
		'Invoice → Create asks for the v1 credential, labelled with its interface',
		panel.includes('CoinRemitter API (v1) credential') && !panel.includes('Legacy'),
		panel,
	);
	check(
		'Invoice → Create shows Resource Invoice, Operation Create, Amount with its hint, Fiat Currency (default USD), Additional Fields',
		(await selectedText(page, 'resource')) === 'Invoice' &&
			(await selectedText(page, 'operation')) === 'Create' &&
			panel.includes('A plain decimal number such as 0.015') &&
			(await selectedText(page, 'fiatCurrency')) === 'USD' &&
			panel.includes('Additional Fields'),
		panel,
	);
	await page.locator('[data-test-id="node-credentials-select"]').click();
	await page.locator('[data-test-id="node-credentials-select-item-crDemoV1Sim00001"]').waitFor();
	const offered = await page
		.locator('[data-test-id^="node-credentials-select-item-"]:visible')
		.evaluateAll((items) => items.map((item) => item.getAttribute('data-test-id')));
	await page.locator('[data-test-id="node-credentials-select-item-crDemoV1Sim00001"]').click();
	await page.waitForTimeout(800);
	check(
		'the credential picker of a v1 node offers v1 credentials only',
		offered.includes('node-credentials-select-item-crDemoV1Sim00001') &&
			!offered.some((id) => /Legacy/i.test(id)) &&
			(
				await page
					.locator('[data-test-id="node-credentials-select"]')
					.evaluate((select) =>
						[
							select.textContent,
							...[...select.querySelectorAll('input')].map((input) => input.value),
						].join(' '),
					)
			).includes('CoinRemitter (simulator)'),
		`${offered.join(' ')} / ${await page.locator('[data-test-id="node-credentials-select"]').evaluate((select) => select.outerHTML.slice(0, 600))}`,
	);
	await shot(page, 'invoice-create');

	// The API-version switch: the legacy credential and the deprecation notice replace the v1 ones.
	await chooseOption(page, 'apiVersion', 'Legacy V2/V3 (Deprecated)');
	await page.getByText('CoinRemitter discontinued the legacy v2/v3 API').waitFor();
	const legacyPanel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'switching API Version to Legacy asks for the legacy credential and shows the deprecation notice, keeping Invoice → Create',
		legacyPanel.includes('CoinRemitter Legacy API (v2/v3) credential') &&
			!legacyPanel.includes('CoinRemitter API (v1) credential') &&
			(await selectedText(page, 'operation')) === 'Create',
		legacyPanel,
	);
	await shot(page, 'invoice-create-legacy');
	await closeNdv(page);
	const legacySubtitle = await text(
		page.locator('[data-test-id="canvas-node"]', { hasText: 'Create an invoice' }),
	);
	check(
		'a legacy node reads "Create: Invoice (legacy)" on the canvas',
		legacySubtitle.includes('Create: Invoice (legacy)'),
		legacySubtitle,
	);
	await page.locator('[data-test-id="canvas-node"]', { hasText: 'Create an invoice' }).dblclick();
	await page.locator('[data-test-id="parameter-input-apiVersion"]').waitFor();
	await chooseOption(page, 'apiVersion', 'V1 (Current)');
	await closeNdv(page);
	const subtitle = await text(
		page.locator('[data-test-id="canvas-node"]', { hasText: 'Create an invoice' }),
	);
	check(
		'the canvas node reads "Create: Invoice", not internal values',
		subtitle.includes('Create: Invoice') && !subtitle.includes('create: invoice'),
		subtitle,
	);
	const issues = await nodeIssues(page, 'Create an invoice');
	check(
		'the required Amount, left empty, is reported on the node (n8n 1.123 marks required node fields by issues, not asterisks)',
		/Amount/.test(issues) && !/Fiat Currency/.test(issues),
		issues,
	);
}

async function withdrawalPanel(page) {
	const entry = await openCoinRemitterInCreator(page);
	await entry.first().click();
	await page.getByText('Withdraw coins to an address', { exact: true }).click();
	await page.locator('[data-test-id="parameter-input-address"]').waitFor();
	const panel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'Withdrawal → Create shows Address, Amount and Withdrawal Speed (default Wallet Default), V1 by default',
		(await selectedText(page, 'resource')) === 'Withdrawal' &&
			(await selectedText(page, 'operation')) === 'Create' &&
			(await selectedText(page, 'withdrawalSpeed')) === 'Wallet Default' &&
			(await selectedText(page, 'apiVersion')) === 'V1 (Current)' &&
			panel.includes('Address') &&
			panel.includes('Amount'),
		panel,
	);
	await shot(page, 'withdrawal-create');
}

async function withdrawalRequired(page) {
	await closeNdv(page);
	const issues = await nodeIssues(page, 'Withdraw coins to an address');
	check(
		'Withdrawal → Create: the required Address and Amount, left empty, are reported on the node',
		/Address/.test(issues) && /Amount/.test(issues) && !/Withdrawal Speed/.test(issues),
		issues,
	);
	await page
		.locator('[data-test-id="canvas-node"]', { hasText: 'Withdraw coins to an address' })
		.dblclick();
	await page.locator('[data-test-id="parameter-input-address"]').waitFor();
}

async function credentialDialog(page, sim) {
	// In the open Withdrawal → Create panel: create a new v1 credential from the credential picker.
	await page.locator('[data-test-id="node-credentials-select"]').click();
	await page.locator('[data-test-id="node-credentials-select-item-new"]').click();
	const modal = page.locator('[data-test-id="editCredential-modal"]');
	await modal.waitFor();
	await modal.locator('[data-test-id="parameter-input-apiKey"] input').waitFor();
	const dialog = await text(modal);
	check(
		'the credential dialog shows API Key, API Password, Base URL (default https://api.coinremitter.com)',
		dialog.includes('API Key') &&
			dialog.includes('API Password') &&
			(await modal.locator('[data-test-id="parameter-input-baseUrl"] input').inputValue()) ===
				'https://api.coinremitter.com',
		dialog,
	);
	check(
		'the credential dialog names the credential type with its interface, marks the key and password required and links the docs',
		dialog.includes('CoinRemitter V1 API') &&
			/API Key\s*\*/.test(dialog) &&
			/API Password\s*\*/.test(dialog) &&
			dialog.includes('Open docs'),
		dialog,
	);
	const apiKeyLabel = modal.locator('label', { hasText: /^API Key/ }).first();
	await apiKeyLabel.hover();
	await apiKeyLabel.locator('svg').first().hover();
	const help = page.locator('.el-popper:visible', { hasText: 'API Credentials' });
	await help.waitFor({ timeout: 5000 }).catch(() => {});
	check(
		'hovering API Key shows where to find it in the CoinRemitter dashboard',
		(await help.count()) > 0 && (await text(help.first())).includes('Wallets'),
		(await help.count()) > 0 ? await text(help.first()) : 'no tooltip',
	);
	await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('sim_tcn_key');
	await modal
		.locator('[data-test-id="parameter-input-apiPassword"] input')
		.fill('not-the-password');
	await modal.locator('[data-test-id="parameter-input-baseUrl"] input').fill(sim.url);
	await modal.locator('[data-test-id="credential-save-button"]').click();
	await modal.getByText(/Couldn.t connect with these settings/).waitFor({ timeout: 30000 });
	await modal.getByText('More details').click();
	await modal.getByText(/refused the API key/).waitFor();
	const failed = await text(modal);
	check(
		'Test fails on a wrong key with a clear message',
		/CoinRemitter refused the API key or API password/.test(failed) &&
			!failed.includes('not-the-password'),
		failed,
	);
	await shot(page, 'credential-wrong-key');
	await modal
		.locator('[data-test-id="parameter-input-apiPassword"] input')
		.fill('sim_tcn_password');
	await modal
		.locator('[data-test-id="credential-save-button"]')
		.click()
		.catch(async () => await modal.getByText('Retry').click());
	await modal.getByText(/Connection tested successfully/).waitFor({ timeout: 30000 });
	check(
		'Test succeeds against the simulator with the right key',
		(await text(modal)).includes('Connection tested successfully'),
	);
	await shot(page, 'credential-ok');
	await page.keyboard.press('Escape');
	await modal.waitFor({ state: 'hidden' }).catch(() => {});
}

async function triggerOptions(page, instance) {
	await page.goto(`${page.baseUrl}/workflow/new`);
	const entry = await openCoinRemitterInCreator(page);
	await entry.first().click();
	await page.getByText('On invoice', { exact: true }).click();
	await page.locator('[data-test-id="parameter-input-events"]').waitFor();
	const panel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'the trigger shows two distinct credential fields, v1 and legacy, and says which is which',
		panel.includes('CoinRemitter API (v1) credential') &&
			panel.includes('CoinRemitter Legacy API (v2/v3) credential') &&
			!panel.includes('Credential to connect with') &&
			panel.includes('in the matching field above'),
		panel,
	);
	await page
		.locator('[data-test-id="node-parameters"]')
		.getByPlaceholder('Add Option')
		.or(page.locator('[data-test-id="node-parameters"]').getByText('Add Option'))
		.first()
		.click();
	await page.locator('.el-select-dropdown__item:visible', { hasText: 'Order Statuses' }).click();
	// A multi-select stays open while options are picked.
	await page.locator('[data-test-id="parameter-input-statuses"]').click();
	for (const status of ['Paid', 'Over Paid']) {
		await page
			.locator('.el-select-dropdown__item:visible', { hasText: new RegExp(`^${status}$`) })
			.click();
		await page.waitForTimeout(300);
	}
	await page.keyboard.press('Escape');
	await page.waitForTimeout(400);
	const chips = await text(page.locator('[data-test-id="parameter-input-statuses"]'));
	check(
		'Order Statuses shows Paid and Over Paid as chips, none red',
		chips.includes('Paid') &&
			chips.includes('Over Paid') &&
			!/not supported/i.test(await text(page.locator('[data-test-id="node-parameters"]'))),
		chips,
	);
	await shot(page, 'trigger-panel');
	await closeNdv(page);

	// A node after the trigger: its input panel shows the trigger's shipped schema before any event.
	await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
	await page.locator('[data-test-id="node-creator-search-bar"]').fill('No Operation');
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: 'No Operation, do nothing' })
		.first()
		.click();
	await page.locator('[data-test-id="ndv"]').waitFor();
	const input = page.locator('[data-test-id="ndv-input-panel"]');
	await input
		.getByText('Schema', { exact: true })
		.click()
		.catch(() => {});
	await input.getByText(/Usually outputs the following fields/).waitFor({ timeout: 15000 });
	const schema = await text(input);
	check(
		"before any event, the next node's input panel shows the trigger's shipped schema (__schema__/v1.0.0.json) as a preview: txid, amount, status_code, confirmations…",
		schema.includes('CoinRemitter Trigger') &&
			schema.includes('Preview') &&
			['txid', 'amount', 'status_code', 'confirmations'].every((field) => schema.includes(field)),
		schema.slice(0, 600),
	);
	await shot(page, 'trigger-schema-preview');
	await closeNdv(page);

	// The trigger's own output panel: n8n uses __schema__ only in input panels (schema previews are
	// enabled for paneType "input"), so before an event the trigger shows its listening panel.
	await page
		.locator('[data-test-id="canvas-node"]', { hasText: 'CoinRemitter Trigger' })
		.dblclick();
	const ownOutput = page.locator('[data-test-id="ndv"]');
	await ownOutput.waitFor();
	await page.waitForTimeout(800);
	const ownShown = await text(ownOutput);
	check(
		"the trigger's own output panel shows n8n's listening panel, not the schema (n8n does not use __schema__ for a node's own output)",
		!ownShown.includes('Usually outputs the following fields') &&
			/Listen for|test event|Pull in events|webhook/i.test(ownShown),
		ownShown.slice(0, 600),
	);
	await closeNdv(page);

	await page.keyboard.press('Control+s');
	await page.waitForURL(
		(url) => /\/workflow\/[A-Za-z0-9]{8,}/.test(url.pathname) && !url.pathname.endsWith('/new'),
		{ timeout: 20000 },
	);
	const id = new URL(page.url()).pathname.split('/').pop();
	const stored = (await instance.rest('GET', `/workflows/${id}`)).data;
	const trigger = stored.nodes.find(
		(node) => node.type === 'n8n-nodes-coinremitter.coinRemitterTrigger',
	);
	check(
		'saved and read back through the REST API, Order Statuses are the numbers [1, 3] the trigger matches, Events ["invoice"]',
		JSON.stringify(trigger?.parameters?.options?.statuses) === '[1,3]' &&
			JSON.stringify(trigger?.parameters?.events) === '["invoice"]',
		JSON.stringify(trigger?.parameters),
	);
}

async function payoutsExample(page, sim) {
	await page.goto(`${page.baseUrl}/workflow/crExPayouts00001`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	const names = await page.locator('[data-test-id="canvas-node"]').allInnerTexts();
	check(
		'the payouts example opens on the canvas with its CoinRemitter nodes',
		['Check balance', 'Validate address', 'Withdraw'].every((name) =>
			names.some((shown) => shown.includes(name)),
		),
		names.join(' | '),
	);
	const subtitles = names.join(' | ');
	check(
		'its CoinRemitter nodes read "Get Balance: Wallet", "Validate: Address"…',
		subtitles.includes('Get Balance: Wallet') && subtitles.includes('Validate: Address'),
		subtitles,
	);
	const before = sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;
	await page.locator('[data-test-id="execute-workflow-button"]').click();
	await page.getByText(/Workflow executed successfully/).waitFor({ timeout: 60000 });
	const after = sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;
	check(
		'executed from the editor, it withdraws the two payouts from the simulator',
		after - before === 2,
		`withdraw calls ${before} → ${after}`,
	);
	await shot(page, 'payouts-executed');
	await page.locator('[data-test-id="canvas-node"]', { hasText: 'Withdraw' }).last().dblclick();
	const output = page.locator('[data-test-id="output-panel"]');
	await output.waitFor();
	await output
		.getByText('JSON', { exact: true })
		.click()
		.catch(() => {});
	await output
		.getByText(/0\.50000000/)
		.first()
		.waitFor({ timeout: 15000 });
	await output
		.getByText(/1\.25000000/)
		.first()
		.waitFor({ timeout: 15000 });
	const shown = await text(output);
	check(
		"the Withdraw node's output shows both payouts with exact amounts",
		shown.includes('0.50000000') && shown.includes('1.25000000') && /2 items/.test(shown),
		shown.slice(0, 800),
	);
	await shot(page, 'payouts-output');
}

/** The simulator and one n8n with the package, the simulator's credentials and the examples, its owner set up. */
async function startN8nWithExamples(version) {
	const sim = await startSimulator({ rateLimit: 1000 });
	let instance;
	const stop = async () => {
		await instance?.dispose();
		await sim.stop();
	};
	try {
		const [target] = await targets({ only: version });
		if (!target) throw new Error(`n8n ${version} is not among the e2e targets`);
		instance = await prepareN8n({
			...target,
			tarball: await packPackage(),
			credentials: credentialsFor(sim.url),
		});
		await instance.importWorkflowFolder(EXAMPLES);
		await instance.start();
		await instance.setupOwnerOnceRoutesExist();
		return { sim, instance, target, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Each section's checks; a section that throws fails with its stack and a screenshot. */
async function runSections(page, sim, instance) {
	const sections = [
		['node creator', () => nodeCreator(page)],
		['Invoice → Create panel', () => invoicePanel(page)],
		['Withdrawal → Create panel', () => withdrawalPanel(page)],
		['Withdrawal → Create required fields', () => withdrawalRequired(page)],
		['credential dialog', () => credentialDialog(page, sim)],
		['trigger options and schema', () => triggerOptions(page, instance)],
		['payouts example executed', () => payoutsExample(page, sim)],
	];
	for (const [label, run] of sections) {
		const onFailure = () => shot(page, `failed-${label.replace(/\W+/g, '-').toLowerCase()}`);
		await attempt(label, run, { onFailure });
	}
}

async function main() {
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	if (!existsSync(CHROMIUM)) {
		console.log(`FAIL - Chromium at ${CHROMIUM}: run scripts/install-browser.sh first`);
		process.exit(1);
	}
	mkdirSync(SHOTS, { recursive: true });
	// COINREMITTER_BROWSER_N8N=2.40.7 points the suite at n8n 2.x. Not part of CI: written against
	// 1.123's editor; on 2.40 the node creator, panels, API Version switch, trigger options and the
	// example pass, while checks tied to 1.123's markup (issue tooltips, credential dialog texts,
	// the schema preview's wording) do not.
	const { sim, instance, target, stop } = await startN8nWithExamples(
		process.env.COINREMITTER_BROWSER_N8N || '1.123.81',
	);
	console.log(`# ${target.label} at ${instance.baseUrl}, ready in ${seconds()} s`);
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
		page.baseUrl = instance.baseUrl;
		page.setDefaultTimeout(20000);
		await signIn(page, instance.baseUrl);
		await runSections(page, sim, instance);
	} finally {
		await browser.close();
		await stop();
	}
	finish(` (${seconds()} s)`);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}

module.exports = { CHROMIUM, CHROMIUM_ARGS, signIn };
