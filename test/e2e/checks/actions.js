'use strict';
// The actions through `n8n execute`: v1 and legacy (v2, v3) reads and writes against the simulator,
// and many items in flight together.
const { check } = require('../../report');
const { nodeOutput } = require('../../../scripts/n8n-runtime');
const { actionsWorkflow, concurrencyWorkflow } = require('../workflows');

async function checkActions(instance, sim, tag) {
	sim.requests.length = 0;
	const run = await instance.execute(actionsWorkflow());
	const balance = nodeOutput(run, 'V1 Balance')[0];
	check(
		`${tag} v1 wallet getBalance returns the exact string balance`,
		balance?.balance === '25.00000000',
		JSON.stringify(balance),
	);
	const address = nodeOutput(run, 'V1 New Address')[0];
	check(
		`${tag} v1 address create sends the label`,
		address?.label === 'e2e1' && /^T\w{33}$/.test(address?.address ?? ''),
	);
	const estimate = nodeOutput(run, 'V1 Estimate')[0];
	check(
		`${tag} v1 withdrawal estimate keeps amounts exact`,
		estimate?.amount === '0.12345678' && estimate?.total_amount === '0.12386542',
		JSON.stringify(estimate),
	);
	const invoice = nodeOutput(run, 'V1 Invoice')[0];
	check(
		`${tag} v1 invoice create`,
		invoice?.status_code === 0 && invoice?.custom_data1 === 'e2e-42',
	);
	const wrong = nodeOutput(run, 'V1 Wrong Keys')[0];
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
		nodeOutput(run, 'Legacy V3 Invoice')[0]?.success_url === 'https://shop.example/ok',
	);
	const legacyBalance = nodeOutput(run, 'Legacy V2 Balance')[0];
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
	const prices = nodeOutput(run, 'Legacy Coin Prices')[0];
	const priceRequest = sim.requests.find((request) => request.path === '/api/v2/get-coin-rate');
	check(
		`${tag} legacy v2 coin prices (GET with credentials)`,
		prices?.BTC?.price === '60000.00000000' && priceRequest?.query?.api_key === 'sim_ltc_key',
	);
	const rates = nodeOutput(run, 'V1 Rates Every Coin');
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
const IN_FLIGHT = 40;

async function checkConcurrency(instance, sim, tag) {
	const count = IN_FLIGHT;
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

/** The workflows these checks run with `n8n execute`, to import with the others in one call. */
const actionWorkflows = () => [actionsWorkflow(), concurrencyWorkflow(IN_FLIGHT)];

module.exports = { actionWorkflows, checkActions, checkConcurrency };
