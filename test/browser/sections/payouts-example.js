'use strict';
// The payouts example opened and executed from the editor, with its output.
const { check } = require('../../report');
const { executeWorkflow, shot, text } = require('../editor');

const withdrawCalls = (sim) =>
	sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;

/** Opens the last canvas node named `name` and shows its output as JSON. */
async function openOutput(page, name) {
	await page.locator('[data-test-id="canvas-node"]', { hasText: name }).last().dblclick();
	const output = page.locator('[data-test-id="output-panel"]');
	await output.waitFor();
	await output
		.getByText('JSON', { exact: true })
		.click()
		.catch(() => {});
	return output;
}

async function payoutsExample(page, sim) {
	await page.goto(`${page.baseUrl}/workflow/crExPayouts00001`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	const names = await page.locator('[data-test-id="canvas-node"]').allInnerTexts();
	check(
		'the payouts example opens on the canvas with its CoinRemitter nodes',
		['Enough for all, fees included?', 'Validate address', 'Withdraw'].every((name) =>
			names.some((shown) => shown.includes(name)),
		),
		names.join(' | '),
	);
	const subtitles = names.join(' | ');
	check(
		'its CoinRemitter nodes read "Check Funds: Withdrawal", "Validate: Address"…',
		subtitles.includes('Check Funds: Withdrawal') && subtitles.includes('Validate: Address'),
		subtitles,
	);
	const before = withdrawCalls(sim);
	await executeWorkflow(page);
	const after = withdrawCalls(sim);
	check(
		'executed from the editor, it withdraws the two payouts from the simulator',
		after - before === 2,
		`withdraw calls ${before} → ${after}`,
	);
	await shot(page, 'payouts-executed');
	const output = await openOutput(page, 'Withdraw');
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
	await secondRun(page, sim);
}

/** Run again: nothing is sent, and both rows show on the Not sent branch, with why. */
async function secondRun(page, sim) {
	await page.keyboard.press('Escape');
	const before = withdrawCalls(sim);
	await executeWorkflow(page);
	const after = withdrawCalls(sim);
	const panel = await openOutput(page, 'Not sent');
	await panel
		.getByText(/already attempted/)
		.first()
		.waitFor({ timeout: 15000 })
		.catch(() => {});
	const shown = await text(panel);
	check(
		'run a second time, it sends nothing, and both rows show on the Not sent branch, refused as already attempted',
		after === before && /2 items/.test(shown) && shown.includes('already attempted'),
		`withdraw calls ${before} → ${after}; ${shown.slice(0, 600)}`,
	);
	await shot(page, 'payouts-second-run');
}

module.exports = { payoutsExample };
