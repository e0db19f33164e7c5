'use strict';
// The credential dialog: fields, help, Test failing on a wrong key and passing against the simulator.
const { check } = require('../../report');
const { shot, text, TOOLTIP } = require('../editor');

async function credentialDialog(page, sim) {
	// In the open Withdrawal → Create panel: create a new v1 credential from the credential picker.
	await page.locator('[data-test-id="node-credentials-select"]').click();
	await page.locator('[data-test-id="node-credentials-select-item-new"]').click();
	const modal = page.locator('[data-test-id="editCredential-modal"]');
	await modal.waitFor();
	await modal.locator('[data-test-id="parameter-input-apiKey"] input').waitFor();
	const baseUrl = modal.locator('[data-test-id="parameter-input-baseUrl"] input');
	// n8n 2.x fills in the defaults a moment after the fields appear.
	await page
		.waitForFunction((input) => input.value !== '', await baseUrl.elementHandle(), {
			timeout: 5000,
		})
		.catch(() => {});
	const dialog = await text(modal);
	const baseUrlShown = await baseUrl.inputValue();
	check(
		'the credential dialog shows API Key, API Password, Base URL (default https://api.coinremitter.com)',
		dialog.includes('API Key') &&
			dialog.includes('API Password') &&
			baseUrlShown === 'https://api.coinremitter.com',
		`${dialog} / Base URL: ${baseUrlShown}`,
	);
	check(
		'the credential dialog names the credential type with its interface, marks the key and password required and links the docs',
		dialog.includes('CoinRemitter V1 API') &&
			/API Key\s*\*/.test(dialog) &&
			/API Password\s*\*/.test(dialog) &&
			// n8n 1.x: "Open docs"; 2.x: "… or read the docs"
			/Open docs|read the docs/.test(dialog),
		dialog,
	);
	const apiKeyLabel = modal.locator('label', { hasText: /^API Key/ }).first();
	await apiKeyLabel.hover();
	await apiKeyLabel.locator('svg').first().hover();
	const help = page.locator(TOOLTIP, { hasText: "wallet's settings" });
	await help.waitFor({ timeout: 5000 }).catch(() => {});
	check(
		'hovering API Key shows where to find it in the CoinRemitter account',
		(await help.count()) > 0 && (await text(help.first())).includes('CoinRemitter account'),
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
	// n8n 1.x keeps the dialog open with "Connection tested successfully"; 2.x closes it once the
	// saved credential tests well, and the node's credential field shows it.
	await Promise.race([
		modal.getByText(/Connection tested successfully/).waitFor({ timeout: 30000 }),
		modal.waitFor({ state: 'hidden', timeout: 30000 }),
	]).catch(() => {});
	const stillOpen = await modal.isVisible();
	const picked = await page
		.locator('[data-test-id="node-credentials-select"]')
		.evaluate((select) =>
			[select.textContent, ...[...select.querySelectorAll('input')].map((input) => input.value)]
				.join(' ')
				.trim(),
		);
	check(
		'Test succeeds against the simulator with the right key (1.x: "Connection tested successfully"; 2.x: the dialog closes and the node uses the new credential)',
		stillOpen
			? (await text(modal)).includes('Connection tested successfully')
			: /CoinRemitter V1 account/.test(picked),
		stillOpen ? await text(modal) : `dialog closed; the node's credential: ${picked}`,
	);
	await shot(page, 'credential-ok');
	// The README's picture of a credential: the dialog showing the test passed. n8n 2.x closed it;
	// the node's pencil opens it again, and n8n tests it again.
	if (!(await modal.isVisible()))
		await page
			.locator('[data-test-id="credential-edit-button"]')
			.first()
			.click()
			.catch(() => {});
	await modal
		.getByText(/Connection tested successfully/)
		.waitFor({ timeout: 20000 })
		.then(() => shot(page, 'credential-tested'))
		.catch(() => {});
	if (await modal.isVisible()) {
		await page.keyboard.press('Escape');
		await modal.waitFor({ state: 'hidden' }).catch(() => {});
	}
}

module.exports = { credentialDialog };
