'use strict';
// Moving about n8n's editor in the browser suite: signing in, the node creator, parameters,
// a node's issues, closing the node panel, screenshots.
const { join } = require('node:path');
const { OWNER } = require('../../scripts/n8n-runtime');

// One folder per n8n line: the lines run at once in CI.
const SHOTS = join(__dirname, 'screenshots', process.env.COINREMITTER_BROWSER_N8N || 'newest-2x');

async function shot(page, name, options = {}) {
	const path = join(SHOTS, `${name}.png`);
	await page.waitForTimeout(800); // panels and dropdowns animate in and out
	await page.screenshot({ path, ...options });
	return path;
}

// A visible tooltip: Element Plus poppers in n8n 1.x, reka-ui tooltips (tooltip-content) in 2.x.
const TOOLTIP = '.el-popper:visible, [data-test-id="tooltip-content"]:visible';

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

async function signIn(page, baseUrl) {
	await page.goto(`${baseUrl}/signin`);
	await page.fill('input[name="emailOrLdapLoginId"]', OWNER.email);
	await page.fill('input[name="password"]', OWNER.password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 30000 });
}

/** Opens the node creator on the canvas and the CoinRemitter entry found by searching "CoinRemitter". */
async function openCoinRemitterInCreator(page) {
	await page.click('[data-test-id="node-creator-plus-button"]');
	await page.locator('[data-test-id="node-creator-search-bar"]').fill('CoinRemitter');
	const entry = page.locator('[data-test-id="node-creator-item-name"]', {
		hasText: /^CoinRemitter$/,
	});
	await entry.first().waitFor();
	return entry;
}

async function chooseOption(page, parameter, optionName) {
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	await page.locator('.el-select-dropdown__item:visible', { hasText: optionName }).first().click();
	await page.waitForTimeout(400); // the dropdown fades out
}

const selectedText = async (page, parameter) =>
	(await page
		.locator(`[data-test-id="parameter-input-${parameter}"] input`)
		.first()
		.inputValue()
		.catch(() => '')) ||
	(await text(page.locator(`[data-test-id="parameter-input-${parameter}"]`)));

/** The issues n8n lists for a canvas node (hovering its warning icon): how n8n marks required fields left empty. */
async function nodeIssues(page, nodeText) {
	const icon = page
		.locator('[data-test-id="canvas-node"]', { hasText: nodeText })
		.locator('[data-test-id="node-issues"]');
	if ((await icon.count()) === 0) return '';
	await icon.first().hover();
	const tooltip = page.locator(TOOLTIP, { hasText: /required|Parameter/ }).last();
	await tooltip.waitFor({ timeout: 5000 }).catch(() => {});
	const shown = (await tooltip.count()) > 0 ? await text(tooltip) : '';
	await page.mouse.move(5, 500);
	return shown;
}

async function closeNdv(page) {
	const back = page.locator('[data-test-id="back-to-canvas"]');
	// n8n 2.x's panel has a close button instead of the "Back to canvas" link.
	const close = page
		.locator('[data-test-id="ndv"]')
		.locator(
			'[data-test-id="ndv-close-button"], [data-test-id="close-button"], button[aria-label="Close"], [aria-label="Close"]',
		);
	if (await back.isVisible()) await back.click();
	else if ((await close.count()) > 0) await close.first().click();
	else {
		await page.mouse.click(5, 5);
		await page.keyboard.press('Escape');
	}
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
}

/** Executes the open workflow and waits for n8n's success notice of this run, not one still shown from before. */
async function executeWorkflow(page) {
	const earlier = await page
		.locator('.el-notification')
		.evaluateAll((notices) =>
			notices.filter((notice) => notice.id).map((notice) => `:not(#${notice.id})`),
		);
	await page.locator('[data-test-id="execute-workflow-button"]').click();
	await page
		.locator(`.el-notification${earlier.join('')}`, { hasText: /Workflow executed successfully/ })
		.first()
		.waitFor({ timeout: 60000 });
}

module.exports = {
	chooseOption,
	closeNdv,
	executeWorkflow,
	nodeIssues,
	openCoinRemitterInCreator,
	selectedText,
	shot,
	SHOTS,
	signIn,
	text,
	TOOLTIP,
};
