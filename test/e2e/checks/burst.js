'use strict';
// A small burst of callbacks while the wallet's rate limit binds: 20 genuine deposit
// callbacks and 5 forged ones, posted once each by 25 senders at once (a sender that never
// retries). The gateway answers the next API call 429 with `retry-after: 20`, longer than the
// trigger's Verification Wait (5 s): the trigger must acknowledge (202) and verify in the
// background, so every answer comes before the gateway lets any verification through. One n8n
// process holds at most MAX_HELD_CALLBACKS callbacks open: the others are answered 503 with
// Retry-After, and the sender sends them again once the gateway opens. Every genuine callback then
// starts exactly one execution; no forged one starts any.
const { readFileSync } = require('node:fs');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { waitFor, untilRegistered } = require('../../../scripts/n8n-runtime');
const { sendKeeping503s } = require('../senders');
const { TRIGGER_WEBHOOK_ID } = require('../workflows');
// The trigger's bound, from the package as built (the suite runs after `npm run build`).
const { MAX_HELD_CALLBACKS } = require('../../../dist/nodes/CoinRemitterTrigger/memory');

const GENUINE = 20;
const RETRY_AFTER_S = 15;

/** 20 confirmed deposits on a fresh address of the simulator's TCN wallet; their callbacks. */
function genuineCallbacks(sim) {
	const address = 'T' + 'b'.repeat(33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'burst',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	return Array.from({ length: GENUINE }, (_, i) => {
		const deposit = sim.deposit('sim_tcn_key', address, `0.0${i + 10}00000`, 3);
		return callbacks.v1TransactionWebhook(sim, deposit.id);
	});
}

/** Three with a genuine id and a made-up amount, two with an id the wallet never had. */
const forgedCallbacks = (genuine) => [
	...genuine.slice(0, 3).map((payload) => ({ ...payload, amount: '900.00000000' })),
	...genuine.slice(3, 5).map((payload, i) => ({ ...payload, id: `forged-burst-${i}` })),
];

/** How many callbacks n8n's log says the trigger refused (4xx), in the log written after `from`. */
function refusedSince(instance, from) {
	const log = readFileSync(instance.logFile(), 'utf8').slice(from);
	return (log.match(/CoinRemitter Trigger: callback refused with 4\d\d/g) ?? []).length;
}

async function checkBurst(instance, sim, tag) {
	const url = `${instance.baseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	await untilRegistered(url);
	const genuine = genuineCallbacks(sim);
	const forged = forgedCallbacks(genuine);
	sim.sink.length = 0;
	const logFrom = readFileSync(instance.logFile(), 'utf8').length;
	// One 429: the trigger settles callbacks waiting for one address with one read, so a longer
	// run of 429s (each 20 s apart) would only delay the few reads it makes.
	Object.assign(sim.faults, { rateLimitBurst: 1, retryAfterSeconds: RETRY_AFTER_S });
	try {
		const {
			first,
			firstInMs: answeredInMs,
			last,
			rounds,
		} = await sendKeeping503s(url, [...genuine, ...forged], RETRY_AFTER_S * 1000);
		const taken = first.filter((a) => a.status >= 200 && a.status < 300).length;
		const acknowledged = first.filter((a) => a.status === 202).length;
		const kept = first.filter((a) => a.status === 503);
		// A forged callback verified within the first round is refused at once (403); a genuine one never is.
		const refused = first.filter((a, i) => a.status === 403 && i >= GENUINE).length;
		check(
			`${tag} burst: every callback answered at once (${answeredInMs} ms): ${taken} of 25 taken (${acknowledged} answered 202 while the limit bound), at most ${MAX_HELD_CALLBACKS} held at once, ${refused} forged refused 403, the other ${kept.length} 503 with Retry-After`,
			taken > 0 &&
				acknowledged > 0 &&
				acknowledged <= MAX_HELD_CALLBACKS &&
				taken + refused + kept.length === first.length &&
				kept.every((a) => a.retryAfter === '60') &&
				answeredInMs < RETRY_AFTER_S * 1000,
			JSON.stringify(first.map((a) => a.status)),
		);
		check(
			`${tag} burst: the sender sent its 503s again ${RETRY_AFTER_S} s later: every genuine callback taken (2xx) by round ${rounds}`,
			last.slice(0, GENUINE).every((a) => a.status >= 200 && a.status < 300),
			JSON.stringify(last.map((a) => a.status)),
		);
		const answers = last;
		const ids = new Set(genuine.map((payload) => payload.id));
		// Every callback has an outcome: an execution, or a refusal in n8n's log. Then nothing is pending
		// that could still start a forged or second execution.
		await waitFor(() => sim.sink.length + refusedSince(instance, logFrom) >= answers.length, 60000);
		const executions = sim.sink.map((item) => item.id);
		const perCallback = [...ids].map((id) => executions.filter((e) => e === id).length);
		check(
			`${tag} burst: each genuine callback started exactly one execution (verified)`,
			perCallback.every((count) => count === 1) && sim.sink.every((item) => item.verified),
			JSON.stringify(perCallback),
		);
		check(
			`${tag} burst: no forged callback started an execution`,
			sim.sink.every((item) => ids.has(item.id) && item.amount !== '900.00000000') &&
				sim.sink.length === GENUINE,
			JSON.stringify(sim.sink.map((item) => [item.id, item.amount])).slice(0, 800),
		);
	} finally {
		Object.assign(sim.faults, { rateLimitBurst: 0, retryAfterSeconds: 1 });
	}
}

module.exports = { checkBurst };
