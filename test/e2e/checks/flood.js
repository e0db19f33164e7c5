'use strict';
// A flood of forged callbacks aimed at one known deposit address: 40 well-formed
// deposit callbacks with ids the wallet never had, all on a real address of the wallet, and the
// genuine callback of a deposit on that address in the middle, posted at once by 41 senders that
// keep what they are answered 503 (past the callbacks one n8n process holds open) and post it again.
// The first callback is looked up by id; those that come while another one naming the address is
// being verified share one read of its transactions: the forgeries cost a few API calls a round and
// start nothing; the genuine one starts exactly once.
const { randomBytes } = require('node:crypto');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { waitFor, untilRegistered } = require('../../../scripts/n8n-runtime');
const { sendKeeping503s } = require('../senders');
const { TRIGGER_WEBHOOK_ID, TRIGGER_WORKFLOW_ID } = require('../workflows');

const FORGED = 40;
/** A lookup for the first callback, a read for those that came with it, one for those that came while it ran, a margin; and a read for each round of 503s sent again. */
const maxCalls = (rounds) => 4 + (rounds - 1);

function knownAddress(sim) {
	const address = 'T' + randomBytes(17).toString('hex').slice(0, 33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'flood',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	return address;
}

async function checkFlood(instance, sim, tag) {
	const url = `${instance.baseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	await untilRegistered(url);
	const address = knownAddress(sim);
	const genuine = callbacks.v1TransactionWebhook(
		sim,
		sim.deposit('sim_tcn_key', address, '0.07000000', 3).id,
	);
	const forged = Array.from({ length: FORGED }, () => ({
		...genuine,
		id: randomBytes(12).toString('hex'),
		txid: randomBytes(32).toString('hex'),
		amount: '5.00000000',
	}));
	const burst = [...forged.slice(0, FORGED / 2), genuine, ...forged.slice(FORGED / 2)];
	sim.sink.length = 0;
	sim.requests.length = 0;
	const before = new Set((await instance.executionsOf(TRIGGER_WORKFLOW_ID)).map((run) => run.id));
	const { last: answers, rounds } = await sendKeeping503s(url, burst, 1000);
	await waitFor(() => sim.sink.some((item) => item.id === genuine.id), 30000);
	// Every execution the burst started, once all have ended (n8n's list): the sink has their posts.
	const started = await instance.endedExecutionsSince(TRIGGER_WORKFLOW_ID, before);

	const forgedIds = new Set(forged.map((payload) => payload.id));
	const forgedStatuses = answers.filter((_a, i) => burst[i] !== genuine).map((a) => a.status);
	const spent = sim.requests.filter(
		(request) =>
			(request.path === '/v1/wallet/address/transactions' && request.fields?.address === address) ||
			(request.path === '/v1/wallet/transaction' && forgedIds.has(request.fields?.id)),
	).length;
	check(
		`${tag} flood: ${FORGED} forged callbacks on a known address answered 403 (in ${rounds} rounds of 503s sent again) and cost ${spent} API calls (at most ${maxCalls(rounds)})`,
		forgedStatuses.every((status) => status === 403) && spent >= 1 && spent <= maxCalls(rounds),
		JSON.stringify({ forgedStatuses, spent }),
	);
	const runs = sim.sink.filter((item) => item.id === genuine.id);
	check(
		`${tag} flood: the genuine callback in the flood started exactly one verified execution, no forged one started any`,
		started?.length === 1 &&
			runs.length === 1 &&
			runs[0].verified === true &&
			!sim.sink.some((item) => forgedIds.has(item.id)),
		`executions started: ${started?.length ?? 'still running after 30 s'}; ${JSON.stringify(sim.sink.map((item) => [item.id, item.amount])).slice(0, 800)}`,
	);
}

module.exports = { checkFlood };
