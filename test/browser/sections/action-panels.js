'use strict';
// The action node's panels: Invoice → Create (fields, defaults, hints, the API Version switch and
// the credential it picks, required fields reported on the node) and Withdrawal → Create.
const { check } = require('../../report');
const {
	chooseOption,
	closeNdv,
	nodeIssues,
	openCoinRemitterInCreator,
	selectedText,
	shot,
	text,
} = require('../editor');

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
		panel.includes('CoinRemitter V1 API') && !panel.includes('Legacy'),
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
	await page.getByText(/CoinRemitter announced the legacy v2\/v3 API discontinued/).waitFor();
	const legacyPanel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'switching API Version to Legacy asks for the legacy credential and shows the deprecation notice, keeping Invoice → Create',
		legacyPanel.includes('CoinRemitter Legacy V2/V3 API') &&
			!legacyPanel.includes('CoinRemitter V1 API') &&
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
		'the required Amount, left empty, is reported on the node (n8n marks required node fields by issues, not asterisks)',
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
	// Node version 2: a new node has no Decision (version 1's, kept for saved workflows); Ask a
	// Person is the one way to approve.
	check(
		'Withdrawal → Create shows Address, Amount, Withdrawal Speed (default Wallet Default) and Ask a Person (default Never), no Decision (node version 2), V1 by default',
		(await selectedText(page, 'resource')) === 'Withdrawal' &&
			(await page.locator('[data-test-id="parameter-input-decision"]').count()) === 0 &&
			(await selectedText(page, 'askAPerson')) === 'Never' &&
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

module.exports = { invoicePanel, withdrawalPanel, withdrawalRequired };
