'use strict';
// The trigger's panel: its two credential fields, Order Statuses read back through the REST API,
// and its shipped schema: served by n8n where its editor looks, shown in the next node's input
// panel on n8n 1.x; n8n 2.x's editor gives no trigger a schema preview (README: "The output schema
// in the editor").
const { check } = require('../../report');
const { closeNdv, openCoinRemitterInCreator, shot, text } = require('../editor');

async function triggerOptions(page, instance) {
	await page.goto(`${page.baseUrl}/workflow/new`);
	const entry = await openCoinRemitterInCreator(page);
	await entry.first().click();
	await page.getByText('On invoice', { exact: true }).click();
	await page.locator('[data-test-id="parameter-input-events"]').waitFor();
	const panel = await text(page.locator('[data-test-id="node-parameters"]'));
	check(
		'the trigger shows two distinct credential fields, v1 and legacy, and says which is which',
		panel.includes('CoinRemitter V1 API') &&
			panel.includes('CoinRemitter Legacy V2/V3 API') &&
			!panel.includes('Credential to connect with') &&
			panel.includes('credential above (V1 or Legacy V2/V3, not both)'),
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

	// The schema file is where n8n looks: GET /schemas/<node type>/<version>.json (both lines), for
	// the version the editor places (2) and the one saved workflows keep (1).
	for (const version of ['3.0.0', '2.0.0', '1.0.0']) {
		const path = `/schemas/n8n-nodes-coinremitter.coinRemitterTrigger/${version}.json`;
		const served = await fetch(`${page.baseUrl}${path}`);
		const servedSchema = served.ok ? await served.json() : {};
		check(
			`n8n serves the trigger's shipped schema at ${path} (from dist/nodes/CoinRemitterTrigger/__schema__/v${version}.json)`,
			['txid', 'amount', 'status_code', 'confirmations'].every(
				(field) => field in (servedSchema.properties ?? {}),
			),
			`${served.status} ${JSON.stringify(servedSchema).slice(0, 300)}`,
		);
	}

	// A node after the trigger, before any event.
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
	if (page.n8nMajor === 1) {
		await input.getByText(/Usually outputs the following fields/).waitFor({ timeout: 15000 });
		const schema = await text(input);
		check(
			"n8n 1.x: before any event, the next node's input panel shows the trigger's shipped schema as a preview: txid, amount, status_code, confirmations…",
			schema.includes('CoinRemitter Trigger') &&
				schema.includes('Preview') &&
				['txid', 'amount', 'status_code', 'confirmations'].every((field) => schema.includes(field)),
			schema.slice(0, 600),
		);
	} else {
		await input.getByText(/to view input data/).waitFor({ timeout: 15000 });
		await page.waitForTimeout(1500); // a schema preview, if any, is fetched and drawn by now
		const schema = await text(input);
		check(
			'n8n 2.x: before any event, the next node\'s input panel lists CoinRemitter Trigger with "Execute previous nodes to view input data" and no fields (2.x\'s editor gives no trigger a schema preview)',
			schema.includes('CoinRemitter Trigger') &&
				/Execute previous nodes\s*to view input data/.test(schema) &&
				!['txid', 'status_code', 'confirmations'].some((field) => schema.includes(field)),
			schema.slice(0, 600),
		);
	}
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
		'saved and read back through the REST API: a version-3 trigger, Order Statuses are the numbers [1, 3] the trigger matches, Events ["invoice"]',
		trigger?.typeVersion === 3 &&
			JSON.stringify(trigger?.parameters?.options?.statuses) === '[1,3]' &&
			JSON.stringify(trigger?.parameters?.events) === '["invoice"]',
		`typeVersion ${trigger?.typeVersion}: ${JSON.stringify(trigger?.parameters)}`,
	);
}

module.exports = { triggerOptions };
