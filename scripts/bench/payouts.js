'use strict';
// Measure 9: 100 payouts posted at the same moment, each an execution of its own
// (Webhook → Withdrawal → Create, a Payout Key each, one wallet), at the plan's real limit (100 a
// minute, gateway 100 ms away), then the same 100 again (a resend). The Payout Key of every one is
// recorded in n8n's deduplication store in turn (one write at a time per node and process): how
// long until the gateway has all 100, against n8n's own HTTP Request node sending the same
// withdrawals with no key at all; and how many the resend pays (none).
const { percentile } = require('./stats');
const { untilRegistered, workflow, workflowBuilder } = require('../n8n-runtime');
const { CREDENTIAL, SIMULATOR_KEY_HEADERS } = require('./workflows');

const PAYOUTS = 100;
const WITHDRAW = '/v1/wallet/withdraw';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const addressOf = (i) =>
	`TBenchPay${'q'.repeat(22)}x${BASE58[Math.floor(i / 58)]}${BASE58[i % 58]}`;

const { coinRemitter, httpRequest, webhook } = workflowBuilder({ idPrefix: 'bp-' });

const payoutWorkflow = () =>
	workflow({
		id: 'crBenchPayouts01',
		name: 'bench payouts',
		nodes: [
			webhook('Payout', 'bench-payouts', { responseMode: 'lastNode' }),
			coinRemitter(
				'Withdraw',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.body.address }}',
					amount: '={{ $json.body.amount }}',
					payoutKey: '={{ $json.body.key }}',
				},
				CREDENTIAL,
			),
		],
	});

const httpWorkflow = (simUrl) =>
	workflow({
		id: 'crBenchPayHttp01',
		name: 'bench payouts, HTTP Request node',
		nodes: [
			webhook('Payout', 'bench-payouts-http', { responseMode: 'lastNode' }),
			httpRequest(
				'Withdraw',
				{
					method: 'POST',
					url: `${simUrl}${WITHDRAW}`,
					...SIMULATOR_KEY_HEADERS,
					sendBody: true,
					bodyParameters: {
						parameters: [
							{ name: 'address', value: '={{ $json.body.address }}' },
							{ name: 'amount', value: '={{ $json.body.amount }}' },
						],
					},
				},
				{ onError: 'continueRegularOutput' },
			),
		],
	});

/** Posts the 100 payouts at once to `path`; the figures of that round. */
async function round(instance, sim, path, round) {
	const before = sim.requests.length;
	const began = Date.now();
	const answers = await Promise.all(
		Array.from({ length: PAYOUTS }, async (_, i) => {
			const sent = performance.now();
			const response = await fetch(`${instance.baseUrl}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					key: `bench-${round}-${i}`,
					address: addressOf(i),
					amount: '0.001',
				}),
			});
			const body = await response.json().catch(() => ({}));
			return { ms: performance.now() - sent, body };
		}),
	);
	const calls = sim.requests.slice(before).filter((request) => request.path === WITHDRAW);
	const arrivals = calls.map((request) => request.at - began);
	return {
		calls: calls.length,
		status429: calls.filter((request) => request.status === 429).length,
		paid: answers.filter((answer) => (answer.body.data ?? answer.body).txid !== undefined).length,
		refused: answers.filter((answer) => /already attempted/.test(answer.body.error ?? '')).length,
		lastAtGatewayMs: arrivals.length ? Math.max(...arrivals) : NaN,
		p50: percentile(
			answers.map((answer) => answer.ms),
			50,
		),
		p95: percentile(
			answers.map((answer) => answer.ms),
			95,
		),
	};
}

const line = (label, f) =>
	`9. ${label}: ${f.calls} withdraw calls reached the gateway (${f.status429} answered 429), the last ${f.lastAtGatewayMs.toFixed(0)} ms after the posts began; answers p50 ${f.p50.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms; paid ${f.paid}, refused as already attempted ${f.refused}`;

/** `prepare(sim)`: a fresh n8n (not started) whose credential points at `sim` (100 a minute, 100 ms). */
async function measurePayouts(prepare, sim) {
	const instance = await prepare(sim);
	try {
		await instance.importWorkflow(payoutWorkflow());
		await instance.activate('crBenchPayouts01');
		await instance.importWorkflow(httpWorkflow(sim.url));
		await instance.activate('crBenchPayHttp01');
		await instance.start();
		for (const path of ['bench-payouts', 'bench-payouts-http'])
			await untilRegistered(`${instance.baseUrl}/webhook/${path}`);
		sim.reset(); // a fresh gateway window: the plan's 100 a minute for the 100 payouts
		const http = await round(instance, sim, 'bench-payouts-http', 'http');
		console.log(
			line(`${PAYOUTS} withdrawals at once through n8n's HTTP Request node (no key)`, http),
		);
		sim.reset();
		const first = await round(instance, sim, 'bench-payouts', 'a');
		console.log(line(`${PAYOUTS} payouts at once, a Payout Key each, one wallet`, first));
		const again = await round(instance, sim, 'bench-payouts', 'a');
		console.log(line('the same 100 again (a resend)', again));
		const sends = [...sim.state.transactions.values()].filter((tx) => tx.type === 'send').length;
		console.log(
			`9. withdrawals carried out by the gateway for the 100 payouts sent twice: ${sends}`,
		);
		return { http, first, again, sends };
	} finally {
		await instance.dispose();
	}
}

module.exports = { measurePayouts };
