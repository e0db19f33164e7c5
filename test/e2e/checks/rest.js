'use strict';
// Through n8n's REST API, as the editor uses it: credential tests, and Retry of a failed payout run.
const { check, credentialsFor } = require('../../harness');
const { payoutRetryWorkflow } = require('../workflows');

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

module.exports = { checkCredentialTests, checkPayoutRetry, runFailingPayouts };
