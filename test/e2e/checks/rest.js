'use strict';
// Through n8n's REST API, as the editor uses it: credential tests, and Retry of a failed payout run.
const { check } = require('../../report');
const { CREDENTIALS, credentialsFor, waitFor } = require('../../../scripts/n8n-runtime');
const { payoutRetryWorkflow } = require('../workflows');

async function checkCredentialTests(instance, sim, tag) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const test = async (credential, data) =>
		(await instance.rest('POST', '/credentials/test', { credentials: { ...credential, data } }))
			.data;
	const [v1, legacyTcn, legacyLtc] = credentialsFor(sim.url);
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
	// The credential tests set up the owner; run alone (COINREMITTER_ONLY), this check does it.
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
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

const PROXY_WORKFLOW_ID = 'crE2ePayProxy001';
const PROXY_PATH = { v1: 'e2e-proxy-pay-v1', legacy: 'e2e-proxy-pay-legacy' };

/**
 * Two webhooks (v1, legacy), each into Withdrawal → Create with the default Payout Key: one
 * execution per request, and a failed execution fails in the Pay node, so that n8n's Retry runs
 * the payout again.
 */
function proxyPayoutWorkflow() {
	const nodes = [];
	const connections = {};
	for (const [index, api] of ['v1', 'legacy'].entries()) {
		const webhook = {
			id: `node-proxy-webhook-${api}`,
			name: `Payout request ${api}`,
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [200, 200 + index * 200],
			webhookId: `6f0c2a4e-8d1b-4c7a-9e3f-51a2b3c4d5e${index}`,
			parameters: {
				httpMethod: 'POST',
				path: PROXY_PATH[api],
				responseMode: 'lastNode',
				options: {},
			},
		};
		const pay = {
			id: `node-proxy-pay-${api}`,
			name: `Pay ${api}`,
			type: 'n8n-nodes-coinremitter.coinRemitter',
			typeVersion: 1,
			position: [420, 200 + index * 200],
			parameters: {
				apiVersion: api,
				resource: 'withdrawal',
				operation: 'create',
				address: '={{ $json.body.address }}',
				amount: '={{ $json.body.amount }}',
			},
			credentials:
				api === 'v1'
					? { coinRemitterApi: CREDENTIALS.v1 }
					: { coinRemitterLegacyApi: CREDENTIALS.legacyTcn },
		};
		nodes.push(webhook, pay);
		connections[webhook.name] = { main: [[{ node: pay.name, type: 'main', index: 0 }]] };
	}
	return {
		id: PROXY_WORKFLOW_ID,
		name: 'E2E payout behind a proxy',
		nodes,
		connections,
		active: false,
		settings: { saveDataErrorExecution: 'all' },
		pinData: {},
	};
}

/** Before n8n starts: the proxy payout workflow, imported and active. */
async function prepareProxyPayouts(instance) {
	await instance.importWorkflow(proxyPayoutWorkflow());
	await instance.activate(PROXY_WORKFLOW_ID);
}

async function failedExecutionIds(instance) {
	const listed = await instance.rest(
		'GET',
		`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: PROXY_WORKFLOW_ID }))}`,
	);
	return (listed.data?.results ?? listed.data ?? [])
		.filter((execution) => execution.status === 'error' || execution.status === 'failed')
		.map((execution) => String(execution.id));
}

/**
 * The withdrawal is carried out and what comes back is a proxy's or a CDN's answer, not the API's
 * (503 HTML page, 520, 200 with HTML): the run fails as "outcome unknown", and neither the re-run
 * (the same request again) nor n8n's Retry of the failed execution sends the withdrawal again.
 */
async function checkProxyPayouts(instance, sim, tag) {
	if (!instance.cookie) await instance.setupOwnerOnceRoutesExist();
	const cases = [
		['v1', 503],
		['v1', 520],
		['v1', 200],
		['legacy', 503],
		['legacy', 520],
		['legacy', 200],
	];
	for (const [index, [api, status]] of cases.entries()) {
		const address = `T${'P'.repeat(32)}${index + 1}`;
		const label = `${tag} ${api} withdrawal answered by a proxy's HTTP ${status} HTML page`;
		const reached = () =>
			sim.requests.filter(
				(request) =>
					request.path.endsWith('/withdraw') &&
					(request.fields?.address ?? request.fields?.to_address) === address,
			);
		const sends = () =>
			[...sim.state.transactions.values()].filter(
				(tx) => tx.type === 'send' && tx.address === address,
			);
		const request = async () =>
			await fetch(`${instance.baseUrl}/webhook/${PROXY_PATH[api]}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ address, amount: '0.10' }),
			});
		const failedBefore = new Set(await failedExecutionIds(instance));
		sim.faults.foreignAfterWithdraw = [{ status }];
		// The webhook answers 404 until n8n has registered it: then the request runs the workflow.
		await waitFor(async () => (await request()).status !== 404, 60000);
		const failed = (await failedExecutionIds(instance)).filter((id) => !failedBefore.has(id));
		check(
			`${label}: the run fails (outcome unknown) and the withdrawal reached the service once`,
			failed.length === 1 && reached().length === 1 && sends().length === 1,
			`failed executions ${failed.length}, withdrawals ${reached().length}, sends ${sends().length}, faults left ${sim.faults.foreignAfterWithdraw.length}`,
		);
		const rerun = await request();
		check(
			`${label}: the re-run does not send it again`,
			reached().length === 1 && rerun.status !== 200,
			`re-run answered ${rerun.status}; withdrawals ${reached().length}`,
		);
		if (failed.length !== 1) continue;
		const retried = await instance.rest('POST', `/executions/${failed[0]}/retry`, {
			loadWorkflow: false,
		});
		check(
			`${label}: n8n's Retry of the failed run does not send it again (exactly one withdrawal reached the service)`,
			reached().length === 1 && sends().length === 1,
			`withdrawals ${reached().length}, sends ${sends().length}; retry ${JSON.stringify(retried).slice(0, 300)}`,
		);
	}
}

module.exports = {
	checkCredentialTests,
	checkPayoutRetry,
	checkProxyPayouts,
	prepareProxyPayouts,
	runFailingPayouts,
};
