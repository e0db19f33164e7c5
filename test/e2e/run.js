#!/usr/bin/env node
'use strict';
// End-to-end suite: the packed package installed into real n8n exactly as n8n installs community
// packages, driven by workflows against the gateway simulator over HTTP on 127.0.0.1.
// Prints one line per check and a final "N passed, N failed" line; exits non-zero on any failure.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { startSimulator, callbacks } = require('../../simulator/server');
const {
	attempt,
	check,
	credentialsFor,
	EXAMPLES,
	finish,
	packPackage,
	prepareN8n,
	results,
	targets,
	waitFor,
	webhookRegistered,
} = require('../harness');
const {
	actionsWorkflow,
	concurrencyWorkflow,
	payoutRetryWorkflow,
	triggerWorkflow,
	TRIGGER_WEBHOOK_ID,
} = require('./workflows');

const output = (run, nodeName) =>
	run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];

async function checkActions(instance, sim, tag) {
	sim.requests.length = 0;
	const run = await instance.execute(actionsWorkflow());
	const balance = output(run, 'V1 Balance')[0];
	check(
		`${tag} v1 wallet getBalance returns the exact string balance`,
		balance?.balance === '25.00000000',
		JSON.stringify(balance),
	);
	const address = output(run, 'V1 New Address')[0];
	check(
		`${tag} v1 address create sends the label`,
		address?.label === 'e2e1' && /^T\w{33}$/.test(address?.address ?? ''),
	);
	const estimate = output(run, 'V1 Estimate')[0];
	check(
		`${tag} v1 withdrawal estimate keeps amounts exact`,
		estimate?.amount === '0.12345678' && estimate?.total_amount === '0.12386542',
		JSON.stringify(estimate),
	);
	const invoice = output(run, 'V1 Invoice')[0];
	check(
		`${tag} v1 invoice create`,
		invoice?.status_code === 0 && invoice?.custom_data1 === 'e2e-42',
	);
	const wrong = output(run, 'V1 Wrong Keys')[0];
	check(
		`${tag} wrong v1 keys give a clear error without the password`,
		wrong?.error === 'The CoinRemitter API key or API password is wrong [1003]' &&
			!JSON.stringify(run).includes('not-the-password'),
		JSON.stringify(wrong),
	);

	const v1Requests = sim.requests.filter((request) => request.path.startsWith('/v1/'));
	check(
		`${tag} v1 requests are multipart with the credential headers`,
		v1Requests.length === 6 &&
			v1Requests.every((request) => request.headers['x-api-key'] === 'sim_tcn_key') &&
			v1Requests
				.filter((request) => request.path !== '/v1/wallet/balance')
				.every((request) => request.bodyKind === 'multipart/form-data'),
		JSON.stringify(v1Requests.map((r) => [r.path, r.bodyKind])),
	);

	const legacyInvoice = sim.requests.find(
		(request) => request.path === '/api/v3/TCN/create-invoice',
	);
	check(
		`${tag} legacy credentials reach the server inside the multipart body`,
		legacyInvoice?.bodyKind === 'multipart/form-data' &&
			legacyInvoice.fields.api_key === 'sim_tcn_key' &&
			legacyInvoice.fields.password === 'sim_tcn_password' &&
			legacyInvoice.fields.success_url === 'https://shop.example/ok',
		JSON.stringify(legacyInvoice?.fields),
	);
	check(
		`${tag} legacy v3 invoice create`,
		output(run, 'Legacy V3 Invoice')[0]?.success_url === 'https://shop.example/ok',
	);
	const legacyBalance = output(run, 'Legacy V2 Balance')[0];
	check(
		`${tag} legacy v2 getBalance keeps the numeric balance exact`,
		legacyBalance?.balance === '40.00000000',
		JSON.stringify(legacyBalance),
	);
	const v2Invoice = sim.requests.find((request) => request.path === '/api/v2/LTC/create-invoice');
	check(
		`${tag} legacy v2 spells suceess_url`,
		v2Invoice?.fields.suceess_url === 'https://shop.example/ok' &&
			v2Invoice?.fields.api_key === 'sim_ltc_key',
	);
	const prices = output(run, 'Legacy Coin Prices')[0];
	const priceRequest = sim.requests.find((request) => request.path === '/api/v2/get-coin-rate');
	check(
		`${tag} legacy v2 coin prices (GET with credentials)`,
		prices?.BTC?.price === '60000.00000000' && priceRequest?.query?.api_key === 'sim_ltc_key',
	);
	const rates = output(run, 'V1 Rates Every Coin');
	check(
		`${tag} v1 fiat-to-crypto without a coin gives one item per coin, exact prices`,
		rates.length > 3 &&
			rates.every((rate) => /^\d+\.\d{8}$/.test(rate.price) && rate.short_name) &&
			rates.some((rate) => rate.short_name === 'TCN' && rate.price === '100.00000000'),
		JSON.stringify(rates).slice(0, 400),
	);
	const userAgent = sim.requests.find((request) => request.path === '/v1/wallet/balance')?.headers[
		'user-agent'
	];
	check(
		`${tag} requests carry the package's User-Agent`,
		/^n8n-nodes-coinremitter\/\d+\.\d+\.\d+$/.test(userAgent ?? ''),
		userAgent,
	);
}

/** 40 balance checks against a gateway 150 ms away: in flight together, in input order, each paired to its input. */
async function checkConcurrency(instance, sim, tag) {
	const count = 40;
	const latencyMs = 150;
	sim.requests.length = 0;
	sim.options.latencyMs = latencyMs;
	let run;
	try {
		run = await instance.execute(concurrencyWorkflow(count));
	} finally {
		sim.options.latencyMs = 0;
	}
	const task = run.data.resultData.runData['Get Balance']?.[0];
	const items = task?.data?.main?.[0] ?? [];
	const inOrder =
		items.length === count &&
		items.every(
			(item, i) =>
				item.pairedItem?.item === i &&
				typeof item.json.balance === 'string' &&
				item.json.balance === items[0].json.balance,
		);
	check(
		`${tag} ${count} Get Balance items at ${latencyMs} ms latency finish in well under ${count} × ${latencyMs} ms, in order and paired`,
		inOrder && task.executionTime < (count * latencyMs) / 4 && sim.requests.length === count,
		JSON.stringify({
			ms: task?.executionTime,
			items: items.length,
			requests: sim.requests.length,
			first: items[0],
		}),
	);
}

async function checkExamples(instance, sim, tag) {
	const dir = EXAMPLES;
	const examples = readdirSync(dir).filter((name) => name.endsWith('.json'));
	for (const file of examples) {
		const workflow = JSON.parse(readFileSync(join(dir, file), 'utf8'));
		await instance.importWorkflow(workflow);
		check(`${tag} example ${file} imports`, true);
	}
	const balanceBefore = sim.wallet('sim_tcn_key').balance;
	sim.requests.length = 0;
	const run = await instance.execute(JSON.parse(readFileSync(join(dir, 'payouts.json'), 'utf8')));
	const withdrawals = output(run, 'Withdraw');
	check(
		`${tag} the payouts example validates, estimates and withdraws each payout once`,
		withdrawals.length === 2 &&
			withdrawals.map((w) => w.amount).join(',') === '0.50000000,1.25000000' &&
			sim.requests.filter((r) => r.path === '/v1/wallet/withdraw').length === 2 &&
			sim.wallet('sim_tcn_key').balance < balanceBefore,
		JSON.stringify(withdrawals).slice(0, 500) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 500),
	);
}

/** The AI agent example, executed: the model (the simulator's scripted one) calls the CoinRemitter tools. */
async function checkAgent(instance, sim, tag) {
	const dir = EXAMPLES;
	sim.requests.length = 0;
	sim.chats.length = 0;
	const run = await instance.execute(
		JSON.parse(readFileSync(join(dir, 'ai-agent-tools.json'), 'utf8')),
	);
	const invoiceCall = sim.requests.find((request) => request.path === '/v1/invoice/create');
	const balanceCall = sim.requests.find((request) => request.path === '/v1/wallet/balance');
	check(
		`${tag} the AI agent example calls the balance tool and the invoice tool with the model's arguments`,
		balanceCall !== undefined &&
			invoiceCall?.fields.amount === '25' &&
			invoiceCall?.fields.fiat_currency === 'EUR' &&
			invoiceCall?.fields.name === 'Agent order',
		JSON.stringify(sim.requests.map((request) => [request.path, request.fields])).slice(0, 600) +
			JSON.stringify(run.data.resultData.error ?? {}).slice(0, 600),
	);
	const tools = sim.chats[0]?.tools ?? [];
	const invoiceTool = tools.find((tool) => /invoice/i.test(tool.function?.description ?? ''));
	const parameters = invoiceTool?.function?.parameters?.properties ?? {};
	check(
		`${tag} the model is shown the tools with their descriptions and $fromAI parameters`,
		tools.length === 3 &&
			['amount', 'fiat_currency', 'name'].every((name) => parameters[name]?.description),
		JSON.stringify(tools).slice(0, 800),
	);
	const toolResults = (sim.chats.at(-1)?.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content));
	const answer = output(run, 'Payments agent')[0]?.output ?? '';
	check(
		`${tag} the tools' answers went back to the model (balance, invoice URL) and the agent answered`,
		toolResults.length === 2 &&
			toolResults[0].includes('balance') &&
			toolResults[1].includes('https://sim.coinremitter.local/invoice/') &&
			answer.startsWith('Done.'),
		JSON.stringify({ toolResults, answer }).slice(0, 800),
	);
}

async function checkTrigger(instance, sim, tag) {
	const url = `${instance.baseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	const registered = await webhookRegistered(url);
	check(`${tag} the active workflow's webhook is registered`, registered);
	const address = 'T' + 'a'.repeat(33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'e2e',
		createdAt: Date.now(),
		expiresAt: Date.now() + 60000,
	});
	const sinkBefore = () => sim.sink.length;

	const deposit = sim.deposit('sim_tcn_key', address, '0.42000000', 1);
	const first = await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, deposit.id));
	check(
		`${tag} trigger answers a multipart deposit callback with 200`,
		first.status === 200,
		`${first.status} ${first.body}`,
	);
	const arrived = await waitFor(() => sim.sink.length === 1);
	const item = sim.sink[0];
	check(
		`${tag} the next node receives a typed, verified deposit item`,
		arrived &&
			item.event === 'deposit' &&
			item.interface === 'v1' &&
			item.verified === true &&
			item.amount === '0.42000000' &&
			item.confirmations === 1 &&
			item.required_confirmations === 3,
		JSON.stringify(item),
	);

	const duplicate = await callbacks.fireCallback(
		url,
		callbacks.v1TransactionWebhook(sim, deposit.id),
	);
	const forged = await callbacks.fireCallback(url, {
		...callbacks.v1TransactionWebhook(sim, deposit.id),
		id: 'forged',
		amount: '900.00000000',
	});
	await new Promise((resolve) => setTimeout(resolve, 1500));
	check(
		`${tag} a duplicate callback starts nothing`,
		duplicate.status === 200 && duplicate.body.includes('duplicate') && sinkBefore() === 1,
		duplicate.body,
	);
	check(
		`${tag} a forged callback gets 403 and starts nothing`,
		forged.status === 403 && sinkBefore() === 1,
		`${forged.status} ${forged.body}`,
	);

	const order = callbacks.widgetOrders.presale();
	const widget = await callbacks.fireCallback(url, order, { nested: 'brackets' });
	await waitFor(() => sim.sink.length === 2);
	const widgetItem = sim.sink[1];
	check(
		`${tag} a presale widget order in bracket notation arrives typed`,
		widget.status === 200 &&
			widgetItem?.event === 'widgetOrder' &&
			widgetItem?.conversion_rate?.fiat_to_token === '100.00000000' &&
			widgetItem?.status_code === 1,
		JSON.stringify(widgetItem),
	);

	const confirmed = sim.confirm(deposit.id, 3);
	await callbacks.fireCallback(url, callbacks.v1TransactionWebhook(sim, confirmed.id), {
		encoding: 'urlencoded',
	});
	const again = await waitFor(() => sim.sink.length === 3);
	check(
		`${tag} the confirmed state of the same deposit starts the workflow once more`,
		again && sim.sink[2]?.status_code === 1,
	);

	const bad = await fetch(url, {
		method: 'POST',
		body: 'hello=world',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	});
	check(`${tag} an unknown body gets 400`, bad.status === 400);

	// A v1 invoice notification carries merchant_id and coin_symbol: it is v1, verified with the v1 credential.
	const invoice = sim.createV1Invoice('sim_tcn_key', { amount: '10', fiat_currency: 'USD' });
	const pendingInvoice = await callbacks.fireCallback(
		url,
		callbacks.invoiceNotification(sim, invoice.invoice_id),
	);
	const paidNotification = callbacks.payInvoice(sim, invoice.invoice_id, invoice.total_amount.TCN);
	const forgedInvoice = await callbacks.fireCallback(url, {
		...paidNotification,
		invoice_id: 'TCN9999',
	});
	const paidInvoice = await callbacks.fireCallback(url, paidNotification);
	const invoiceArrived = await waitFor(() => sim.sink.length === 4);
	check(
		`${tag} a paid v1 invoice notification (with merchant_id) starts one verified v1 item; Order Statuses stored as numbers`,
		paidInvoice.status === 200 &&
			invoiceArrived &&
			sim.sink[3]?.event === 'invoice' &&
			sim.sink[3]?.interface === 'v1' &&
			sim.sink[3]?.verified === true &&
			sim.sink[3]?.status_code === 1,
		JSON.stringify(sim.sink[3] ?? paidInvoice.body).slice(0, 500),
	);
	check(
		`${tag} a pending invoice is answered 200 and ignored (status not selected)`,
		pendingInvoice.status === 200 && pendingInvoice.body.includes('not selected'),
		pendingInvoice.body,
	);
	check(
		`${tag} a forged paid invoice is refused with 403`,
		forgedInvoice.status === 403,
		`${forgedInvoice.status} ${forgedInvoice.body}`,
	);

	// Deliveries are remembered in the workflow's static data: a restarted n8n still skips them.
	await instance.stop();
	await instance.start();
	await webhookRegistered(url);
	const afterRestart = await callbacks.fireCallback(
		url,
		callbacks.v1TransactionWebhook(sim, confirmed.id),
	);
	await new Promise((resolve) => setTimeout(resolve, 1500));
	check(
		`${tag} after an n8n restart, an already delivered state still starts nothing`,
		afterRestart.body.includes('duplicate') && sim.sink.length === 4,
		afterRestart.body,
	);
}

async function checkCredentialTests(instance, sim, tag) {
	await instance.setupOwner();
	const test = async (credential, data) =>
		(await instance.rest('POST', '/credentials/test', { credentials: { ...credential, data } }))
			.data;
	const [v1, , legacyTcn, legacyLtc] = credentialsFor(sim.url);
	sim.requests.length = 0;
	const right = await test(v1, v1.data);
	check(
		`${tag} v1 credential test passes with the right keys`,
		right.status === 'OK',
		JSON.stringify(right),
	);
	const wrong = await test(v1, { ...v1.data, apiPassword: 'wrong-password-1' });
	check(
		`${tag} v1 credential test fails on wrong keys (HTTP 200, error 1003)`,
		wrong.status === 'Error' &&
			/refused the API key/.test(wrong.message) &&
			!JSON.stringify(wrong).includes('wrong-password-1'),
		JSON.stringify(wrong),
	);
	for (const legacy of [legacyTcn, legacyLtc]) {
		const ok = await test(legacy, legacy.data);
		check(
			`${tag} legacy ${legacy.data.coin} credential test passes`,
			ok.status === 'OK',
			JSON.stringify(ok),
		);
		const bad = await test(legacy, { ...legacy.data, password: 'wrong-password-2' });
		check(
			`${tag} legacy ${legacy.data.coin} credential test fails on flag 0`,
			bad.status === 'Error' && /refused the API key or password/.test(bad.message),
			JSON.stringify(bad),
		);
	}
	const balanceCall = sim.requests.find((request) => request.path === '/api/v3/TCN/get-balance');
	check(
		`${tag} the legacy credential test sends the keys in a multipart body`,
		balanceCall?.bodyKind === 'multipart/form-data' && balanceCall.fields.api_key === 'sim_tcn_key',
		JSON.stringify(balanceCall ?? sim.requests.map((r) => r.path)),
	);
}

/** A failed payout run: the first payout is paid, the second refused; then n8n's own Retry must not pay the first again. */
async function runFailingPayouts(instance) {
	try {
		await instance.execute(payoutRetryWorkflow());
	} catch {
		// the run fails on the refused payout, as intended
	}
}

async function checkPayoutRetry(instance, sim, tag) {
	const paidBefore = sim.requests.filter(
		(request) => request.path === '/v1/wallet/withdraw',
	).length;
	const listed = await instance.rest(
		'GET',
		`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: 'crE2ePayRetry001' }))}`,
	);
	const executions = listed.data?.results ?? listed.data ?? [];
	const failed = executions.find(
		(execution) =>
			execution.status === 'error' || execution.status === 'failed' || execution.finished === false,
	);
	check(
		`${tag} the payout run failed on the refused payout and was saved`,
		failed !== undefined,
		JSON.stringify(listed).slice(0, 400),
	);
	if (!failed) return;
	const retried = await instance.rest('POST', `/executions/${failed.id}/retry`, {
		loadWorkflow: false,
	});
	const paidAfter = sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;
	const sends = [...sim.state.transactions.values()].filter(
		(tx) => tx.type === 'send' && tx.address === 'T' + '7'.repeat(33),
	);
	check(
		`${tag} n8n's Retry of a failed payout run does not pay the already paid payout again (1 withdrawal per intended payout)`,
		paidAfter === paidBefore && sends.length === 1,
		`withdraw calls before ${paidBefore}, after ${paidAfter}; sends ${sends.length}; retry ${JSON.stringify(retried).slice(0, 300)}`,
	);
}

async function checkTarget(target, tarball, sim) {
	const tag = `[${target.label}]`;
	sim.reset();
	const instance = await prepareN8n({ ...target, tarball, credentials: credentialsFor(sim.url) });
	try {
		await attempt(`${tag} actions through n8n execute`, () => checkActions(instance, sim, tag));
		await attempt(`${tag} example workflows`, () => checkExamples(instance, sim, tag));
		await runFailingPayouts(instance);
		await attempt(`${tag} AI agent example`, () => checkAgent(instance, sim, tag));
		await attempt(`${tag} items in flight together`, () => checkConcurrency(instance, sim, tag));

		await instance.importWorkflow(triggerWorkflow(sim.url));
		await instance.activate('crE2eTrigger0001');
		await instance.start();
		const nodes = await instance.types('nodes.json');
		const credentials = await instance.types('credentials.json');
		const nodeNames = nodes.map((n) => n.name);
		check(
			`${tag} n8n lists both nodes`,
			nodeNames.includes('n8n-nodes-coinremitter.coinRemitter') &&
				nodeNames.includes('n8n-nodes-coinremitter.coinRemitterTrigger'),
		);
		const codex = (name) => nodes.find((n) => n.name === `n8n-nodes-coinremitter.${name}`)?.codex;
		check(
			`${tag} n8n reads both codex files (node creator category Finance & Accounting, documentation links)`,
			['coinRemitter', 'coinRemitterTrigger'].every(
				(name) =>
					codex(name)?.categories?.includes('Finance & Accounting') &&
					codex(name)?.resources?.primaryDocumentation?.length > 0,
			),
			JSON.stringify([codex('coinRemitter'), codex('coinRemitterTrigger')]),
		);
		check(
			`${tag} n8n lists both credentials`,
			['coinRemitterApi', 'coinRemitterLegacyApi'].every((name) =>
				credentials.some((c) => c.name === name),
			),
		);
		sim.sink.length = 0;
		await attempt(`${tag} trigger in an active workflow`, () => checkTrigger(instance, sim, tag));
		await attempt(`${tag} credential tests in the n8n API`, () =>
			checkCredentialTests(instance, sim, tag),
		);
		await attempt(`${tag} payout retry`, () => checkPayoutRetry(instance, sim, tag));
	} finally {
		await instance.dispose({ showLog: results.failed > 0 });
	}
}

(async () => {
	const sim = await startSimulator({ rateLimit: 1000 });
	try {
		const tarball = await packPackage();
		const available = await targets();
		if (available.length === 0)
			check('an n8n to test against is installed', false, 'run scripts/install-n8n.sh first');
		for (const target of available) {
			await attempt(`[${target.label}] end-to-end`, () => checkTarget(target, tarball, sim));
		}
	} finally {
		await sim.stop();
	}
	finish();
})();
