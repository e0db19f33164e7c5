'use strict';
// Payouts raced in real n8n: webhooks into Withdrawal → Create in active
// workflows, posted over HTTP at the same moment while the gateway answers 250 ms late, so that
// the executions overlap at the gateway and in n8n's deduplication store, where the Payout Keys
// are kept. Each race counts the withdrawals the gateway carried out: exactly one per payout,
// whatever was posted twice, at once or again. Each race has a workflow of its own, activated
// before n8n starts; the twin race has two (a workflow and its copy, on one wallet): the Payout Key
// is the wallet's, so each key is paid once across both.
const { attempt, check } = require('../../report');
const {
	CREDENTIALS,
	untilRegistered,
	workflow,
	workflowBuilder,
} = require('../../../scripts/n8n-runtime');

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const LATENCY_MS = 250;
const PAYOUTS = 20;
const PAIRS = 5;
const AMOUNTS = 10;
const DAY_CAP = { limit: '1', amount: '0.3', posts: 5, fit: 3 };
const HISTORY_SIZE = 10;

/** One race: its workflow id, the webhook path, and the letters its addresses start with (base58). */
const RACES = {
	keys: { id: 'crE2eRaceKeys001', path: 'e2e-race-keys', tag: 'RaceK' },
	same: { id: 'crE2eRaceSame001', path: 'e2e-race-same', tag: 'RaceS' },
	default: { id: 'crE2eRaceDflt001', path: 'e2e-race-default', tag: 'RaceD' },
	day: { id: 'crE2eRaceDay0001', path: 'e2e-race-day', tag: 'RaceY' },
	dedup: { id: 'crE2eRaceDedup01', path: 'e2e-race-dedup', tag: 'RaceR' },
	twin: { id: 'crE2eRaceTwin001', path: 'e2e-race-twin', tag: 'RaceT' },
	twinCopy: { id: 'crE2eRaceTwin002', path: 'e2e-race-twin-copy', tag: 'RaceT' },
};
/** The twin race: keys posted to both workflows at the same moment, then keys posted to one and then the other. */
const TWIN = { atOnce: 3, inTurn: 2 };
/** A key the twin race posts to the original alone: after the restart, the copy has never met it. */
const NEVER_MET = 9;
const CLEAR_PATH = 'e2e-race-dedup-clear';

/** An address the simulator takes ('T' and 33 base58 characters), the `i`-th of a race. */
const addressOf = (race, i) =>
	`T${race.tag}${'q'.repeat(33)}`.slice(0, 32) + BASE58[Math.floor(i / 58)] + BASE58[i % 58];

/** Webhook (answering with the last node's first item) → Withdrawal → Create (failed items go on as error items). */
function raceWorkflow(race, name, { payoutKey = '={{ $json.body.key }}', guardrails } = {}) {
	const { coinRemitter, webhook } = workflowBuilder({ idPrefix: `${race.id}-` });
	return workflow({
		id: race.id,
		name: `E2E race: ${name}`,
		settings: { executionOrder: 'v1' },
		nodes: [
			webhook('Payout request', race.path, { responseMode: 'lastNode' }),
			coinRemitter(
				'Withdraw',
				{
					apiVersion: 'v1',
					resource: 'withdrawal',
					operation: 'create',
					address: '={{ $json.body.address }}',
					amount: '={{ $json.body.amount }}',
					payoutKey,
					...(guardrails ? { guardrails } : {}),
				},
				CREDENTIALS.v1,
			),
		],
	});
}

/**
 * n8n's Remove Duplicates beside the withdrawal, on another field (`seen`), remembering 10 values:
 * Webhook → Remove Duplicates (the workflow's scope) → Remove Duplicates (its own node's), and
 * Webhook → Withdrawal, run after them (lower on the canvas: n8n's v1 order) and answering; and a
 * second webhook into Remove Duplicates → Clear Deduplication History (the workflow's). A failed
 * Remove Duplicates goes on (n8n's own node may fail when two executions write its first row at
 * once), so that the withdrawal runs in every execution.
 */
function dedupWorkflow() {
	const race = RACES.dedup;
	const { node, webhook } = workflowBuilder({ idPrefix: `${race.id}-` });
	const removeDuplicates = (name, scope) =>
		node(
			name,
			'n8n-nodes-base.removeDuplicates',
			2,
			{
				operation: 'removeItemsSeenInPreviousExecutions',
				logic: 'removeItemsWithAlreadySeenKeyValues',
				dedupeValue: '={{ $json.body.seen }}',
				options: { scope, historySize: HISTORY_SIZE },
			},
			{ onError: 'continueRegularOutput' },
		);
	const built = raceWorkflow(race, 'Remove Duplicates beside the Payout Key');
	const [request, withdraw] = built.nodes;
	const seenInWorkflow = removeDuplicates('Seen in workflow', 'workflow');
	const seenInNode = removeDuplicates('Seen in node', 'node');
	const clearRequest = webhook('Clear request', CLEAR_PATH, { responseMode: 'lastNode' });
	const clear = node('Clear history', 'n8n-nodes-base.removeDuplicates', 2, {
		operation: 'clearDeduplicationHistory',
		mode: 'cleanDatabase',
		options: { scope: 'workflow' },
	});
	const at = (entry, x, y) => ({ ...entry, position: [x, y] });
	built.nodes = [
		at(request, 220, 300),
		at(seenInWorkflow, 440, 200),
		at(seenInNode, 660, 200),
		at(withdraw, 440, 400),
		at(clearRequest, 220, 600),
		at(clear, 440, 600),
	];
	const to = (...names) => ({
		main: [names.map((name) => ({ node: name, type: 'main', index: 0 }))],
	});
	built.connections = {
		[request.name]: to(seenInWorkflow.name, withdraw.name),
		[seenInWorkflow.name]: to(seenInNode.name),
		[clearRequest.name]: to(clear.name),
	};
	return built;
}

function raceWorkflows() {
	return [
		raceWorkflow(RACES.keys, 'a key per payout'),
		raceWorkflow(RACES.same, 'one key posted twice at once'),
		raceWorkflow(RACES.default, 'the default key', { payoutKey: '' }),
		raceWorkflow(RACES.day, 'the daily total', {
			guardrails: { maxTotalPerDay: DAY_CAP.limit },
		}),
		dedupWorkflow(),
		raceWorkflow(RACES.twin, 'one wallet, the original'),
		// A duplicate as n8n's Duplicate or a second import makes it: the same nodes, another workflow.
		{
			...raceWorkflow(RACES.twinCopy, 'one wallet, the copy'),
			nodes: raceWorkflow(RACES.twin, '').nodes.map((node) =>
				node.type === 'n8n-nodes-base.webhook'
					? {
							...node,
							webhookId: RACES.twinCopy.path,
							parameters: { ...node.parameters, path: RACES.twinCopy.path },
						}
					: node,
			),
		},
	];
}

/** Before n8n starts: the race workflows, imported (one import) and active. */
async function prepareRaces(instance) {
	await instance.importWorkflows(raceWorkflows(), 'races.json');
	for (const { id } of raceWorkflows()) await instance.activate(id);
}

/** POSTs `body` as JSON; the answer's JSON (the withdrawal's item), or what came instead. */
async function post(url, body) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	try {
		return { status: response.status, ...JSON.parse(text) };
	} catch {
		return { status: response.status, text: text.slice(0, 200) };
	}
}

/** Every body posted at the same moment, each on a connection of its own. */
const postAtOnce = async (url, bodies) => await Promise.all(bodies.map((body) => post(url, body)));

const sent = (answer) => answer.error === undefined && typeof answer.txid === 'string';
const alreadyAttempted = (answer) =>
	/This withdrawal was already attempted/.test(String(answer.error)) &&
	answer.outcome === 'alreadyAttempted';

/** The answers as counts per kind: "sent", or the error (its numbers and parentheses elided) with its outcome. */
function tally(answers) {
	const counts = {};
	for (const answer of answers) {
		const kind = sent(answer)
			? 'sent'
			: answer.error !== undefined
				? `${answer.outcome ?? 'no outcome'}: ${String(answer.error)
						.replace(/\([^)]*\)/g, '(…)')
						.replace(/\d+(\.\d+)?/g, 'n')
						.slice(0, 120)}`
				: `HTTP ${answer.status} ${JSON.stringify(answer).slice(0, 120)}`;
		counts[kind] = (counts[kind] ?? 0) + 1;
	}
	return JSON.stringify(counts);
}

/** The withdrawals the gateway carried out to `addresses`, and the withdraw calls that reached it. */
function withdrawalsTo(sim, addresses) {
	const to = new Set(addresses);
	return {
		sends: [...sim.state.transactions.values()].filter(
			(tx) => tx.type === 'send' && to.has(tx.address),
		).length,
		calls: sim.requests.filter(
			(request) => request.path === '/v1/wallet/withdraw' && to.has(request.fields.address),
		).length,
	};
}

const urlOf = (instance, path) => `${instance.baseUrl}/webhook/${path}`;

/** The race's figure: what was posted, the withdrawals it made, and how long it took since `started`. */
function figure(tag, race, text, started) {
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	console.log(`# ${tag} race (${race}): ${text}, ${seconds} s`);
}

/** 20 payouts, a key, an address and an amount each, posted at once; then the same 20 again at once. */
async function raceKeys(instance, sim, tag) {
	const race = RACES.keys;
	const started = Date.now();
	const bodies = Array.from({ length: PAYOUTS }, (_, i) => ({
		key: `race-keys-${i}`,
		address: addressOf(race, i),
		amount: (0.001 + i * 0.00001).toFixed(8),
	}));
	const url = urlOf(instance, race.path);
	const first = await postAtOnce(url, bodies);
	const again = await postAtOnce(url, bodies);
	const { sends, calls } = withdrawalsTo(
		sim,
		bodies.map((body) => body.address),
	);
	figure(
		tag,
		'a key per payout',
		`${PAYOUTS} payouts posted at once, then again at once → ${sends} withdrawals (${calls} withdraw calls)`,
		started,
	);
	check(
		`${tag} race: ${PAYOUTS} payouts with a key each, posted at once and then again at once, are paid exactly once each (${PAYOUTS} withdrawals)`,
		sends === PAYOUTS && calls === PAYOUTS,
		`withdrawals ${sends}, withdraw calls ${calls}; first ${tally(first)}; again ${tally(again)}`,
	);
	check(
		`${tag} race: the first ${PAYOUTS} answer with their withdrawal, the ${PAYOUTS} sent again with "already attempted" (outcome alreadyAttempted)`,
		first.every(sent) && again.every(alreadyAttempted),
		`first ${tally(first)}; again ${tally(again)}`,
	);
}

/** 5 keys, each posted twice at the same moment (10 posts at once). */
async function raceSameKey(instance, sim, tag) {
	const race = RACES.same;
	const started = Date.now();
	const payouts = Array.from({ length: PAIRS }, (_, i) => ({
		key: `race-same-${i}`,
		address: addressOf(race, i),
		amount: '0.00100000',
	}));
	const answers = await postAtOnce(
		urlOf(instance, race.path),
		payouts.flatMap((payout) => [payout, payout]),
	);
	const { sends, calls } = withdrawalsTo(
		sim,
		payouts.map((payout) => payout.address),
	);
	figure(
		tag,
		'one key posted twice at once',
		`${PAIRS} keys × 2 posts at once → ${sends} withdrawals (${calls} withdraw calls)`,
		started,
	);
	const pairs = payouts.map((_, i) => answers.slice(2 * i, 2 * i + 2));
	check(
		`${tag} race: the same Payout Key posted twice at the same moment is paid once (${PAIRS} keys → ${PAIRS} withdrawals), the other post answers "already attempted"`,
		sends === PAIRS &&
			calls === PAIRS &&
			pairs.every((pair) => pair.filter(sent).length === 1 && pair.some(alreadyAttempted)),
		`withdrawals ${sends}, withdraw calls ${calls}; answers ${tally(answers)}`,
	);
}

/** Payout Key empty: 10 amounts to one address posted at once, then the same 10 again at once. */
async function raceDefaultKey(instance, sim, tag) {
	const race = RACES.default;
	const started = Date.now();
	const address = addressOf(race, 0);
	const bodies = Array.from({ length: AMOUNTS }, (_, i) => ({
		address,
		amount: (0.002 + i * 0.0001).toFixed(8),
	}));
	const url = urlOf(instance, race.path);
	const first = await postAtOnce(url, bodies);
	const again = await postAtOnce(url, bodies);
	const { sends, calls } = withdrawalsTo(sim, [address]);
	figure(
		tag,
		'the default key',
		`${AMOUNTS} amounts to one address posted at once, then again at once → ${sends} withdrawals (${calls} withdraw calls)`,
		started,
	);
	check(
		`${tag} race: with the Payout Key empty, ${AMOUNTS} amounts posted at once and then again at once are paid exactly once each (${AMOUNTS} withdrawals), the second time "already attempted"`,
		sends === AMOUNTS && calls === AMOUNTS && first.every(sent) && again.every(alreadyAttempted),
		`withdrawals ${sends}, withdraw calls ${calls}; first ${tally(first)}; again ${tally(again)}`,
	);
}

/** Maximum Total per Day 1: five payouts of 0.3 at once (a key each): three fit. */
async function raceDailyTotal(instance, sim, tag) {
	const race = RACES.day;
	const started = Date.now();
	const bodies = Array.from({ length: DAY_CAP.posts }, (_, i) => ({
		key: `race-day-${i}`,
		address: addressOf(race, i),
		amount: DAY_CAP.amount,
	}));
	const answers = await postAtOnce(urlOf(instance, race.path), bodies);
	const { sends, calls } = withdrawalsTo(
		sim,
		bodies.map((body) => body.address),
	);
	const refused = answers.filter((answer) =>
		/Guardrails → Maximum Total per Day/.test(String(answer.error)),
	);
	figure(
		tag,
		'the daily total',
		`${DAY_CAP.posts} × ${DAY_CAP.amount} posted at once under Maximum Total per Day ${DAY_CAP.limit} → ${sends} withdrawals (${calls} withdraw calls), ${refused.length} refused by the daily total`,
		started,
	);
	check(
		`${tag} race: ${DAY_CAP.posts} payouts of ${DAY_CAP.amount} posted at once under Maximum Total per Day ${DAY_CAP.limit}: exactly ${DAY_CAP.fit} paid, ${DAY_CAP.posts - DAY_CAP.fit} refused by the daily total`,
		sends === DAY_CAP.fit &&
			calls === DAY_CAP.fit &&
			answers.filter(sent).length === DAY_CAP.fit &&
			refused.length === DAY_CAP.posts - DAY_CAP.fit &&
			refused.every((answer) => answer.outcome === 'notSent'),
		`withdrawals ${sends}, withdraw calls ${calls}; answers ${tally(answers)}`,
	);
}

/**
 * Remove Duplicates (History Size 10, workflow and node scope) beside the withdrawal: 20 payouts at
 * once, the history cleared once, then the same 20 again at once (each post a new `seen` value, so
 * that every one reaches the withdrawal): the Payout Keys are neither evicted nor cleared.
 */
async function raceBesideRemoveDuplicates(instance, sim, tag) {
	const race = RACES.dedup;
	const started = Date.now();
	const payouts = Array.from({ length: PAYOUTS }, (_, i) => ({
		key: `race-dedup-${i}`,
		address: addressOf(race, i),
		amount: '0.00100000',
	}));
	const url = urlOf(instance, race.path);
	const first = await postAtOnce(
		url,
		payouts.map((payout, i) => ({ ...payout, seen: `first-${i}` })),
	);
	const cleared = await post(urlOf(instance, CLEAR_PATH), { clear: true });
	const again = await postAtOnce(
		url,
		payouts.map((payout, i) => ({ ...payout, seen: `again-${i}` })),
	);
	const { sends, calls } = withdrawalsTo(
		sim,
		payouts.map((payout) => payout.address),
	);
	figure(
		tag,
		'Remove Duplicates beside the Payout Key',
		`${PAYOUTS} payouts at once (History Size ${HISTORY_SIZE}), history cleared, the same ${PAYOUTS} again at once → ${sends} withdrawals (${calls} withdraw calls)`,
		started,
	);
	check(
		`${tag} race: Remove Duplicates (History Size ${HISTORY_SIZE}, workflow and node scope) and its Clear Deduplication History neither evict nor clear Payout Keys: ${PAYOUTS} payouts posted at once, then again at once → ${PAYOUTS} withdrawals, the second time "already attempted"`,
		sends === PAYOUTS &&
			calls === PAYOUTS &&
			cleared.status === 200 &&
			first.every(sent) &&
			again.every(alreadyAttempted),
		`withdrawals ${sends}, withdraw calls ${calls}; first ${tally(first)}; clear answered HTTP ${cleared.status}; again ${tally(again)}`,
	);
}

/** The races one after the other, the gateway answering 250 ms late; a race that throws fails alone. */
const twinPayout = (i) => ({
	key: `race-twin-${i}`,
	address: addressOf(RACES.twin, i),
	amount: '0.00100000',
});

/**
 * The same Payout Key through a workflow and its copy on one wallet: 3 keys posted to both at the
 * same moment, then 2 keys posted to the original and, once answered, to the copy.
 */
async function raceTwins(instance, sim, tag) {
	const started = Date.now();
	const [original, copy] = [urlOf(instance, RACES.twin.path), urlOf(instance, RACES.twinCopy.path)];
	const atOnce = Array.from({ length: TWIN.atOnce }, (_, i) => twinPayout(i));
	const inTurn = Array.from({ length: TWIN.inTurn }, (_, i) => twinPayout(TWIN.atOnce + i));
	const raced = await Promise.all(
		atOnce.flatMap((body) => [post(original, body), post(copy, body)]),
	);
	const first = await postAtOnce(original, [...inTurn, twinPayout(NEVER_MET)]);
	const then = await postAtOnce(copy, inTurn);
	const all = [...atOnce, ...inTurn, twinPayout(NEVER_MET)];
	const { sends, calls } = withdrawalsTo(
		sim,
		all.map((body) => body.address),
	);
	figure(
		tag,
		'one wallet, two workflows',
		`${TWIN.atOnce} keys posted to a workflow and its copy at once, ${TWIN.inTurn} to one then the other → ${sends} withdrawals (${calls} withdraw calls)`,
		started,
	);
	const pairs = atOnce.map((_, i) => raced.slice(2 * i, 2 * i + 2));
	check(
		`${tag} race: the same Payout Key through a workflow and its copy on one wallet is paid once (${all.length} keys → ${all.length} withdrawals): at the same moment one of the two answers "already attempted", and in turn the copy does`,
		sends === all.length &&
			calls === all.length &&
			pairs.every((pair) => pair.filter(sent).length === 1 && pair.some(alreadyAttempted)) &&
			first.every(sent) &&
			then.every(alreadyAttempted),
		`withdrawals ${sends}, withdraw calls ${calls}; at once ${tally(raced)}; in turn ${tally(first)} then ${tally(then)}`,
	);
}

/**
 * After n8n restarted (the approval checks restart it): a key the copy was refused before the
 * restart is still refused by it (it recorded the refusal in its own row) and by the original; a
 * key only the original paid, posted to the copy first, is measured: the copy has no record of it
 * (the README says so; the claim table holds it).
 */
async function checkTwinsAfterRestart(instance, sim, tag) {
	const [refusedBefore, neverMet] = [twinPayout(TWIN.atOnce), twinPayout(NEVER_MET)];
	const [original, copy] = [urlOf(instance, RACES.twin.path), urlOf(instance, RACES.twinCopy.path)];
	await untilRegistered(original);
	await untilRegistered(copy);
	const answers = [await post(copy, refusedBefore), await post(original, refusedBefore)];
	const copyAnswer = await post(copy, neverMet);
	const paidAgain = withdrawalsTo(sim, [neverMet.address]).sends - 1;
	console.log(
		`# ${tag} race (one wallet, after a restart): a key the copy was refused before, posted to the copy and the original: ${tally(answers)}; a key only the original paid, posted to the copy: ${sent(copyAnswer) ? 'PAID AGAIN (the copy has no record of it; the claim table holds this)' : tally([copyAnswer])}`,
	);
	check(
		`${tag} race: after a restart, a Payout Key the copy was refused before is still refused by the copy and by the original ("already attempted"), nothing sent`,
		answers.every(alreadyAttempted) &&
			withdrawalsTo(sim, [refusedBefore.address]).sends === 1 &&
			paidAgain <= 1,
		`answers ${tally(answers)}; the never-met key ${tally([copyAnswer])}`,
	);
}

async function checkRaces(instance, sim, tag) {
	for (const path of [...Object.values(RACES).map((race) => race.path), CLEAR_PATH])
		await untilRegistered(urlOf(instance, path));
	sim.faults.delayMs = LATENCY_MS;
	try {
		for (const [name, race] of [
			['a key per payout', raceKeys],
			['one key posted twice at once', raceSameKey],
			['the default key', raceDefaultKey],
			['the daily total', raceDailyTotal],
			['Remove Duplicates beside the Payout Key', raceBesideRemoveDuplicates],
			['one wallet, two workflows', raceTwins],
		])
			await attempt(`${tag} race: ${name}`, () => race(instance, sim, tag), { always: true });
	} finally {
		sim.faults.delayMs = 0;
	}
}

module.exports = { checkRaces, checkTwinsAfterRestart, prepareRaces, raceWorkflows };
