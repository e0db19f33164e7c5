'use strict';
// Every example imported the way the README says (Workflows → Import from File in the editor),
// then checked as a user sees it: every node on the canvas, none of the package's nodes marked
// with an issue, and no issue on any node except a missing credential of another service (Slack,
// SMTP, Redis: the example's note says to set those up). Its canvas is pictured for the README's
// gallery. deposit-notify's trigger is then opened and listens for a test event: the Test URL.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { check } = require('../../report');
const { EXAMPLES } = require('../../../scripts/n8n-runtime');
const { closeNdv, shot, text, TOOLTIP } = require('../editor');

const isOurs = (type) => type.startsWith('n8n-nodes-coinremitter.');
const isSticky = (type) => type === 'n8n-nodes-base.stickyNote';

/**
 * Workflow menu → Import from File… (n8n 1.x; n8n 2.x: Import → From file…), the file chooser
 * answered with `file`. Both open the header's hidden file input (data-test-id
 * workflow-import-input); where the menu item is not found, the file goes to that same input, so
 * that the rest of the checks still run, and the import check fails. Returns the way taken.
 */
async function importFromFile(page, file) {
	await openNewWorkflow(page);
	const menu = page.locator('[data-test-id="workflow-menu"]').first();
	await menu.waitFor();
	await page.waitForTimeout(800); // the new workflow's canvas settles
	const chooser = page.waitForEvent('filechooser', { timeout: 10000 }).catch(() => null);
	await menu.click();
	const oneLevel = page
		.locator('[data-test-id="workflow-menu-item-import-from-file"]:visible')
		.or(page.getByText(/^Import from File/))
		.first();
	let clicked = await oneLevel
		.click({ timeout: 3000 })
		.then(() => true)
		.catch(() => false);
	if (!clicked) {
		await page
			.getByText(/^Import$/)
			.first()
			.hover()
			.catch(() => {});
		clicked = await page
			.getByText(/^From file/i)
			.first()
			.click({ timeout: 5000 })
			.then(() => true)
			.catch(() => false);
	}
	const opened = clicked ? await chooser : null;
	let way = 'the workflow menu';
	if (opened) await opened.setFiles(file);
	else {
		way = "the header's import input";
		await page.locator('[data-test-id="workflow-import-input"]').setInputFiles(file);
	}
	await closeWorkflowMenu(page);
	return way;
}

/**
 * A new, empty workflow, as the sidebar's "add workflow" opens one: through the editor's own router
 * (no reload of the whole editor, which took most of each example's time); a reload where the
 * router cannot be reached, or has not moved within 10 s (its guard waits on a "save changes?"
 * dialog where the last workflow's save did not finish: on a loaded CI machine, for ever).
 */
async function openNewWorkflow(page) {
	const routed = await Promise.race([
		page
			.evaluate(async () => {
				const router =
					globalThis.document.querySelector('#app')?.__vue_app__?.config.globalProperties.$router;
				// push() resolves with a navigation failure where a guard stopped it (n8n 2.x, from the home page).
				return router ? (await router.push('/workflow/new')) === undefined : false;
			})
			.catch(() => false),
		new Promise((resolve) => setTimeout(resolve, 10000, false)),
	]);
	if (!routed) await page.goto(`${page.baseUrl}/workflow/new`);
	await page.waitForURL(
		(url) => url.pathname.endsWith('/workflow/new') || /[?&]new=true/.test(url.search),
	);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'detached' });
}

/**
 * Closes the workflow menu and waits until it is gone: still showing (n8n 1.x, once after the file
 * chooser), its popper was read as the next node's issues tooltip.
 */
async function closeWorkflowMenu(page) {
	const openMenu = page
		.locator('.el-popper:visible')
		.filter({ hasText: /Import from File|From file/i });
	await page.keyboard.press('Escape');
	for (let attempt = 0; attempt < 10 && (await openMenu.count()) > 0; attempt++) {
		await page.waitForTimeout(300);
		await page.keyboard.press('Escape');
	}
}

/** The issues tooltip of each canvas node that shows an issues icon: [[node text, issue text]]. */
async function canvasIssues(page) {
	const marked = page
		.locator('[data-test-id="canvas-node"]')
		.filter({ has: page.locator('[data-test-id="node-issues"]') });
	const found = [];
	for (let index = 0; index < (await marked.count()); index++) {
		const node = marked.nth(index);
		found.push([await text(node), await issueTooltip(page, node)]);
	}
	return found;
}

/**
 * The text of a node's issues tooltip. The tooltip shows a moment after the hover, and not at all
 * while the previous one is still fading out: hover again (up to 4 times) until one with text
 * shows; '?' if none does.
 */
async function issueTooltip(page, node) {
	const tooltip = page
		.locator(TOOLTIP)
		.filter({ hasText: /\S/ })
		.filter({ hasNotText: /Import from File|From file/i })
		.last();
	for (let attempt = 0; attempt < 4; attempt++) {
		await page.mouse.move(5, 500);
		await tooltip.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
		await node.locator('[data-test-id="node-issues"]').first().hover();
		const shown = await tooltip
			.waitFor({ timeout: 5000 })
			.then(() => true)
			.catch(() => false);
		if (shown) {
			const issue = await text(tooltip);
			await page.mouse.move(5, 500);
			return issue;
		}
	}
	return '?';
}

/** Saves the imported workflow (so that leaving the page asks nothing). */
async function save(page) {
	await page.keyboard.press('Control+s');
	await page
		.waitForURL((url) => /\/workflow\/[A-Za-z0-9]{8,}/.test(url.pathname), { timeout: 20000 })
		.catch(() => {});
	await page.waitForTimeout(500);
}

async function checkExample(page, file) {
	const workflow = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));
	const nodes = workflow.nodes.filter((node) => !isSticky(node.type));
	const way = await importFromFile(page, join(EXAMPLES, file));
	const canvas = page.locator('[data-test-id="canvas-node"]');
	await canvas
		.filter({ hasText: nodes[nodes.length - 1].name })
		.first()
		.waitFor({ timeout: 20000 });
	const shown = await canvas.allInnerTexts();
	check(
		`example ${file} imported through the workflow menu's Import from File shows its ${nodes.length} nodes`,
		way === 'the workflow menu' &&
			nodes.every((node) => shown.some((label) => label.includes(node.name))),
		`through ${way}: ${shown.join(' | ')}`,
	);
	const issues = await canvasIssues(page);
	const typeOf = (label) => nodes.find((node) => label.includes(node.name))?.type ?? 'unknown node';
	const refused = issues.filter(
		([label, issue]) => isOurs(typeOf(label)) || !/credential/i.test(issue),
	);
	check(
		`example ${file}: no CoinRemitter node has an issue, nor any node but another service's credential to set up`,
		refused.length === 0,
		JSON.stringify(issues),
	);
	await page.keyboard.press('Shift+1').catch(() => {}); // zoom to fit
	await page.keyboard.press('1').catch(() => {});
	await shot(page, `example-${file.replace(/\.json$/, '')}`);
	await save(page);
}

/** deposit-notify's trigger, opened, its Webhook URLs unfolded: the Test URL. */
async function triggerTestUrl(page) {
	await page
		.locator('[data-test-id="canvas-node"]', { hasText: 'Confirmed deposit' })
		.first()
		.dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.getByText('Webhook URLs').first().click();
	await ndv
		.getByText(/webhook-test\//)
		.first()
		.waitFor({ timeout: 20000 });
	const shown = await text(ndv);
	check(
		'the trigger of an imported example shows its own Test URL (…/webhook-test/<new id>/webhook)',
		/\/webhook-test\/\S+\/webhook/.test(shown),
		shown.slice(0, 600),
	);
	await shot(page, 'trigger-test-url');
	await closeNdv(page);
}

async function examplesImported(page) {
	const files = readdirSync(EXAMPLES).filter((name) => name.endsWith('.json'));
	for (const file of files) {
		await checkExample(page, file);
		if (file === 'deposit-notify.json') await triggerTestUrl(page);
	}
}

module.exports = { examplesImported };
