'use strict';
// The node creator: the CoinRemitter entry, its description, the trigger's events, each v1
// action once, the icons.
const { check } = require('../../report');
const { openCoinRemitterInCreator, shot, text } = require('../editor');

const V1_ACTIONS = [
	'Create an address',
	'Get the transactions of an address',
	'Validate an address',
	'Bill the rest of an underpaid invoice',
	'Create an invoice',
	'Get an invoice',
	'Refund an invoice',
	'Convert crypto to fiat',
	'Convert fiat to crypto',
	'Get supported currencies',
	'Get a transaction',
	'Get the wallet balance',
	'Withdraw coins to an address',
	'Estimate a withdrawal',
	'Check the wallet covers a batch of payouts',
	'Send a payout a person approved',
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
	// The groups render one after the other: read the list once every action is shown.
	for (const action of V1_ACTIONS)
		await creator
			.getByText(action, { exact: true })
			.first()
			.waitFor({ timeout: 10000 })
			.catch(() => {});
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
		`each of the ${V1_ACTIONS.length} v1 actions is listed exactly once, grouped by resource (no second copy, nothing legacy)`,
		shown.includes(`Actions (${V1_ACTIONS.length})`) &&
			Object.values(counts).every((count) => count === 1) &&
			!/legacy/i.test(shown) &&
			shown.includes('WITHDRAWAL ACTIONS'),
		JSON.stringify(counts) + shown,
	);
	const icons = await creator.locator('img[src$="coinremitter.svg"]').count();
	check(
		'every trigger and action row carries the CoinRemitter icon',
		icons >= 4 + V1_ACTIONS.length + 1,
		`icons: ${icons}`,
	);
	await shot(page, 'node-creator');
}

module.exports = { nodeCreator };
