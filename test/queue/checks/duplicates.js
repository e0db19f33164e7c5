'use strict';
// Callbacks in queue mode: duplicates per callback posted to both webhook processes at once (the
// trigger alone, and the README's exactly-once recipe), and keys lost under a burst.
// Each check records its figures in `figures`.
const { callbacks } = require('../../../simulator/server');
const { check } = require('../../report');
const { sleep } = require('../../../scripts/n8n-runtime');
const { sendKeeping503s } = require('../../e2e/senders');
const { settle } = require('../sink');
const { PLAIN_HOOK, RECIPE_HOOK } = require('../workflows');
const {
	WIDTH,
	contains,
	digestOf,
} = require('../../../dist/nodes/CoinRemitterTrigger/deliveryDigests');

const CALLBACKS = 10;

function newDeposits(sim, count, tag) {
	const address = 'T' + tag.repeat(33).slice(0, 33);
	sim.wallet('sim_tcn_key').addresses.set(address, {
		address,
		label: 'queue',
		createdAt: Date.now(),
		expiresAt: Date.now() + 600000,
	});
	return Array.from({ length: count }, (_, i) =>
		callbacks.v1TransactionWebhook(
			sim,
			sim.deposit('sim_tcn_key', address, `0.${String(i + 1).padStart(2, '0')}000000`, 1).id,
		),
	);
}

const perKey = (items) => {
	const counts = new Map();
	for (const item of items) counts.set(item.deliveryKey, (counts.get(item.deliveryKey) ?? 0) + 1);
	return counts;
};

async function checkConcurrentDuplicates(cluster, sim, figures) {
	const [a, b] = cluster.hooks;
	const url = (instance, hook) => `${instance.baseUrl}/webhook/${hook}/webhook`;
	sim.options.latencyMs = 300; // a gateway 300 ms away: the verification round trip is the window
	try {
		for (const [wf, hook, label] of [
			['plain', PLAIN_HOOK, "the trigger's own skipping"],
			['recipe', RECIPE_HOOK, 'Remove Duplicates on deliveryKey'],
		]) {
			const payloads = newDeposits(sim, CALLBACKS, wf === 'plain' ? '1' : '2');
			const answers = await Promise.all(
				payloads.flatMap((payload) => [
					callbacks.fireCallback(url(a, hook), payload),
					callbacks.fireCallback(url(b, hook), payload),
				]),
			);
			// Until every callback ran (a callback verified in the background can come after a quiet
			// spell), or the time is up.
			const items = await settle(sim, wf, CALLBACKS, {
				enough: (arrived) => perKey(arrived).size >= CALLBACKS,
			});
			const counts = perKey(items);
			const executions = sim.sink.filter((item) => item.wf === wf).length;
			figures[`duplicates-${wf}`] = {
				posts: answers.length,
				ok: answers.filter((answer) => answer.status === 200).length,
				unique: counts.size,
				runs: executions,
			};
			console.log(
				`# ${label}: ${CALLBACKS} callbacks, each posted to webhook A and B at the same instant → ${executions} runs for ${counts.size} unique (${(executions / CALLBACKS).toFixed(2)} per callback)`,
			);
			check(
				`[${label}] every post answered 200 and every callback ran at least once`,
				answers.every((answer) => answer.status === 200) && counts.size === CALLBACKS,
				JSON.stringify(figures[`duplicates-${wf}`]),
			);
			// With Remove Duplicates as without it: n8n's deduplication store is read-then-write without
			// a lock (deduplication-helper.js), so two executions of one key on two workers at the same
			// moment can both pass. How many fewer depends on timing (the processes are cold here: the
			// first callbacks they take), so the two counts are printed, not compared.
			check(
				`[${label}] at most 2 runs per callback (one per webhook process)`,
				[...counts.values()].every((n) => n <= 2),
				JSON.stringify([...counts]),
			);
		}
		// The exactly-once recipe: every CoinRemitter callback routed to one webhook process (its claim
		// is synchronous there), Remove Duplicates on deliveryKey in the workflow.
		const payloads = newDeposits(sim, CALLBACKS, '3');
		// A sender that keeps its 503s: one webhook process holds at most 10 callbacks open at once.
		await sendKeeping503s(
			url(a, RECIPE_HOOK),
			payloads.flatMap((payload) => [payload, payload]),
			1000,
		);
		const before = figures['duplicates-recipe'].runs;
		const items = await settle(sim, 'recipe', before + CALLBACKS);
		const runs = items.length - before;
		figures['duplicates-routed'] = runs;
		console.log(
			`# exactly-once recipe (one webhook process for CoinRemitter callbacks + Remove Duplicates): ${CALLBACKS} callbacks, each posted twice to webhook A at the same instant → ${runs} runs (${(runs / CALLBACKS).toFixed(2)} per callback)`,
		);
		check(
			'[exactly-once recipe: callbacks routed to one webhook process] exactly 1 run per callback',
			runs === CALLBACKS && perKey(items.slice(before)).size === CALLBACKS,
			String(runs),
		);
	} finally {
		sim.options.latencyMs = 0;
	}
}

async function checkKeysLost(cluster, sim, postgres, figures) {
	const [a, b] = cluster.hooks;
	const url = (instance) => `${instance.baseUrl}/webhook/${PLAIN_HOOK}/webhook`;
	const before = sim.sink.filter((item) => item.wf === 'plain').length;
	const payloads = newDeposits(sim, CALLBACKS, '4');
	const keysBefore = entriesOf(await storedDigests(postgres));
	await Promise.all(payloads.map((payload) => callbacks.fireCallback(url(a), payload)));
	const burst = (await settle(sim, 'plain', before + CALLBACKS)).slice(before);
	const keys = await storedDigests(postgres);
	const stored = burst.filter((item) => contains(keys, digestOf(item.deliveryKey))).length;
	// More than the burst where webhook A's write brings back its earlier claims that B's
	// whole-row write had dropped (dedupe.ts).
	const entries = entriesOf(keys);
	const distinct = new Set(entries);
	const earlier = new Set(keysBefore);
	const burstDigests = new Set(burst.map((item) => digestOf(item.deliveryKey)));
	const grown = entries.length - keysBefore.length;
	const repeated = entries.length - distinct.size;
	const broughtBack = [...distinct].filter(
		(digest) => !earlier.has(digest) && !burstDigests.has(digest),
	).length;
	const afterBurst = sim.sink.filter((item) => item.wf === 'plain').length;
	const replies = await Promise.all(
		payloads.map((payload) => callbacks.fireCallback(url(b), payload)),
	);
	await sleep(3000);
	const second = sim.sink.filter((item) => item.wf === 'plain').length - afterBurst;
	figures.keysLost = { stored, second };
	console.log(
		`# keys lost: ${CALLBACKS} different callbacks at once to webhook A → ${afterBurst - before} runs, ${stored} of ${CALLBACKS} keys in static data (it grew by ${grown}: ${broughtBack} earlier claims brought back, ${repeated} entries repeated); the same ${CALLBACKS} then to webhook B → ${second} second runs`,
	);
	check(
		'[keys lost] every key of a burst to one webhook process is in static data',
		burst.length === CALLBACKS && stored === CALLBACKS,
		`${stored} of ${burst.length} runs' keys`,
	);
	check(
		'[keys lost] replaying the burst to the other webhook process starts nothing (0 keys lost)',
		second === 0 && replies.every((reply) => reply.body.includes('duplicate')),
		`${second} ${replies
			.map((reply) => reply.body)
			.join(' | ')
			.slice(0, 300)}`,
	);
}

const entriesOf = (text) => text.match(new RegExp(`.{${WIDTH}}`, 'g')) ?? [];

async function storedDigests(postgres) {
	const raw = await postgres.psql(
		`SELECT "staticData" FROM workflow_entity WHERE id = 'crQueuePlain0001'`,
		'n8n',
	);
	const data = raw ? JSON.parse(raw) : {};
	// Remembered deliveries: digests of WIDTH characters, one after another (deliveryDigests.ts).
	return String(data['node:CoinRemitter Trigger']?.deliveries ?? '');
}

module.exports = { checkConcurrentDuplicates, checkKeysLost, CALLBACKS, newDeposits, perKey };
