'use strict';
// The example's exactly-once claim on the queue's own Redis (n8n's Redis node, Increment: the run
// that gets 1 goes on) after the trigger, keyed on deliveryKey, with every callback posted to
// webhook processes A and B at the same instant. The payout claim is on Postgres: payouts.js.
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { settle } = require('../sink');
const { CLAIM_HOOK, DELIVERY_CLAIM_KEY } = require('../workflows');
const { CALLBACKS, newDeposits, perKey } = require('./duplicates');

const run = promisify(execFile);

/** Every claim counter under `prefix` in the queue's Redis: key → how many runs reached the claim. */
async function counters(redis, prefix) {
	const cli = (...args) =>
		run('redis-cli', ['-h', '127.0.0.1', '-p', String(redis.port), '--raw', ...args]);
	const keys = (await cli('--scan', '--pattern', `${prefix}*`)).stdout.split('\n').filter(Boolean);
	if (keys.length === 0) return new Map();
	const values = (await cli('MGET', ...keys)).stdout.split('\n');
	const ttls = await Promise.all(keys.map(async (key) => Number((await cli('TTL', key)).stdout)));
	return new Map(keys.map((key, i) => [key, { count: Number(values[i]), ttl: ttls[i] }]));
}

async function checkDeliveryClaim(cluster, sim, redis, figures) {
	const [a, b] = cluster.hooks;
	const url = (instance) => `${instance.baseUrl}/webhook/${CLAIM_HOOK}/webhook`;
	sim.options.latencyMs = 300; // as in the duplicates check: the verification round trip is the window
	try {
		const payloads = newDeposits(sim, CALLBACKS, '8');
		const answers = await Promise.all(
			payloads.flatMap((payload) => [
				callbacks.fireCallback(url(a), payload),
				callbacks.fireCallback(url(b), payload),
			]),
		);
		const items = await settle(sim, 'claim', CALLBACKS);
		const claims = await counters(redis, DELIVERY_CLAIM_KEY);
		const reached = [...claims.values()].reduce((sum, claim) => sum + claim.count, 0);
		const counts = perKey(items);
		figures.deliveryClaim = {
			posts: answers.length,
			reachedClaim: reached,
			pastClaim: items.length,
			unique: counts.size,
			ttl: Math.min(...[...claims.values()].map((claim) => claim.ttl)),
		};
		console.log(
			`# exactly-once claim after the trigger (Redis INCR on deliveryKey): ${CALLBACKS} callbacks, each posted to webhook A and B at the same instant → ${reached} runs reached the claim, ${items.length} went past it (${counts.size} unique)`,
		);
		check(
			'[claim after the trigger] every post answered 200',
			answers.every((answer) => answer.status === 200),
			answers.map((answer) => answer.status).join(' '),
		);
		check(
			`[claim after the trigger] exactly ${CALLBACKS} runs past the claim for ${CALLBACKS} callbacks, one per deliveryKey`,
			items.length === CALLBACKS &&
				counts.size === CALLBACKS &&
				[...counts.values()].every((n) => n === 1),
			JSON.stringify(figures.deliveryClaim),
		);
		check(
			'[claim after the trigger] one claim per callback in Redis, each with its expiry',
			claims.size === CALLBACKS &&
				[...claims.values()].every((claim) => claim.ttl > 0 && claim.ttl <= 86400),
			JSON.stringify([...claims]),
		);
	} finally {
		sim.options.latencyMs = 0;
	}
}

module.exports = { checkDeliveryClaim };
