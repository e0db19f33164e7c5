'use strict';
// Payouts across queue-mode workers, through examples/exactly-once-queue-mode.json's own Postgres
// nodes (the Payout Key and the day's budget claimed in one statement on the queue's PostgreSQL,
// released when the withdrawal surely sent nothing), and without them (the node's own Payout Key and
// Maximum Total per Day alone): the same Payout Key in two executions at once, 5 times; payouts of
// 0.6 under a cap of 1, two at once then a third; the release after a refusal, and none after an
// unknown outcome nor after "already attempted". Each execution is posted through webhook process
// A or B and runs on a worker. Executions rarely meet inside the claim statement itself, so the
// statement is also run from 20 connections at once, once with all 20 held inside it.
const { join } = require('node:path');
const { check } = require('../../report');
const { sleep } = require('../../../scripts/n8n-runtime');
const { startedExecutions } = require('../cluster');
const { exampleQuery, payee, PAYOUT_WORKFLOWS } = require('../workflows');

const ROUNDS = 5;
// The example's cap ("Claim Payout and Budget": Maximum Total per Day 1) and the node's own.
const CAP = '1';
const TERMINAL = `('success', 'error', 'crashed', 'canceled')`;

/** The example's setup ("Create the tables"), run once. */
async function createTables(postgres) {
	await postgres.psql(exampleQuery('Create the tables'), 'n8n');
}

const latestExecution = async (postgres) =>
	Number((await postgres.psql('SELECT coalesce(max(id), 0) FROM execution_entity', 'n8n')) || 0);

/** Waits until `count` executions of `workflowId` newer than `since` have ended; their statuses. */
async function executionsEnded(postgres, workflowId, since, count, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const rows = (
			await postgres.psql(
				`SELECT status FROM execution_entity WHERE "workflowId" = '${workflowId}' AND id > ${since} AND status IN ${TERMINAL}`,
				'n8n',
			)
		)
			.split('\n')
			.filter(Boolean);
		if (rows.length >= count || Date.now() > deadline) return rows;
		await sleep(150);
	}
}

const post = (instance, hook, payout) =>
	fetch(`${instance.baseUrl}/webhook/${hook}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(payout),
	});

/**
 * Posts `payouts` at the same moment (alternately through webhook A and B) to the workflow `which`
 * and waits for their executions to end. Which worker ran them, and their statuses.
 */
async function together(cluster, postgres, which, payouts) {
	const { id, hook } = PAYOUT_WORKFLOWS[which];
	const since = await latestExecution(postgres);
	const before = cluster.workers.map(startedExecutions);
	const answers = await Promise.all(
		payouts.map((payout, i) => post(cluster.hooks[i % 2], hook, payout)),
	);
	const statuses = await executionsEnded(postgres, id, since, payouts.length);
	await sleep(100); // the workers' log lines of these executions
	const perWorker = cluster.workers.map((worker, i) => startedExecutions(worker) - before[i]);
	return { ok: answers.every((answer) => answer.ok), statuses, perWorker };
}

const sends = (sim) => [...sim.state.transactions.values()].filter((tx) => tx.type === 'send');
const withdrawCalls = (sim) =>
	sim.requests.filter((request) => request.path === '/v1/wallet/withdraw').length;
/** The sum of the simulator's amounts (in 10⁻⁸ units) as a decimal string, exactly. */
const total = (units) => {
	const sum = units.reduce((acc, amount) => acc + BigInt(amount), 0n);
	const fraction = String(sum % 100000000n)
		.padStart(8, '0')
		.replace(/0+$/, '');
	return `${sum / 100000000n}${fraction ? `.${fraction}` : ''}`;
};

/** The same Payout Key in two executions at once (one through each webhook process), ROUNDS times. */
async function sameKeyRounds(cluster, sim, postgres, which) {
	sim.reset();
	sim.faults.delayMs = 300; // the gateway 300 ms away: a withdrawal's answer takes that long
	const rounds = [];
	try {
		for (let round = 1; round <= ROUNDS; round++) {
			const payout = { key: `${which}-race-${round}`, digit: String(round), amount: '0.01' };
			rounds.push(await together(cluster, postgres, which, [payout, payout]));
		}
	} finally {
		sim.faults.delayMs = 0;
	}
	const perPayee = Array.from(
		{ length: ROUNDS },
		(_, i) => sends(sim).filter((tx) => tx.address === payee(i + 1)).length,
	);
	return {
		posted: rounds.length * 2,
		allAccepted: rounds.every((round) => round.ok),
		// Rounds whose two executions ran one on each worker (a round on one worker is exact anyway).
		split: rounds.filter((round) => round.perWorker.every((n) => n === 1)).length,
		perWorker: cluster.workers.map((_, i) => rounds.reduce((sum, r) => sum + r.perWorker[i], 0)),
		failed: rounds.flatMap((round) => round.statuses).filter((status) => status !== 'success')
			.length,
		withdrawals: sends(sim).length,
		perPayee,
		calls: withdrawCalls(sim),
	};
}

/** Payouts of 0.6 under Maximum Total per Day 1: two at once (one on each worker), then a third. */
async function capRounds(cluster, sim, postgres, which) {
	sim.reset();
	sim.faults.delayMs = 300;
	const payout = (n) => ({ key: `${which}-cap-${n}`, digit: String(n), amount: '0.6' });
	let first;
	let third;
	try {
		first = await together(cluster, postgres, which, [payout(1), payout(2)]);
		third = await together(cluster, postgres, which, [payout(3)]);
	} finally {
		sim.faults.delayMs = 0;
	}
	return {
		allAccepted: first.ok && third.ok,
		firstTwoPerWorker: first.perWorker,
		withdrawals: sends(sim).length,
		sent: total(sends(sim).map((tx) => tx.amount)),
		calls: withdrawCalls(sim),
	};
}

const claimsOf = async (postgres, pattern) =>
	(
		await postgres.psql(
			`SELECT payout_key FROM coinremitter_payout_claims WHERE payout_key LIKE '${pattern}' ORDER BY 1`,
			'n8n',
		)
	)
		.split('\n')
		.filter(Boolean);
// What the budget table holds in all (each check starts with empty tables; all days, so that a
// check running over midnight UTC adds up the same).
const spentToday = async (postgres) =>
	(await postgres.psql(
		'SELECT coalesce(sum(spent), 0)::text FROM coinremitter_daily_spend',
		'n8n',
	)) || '0';
const resetTables = async (postgres) =>
	await postgres.psql(
		'DELETE FROM coinremitter_payout_claims; DELETE FROM coinremitter_daily_spend',
		'n8n',
	);

/**
 * The example's claim statement itself, as n8n's Postgres node sends it (pg-promise of the n8n
 * under test: the parameters formatted into the text, one simple query), from 20 connections at
 * once: 3 keys each claimed 20 times at once; 20 keys of 0.3 at once under the cap of 1; each
 * claim then released twice at once. Executions in n8n rarely meet inside one statement; these do.
 */
async function checkClaimStatement(cluster, postgres, figures) {
	const pgp = require(join(cluster.n8nDir, 'node_modules', 'pg-promise'))({ noWarnings: true });
	const db = pgp({
		host: '127.0.0.1',
		port: postgres.port,
		database: 'n8n',
		user: 'postgres',
		max: 21, // the 20 claims and the transaction that holds them
	});
	const run = async (name, values) => {
		const query = exampleQuery(name);
		try {
			return (
				(await db.multi(pgp.helpers.concat([{ query, values, options: { partial: true } }])))
					.flat()
					.at(0) ?? { released: null }
			);
		} catch (error) {
			return { error: String(error.message) };
		}
	};
	const claim = (key, amount) => run('Claim Payout and Budget', [key, 'burst', amount, CAP]);
	const tally = (rows) => {
		const counts = {};
		for (const row of rows) {
			const what = row.error ? row.error.replace(/".*$/, '').trim() : row.result;
			counts[what] = (counts[what] ?? 0) + 1;
		}
		return counts;
	};
	try {
		await resetTables(postgres);
		// Every connection opened first, so that the claims start together.
		await Promise.all(Array.from({ length: 20 }, () => db.one('SELECT pg_sleep(0.05)')));
		const sameKey = [];
		for (const key of ['burst-a', 'burst-b'])
			sameKey.push(await Promise.all(Array.from({ length: 20 }, () => claim(key, '0.01'))));
		// burst-c inside one statement: the wallet's budget row locked by another transaction, the 20
		// claims each take their snapshot (no claim of the key yet), pass NOT EXISTS, and wait on that
		// row; once it is let go, one claims, and each other one reserves on the newest row, then
		// fails on the key's primary key and rolls back whole.
		const blocker = await db.connect();
		let blocked = 0;
		try {
			await blocker.none('BEGIN');
			await blocker.one(
				"SELECT 1 FROM coinremitter_daily_spend WHERE wallet = 'burst' AND day = (now() AT TIME ZONE 'UTC')::date FOR UPDATE",
			);
			const claims = Array.from({ length: 20 }, () => claim('burst-c', '0.01'));
			for (let i = 0; i < 50 && blocked < 20; i++) {
				await sleep(50);
				blocked = Number(
					await postgres.psql(
						"SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%coinremitter_daily_spend%'",
					),
				);
			}
			await blocker.none('COMMIT');
			sameKey.push(await Promise.all(claims));
		} finally {
			blocker.done();
		}
		const afterSameKey = {
			claims: (await claimsOf(postgres, 'burst-%')).length,
			spent: await spentToday(postgres),
		};
		await resetTables(postgres);
		const cap = await Promise.all(
			Array.from({ length: 20 }, (_, i) => claim(`burst-cap-${i}`, '0.3')),
		);
		const claimed = cap.map((row, i) => (row.claimed ? `burst-cap-${i}` : null)).filter(Boolean);
		const afterCap = {
			claims: (await claimsOf(postgres, 'burst-cap-%')).length,
			spent: await spentToday(postgres),
		};
		const releases = await Promise.all(
			claimed.flatMap((key) => [
				run('Release Payout and Budget', [key]),
				run('Release Payout and Budget', [key]),
			]),
		);
		const afterRelease = {
			claims: (await claimsOf(postgres, 'burst-cap-%')).length,
			spent: await spentToday(postgres),
			released: releases.filter((row) => row.released).length,
		};
		figures.claimStatement = {
			sameKey: sameKey.map(tally),
			blocked,
			afterSameKey,
			cap: tally(cap),
			afterCap,
			afterRelease,
		};
		console.log(
			`# the claim statement from 20 connections at once: one key ×20, 3 times (the third with all 20 held inside the statement: ${blocked} waiting) → ${sameKey.map((rows) => JSON.stringify(tally(rows))).join(' ')}; 20 keys of 0.3 under the cap of ${CAP} → ${JSON.stringify(tally(cap))}, spent ${afterCap.spent}; each claim released twice at once → ${afterRelease.released} released, spent ${afterRelease.spent}`,
		);
		const onlyClaimOrDuplicate = (rows) =>
			rows.filter((row) => row.claimed).length === 1 &&
			rows.every(
				(row) =>
					row.claimed ||
					row.result === 'already claimed' ||
					/coinremitter_payout_key_already_claimed/.test(row.error ?? ''),
			);
		check(
			'[claim statement, one key from 20 connections at once] exactly 1 claim per key; every other one refused, or (held inside the statement) failed on the key and reserved nothing',
			sameKey.every(onlyClaimOrDuplicate) &&
				sameKey[2].filter((row) => row.error).length === 19 &&
				afterSameKey.claims === 3 &&
				afterSameKey.spent === '0.03',
			JSON.stringify(figures.claimStatement),
		);
		check(
			`[claim statement, 20 keys of 0.3 at once under the cap of ${CAP}] exactly 3 claimed, 0.9 reserved, the rest refused by the cap with no key claimed`,
			claimed.length === 3 &&
				afterCap.claims === 3 &&
				afterCap.spent === '0.9' &&
				cap.every((row) => row.claimed || row.result === 'over Maximum Total per Day'),
			JSON.stringify(figures.claimStatement),
		);
		check(
			'[release statement, each claim twice at once] each released once: no claim left, the budget back to 0',
			afterRelease.released === 3 && afterRelease.claims === 0 && Number(afterRelease.spent) === 0,
			JSON.stringify(figures.claimStatement),
		);
	} finally {
		await db.$pool.end();
	}
}

/** With the example's claim on Postgres: (a) the same key 5 times in two executions, (b) the cap, (d) the release. */
async function checkPayoutRecipe(cluster, sim, postgres, figures) {
	const t0 = Date.now();
	await createTables(postgres);
	await checkClaimStatement(cluster, postgres, figures);
	await resetTables(postgres);

	const race = await sameKeyRounds(cluster, sim, postgres, 'recipe');
	const claims = await claimsOf(postgres, 'recipe-race-%');
	const spentAfterRace = await spentToday(postgres);
	const refusals = sim.sink.filter((item) => item.wf === 'pgRefused');
	figures.payoutRecipeSameKey = { ...race, claims: claims.length, spent: spentAfterRace };
	console.log(
		`# payout recipe (Payout Key and budget claimed in one statement on the queue's Postgres): the same Payout Key in two executions at once, ${ROUNDS} times (${race.split} of ${ROUNDS} rounds split one on each worker; executions per worker ${race.perWorker.join('/')}) → ${race.withdrawals} withdrawals (withdraw calls ${race.calls}; per key ${race.perPayee.join('/')}); the second execution of a key: ${refusals.length} refused as "already claimed", ${race.failed} failed on the key's unique constraint`,
	);
	check(
		'[payout recipe, same key twice at once] every post accepted, both workers ran executions',
		race.allAccepted && race.perWorker.every((n) => n > 0),
		JSON.stringify(race),
	);
	check(
		`[payout recipe, same key twice at once] exactly ${ROUNDS} withdrawals for ${ROUNDS} keys, 1 per key`,
		race.withdrawals === ROUNDS && race.calls === ROUNDS && race.perPayee.every((n) => n === 1),
		JSON.stringify(race),
	);
	check(
		`[payout recipe, same key twice at once] ${ROUNDS} claims, the budget holds exactly ${ROUNDS} × 0.01`,
		claims.length === ROUNDS && spentAfterRace === '0.05',
		JSON.stringify({ claims, spentAfterRace }),
	);

	await resetTables(postgres);
	const cap = await capRounds(cluster, sim, postgres, 'recipe');
	const capClaims = await claimsOf(postgres, 'recipe-cap-%');
	const capRefused = sim.sink.filter(
		(item) => item.wf === 'pgRefused' && String(item.key).startsWith('recipe-cap-'),
	);
	const spentAfterCap = await spentToday(postgres);
	figures.payoutRecipeCap = {
		...cap,
		claims: capClaims.length,
		spent: spentAfterCap,
		refused: capRefused.map((item) => item.result),
	};
	console.log(
		`# payout recipe, Maximum Total per Day ${CAP} on Postgres: two payouts of 0.6 at once (executions per worker ${cap.firstTwoPerWorker.join('/')}), then a third → ${cap.withdrawals} withdrawal(s), ${cap.sent} sent; refused by the cap: ${capRefused.length}; spent today in the table ${spentAfterCap}`,
	);
	check(
		`[payout recipe, cap ${CAP}] 0.6 + 0.6 at once, then 0.6: exactly 1 withdrawal (0.6 sent), the 2 others refused by the cap`,
		cap.allAccepted &&
			cap.withdrawals === 1 &&
			cap.calls === 1 &&
			cap.sent === '0.6' &&
			capClaims.length === 1 &&
			spentAfterCap === '0.6' &&
			capRefused.length === 2 &&
			capRefused.every((item) => /Maximum Total per Day/.test(item.result)),
		JSON.stringify(figures.payoutRecipeCap),
	);

	await checkRelease(cluster, sim, postgres, figures);
	console.log(`# payout recipe checks: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * (d) A withdrawal that surely sent nothing (a guardrail refused it: the payee is not in Allowed
 * Addresses) gives its key and its amount back; one whose outcome is unknown (the gateway made it,
 * then a proxy's page came back) keeps both.
 */
async function checkRelease(cluster, sim, postgres, figures) {
	await resetTables(postgres);
	sim.reset();
	const refused = { key: 'recipe-release-refused', digit: '0', amount: '0.2' };
	const unknown = { key: 'recipe-release-unknown', digit: '7', amount: '0.3' };
	// The refused one never reaches the gateway; the other's withdrawal is made, then answered by a
	// proxy's 502 page. Both at once.
	sim.faults.foreignAfterWithdraw = [{ status: 502 }];
	const both = await together(cluster, postgres, 'recipe', [refused, unknown]);
	const afterRefused = {
		claims: await claimsOf(postgres, refused.key),
		spent: await spentToday(postgres),
	};
	const afterUnknown = {
		claims: await claimsOf(postgres, unknown.key),
		spent: afterRefused.spent,
	};
	// By hand, as docs/queue-mode.md says after checking that it was not sent: the release
	// statement with the key written in. Then the same payout again: the claim passes, and the
	// Withdrawal node, which remembers the key, refuses it as already attempted: not a refusal that
	// releases (the earlier attempt may have gone out), so the claim and the amount stay.
	const byHand = exampleQuery('Release Payout and Budget').replaceAll('$1', `'${unknown.key}'`);
	const releasedByHand = await postgres.psql(byHand, 'n8n');
	const afterByHand = await spentToday(postgres);
	const again = await together(cluster, postgres, 'recipe', [unknown]);
	const afterAgain = {
		claims: await claimsOf(postgres, unknown.key),
		spent: await spentToday(postgres),
	};
	const results = sim.sink.filter((item) => item.wf === 'pgPayout' && /release/.test(item.key));
	const released = sim.sink.filter((item) => item.wf === 'pgRelease');
	const outcome = (key) => results.find((item) => item.key === key)?.outcome ?? null;
	const secondTry = results.filter((item) => item.key === unknown.key)[1] ?? {};
	figures.payoutRelease = {
		refused: { outcome: outcome(refused.key), ...afterRefused },
		unknown: { outcome: outcome(unknown.key), ...afterUnknown },
		released: released.map((item) => item.key),
		withdrawals: sends(sim).length,
		byHand: { released: releasedByHand, spent: afterByHand },
		again: { ...afterAgain, error: secondTry.error ?? null, outcome: secondTry.outcome ?? null },
	};
	console.log(
		`# payout recipe, release: refused by a guardrail (outcome ${outcome(refused.key)}) → claim ${afterRefused.claims.length ? 'kept' : 'released'}, outcome unknown (${outcome(unknown.key)}, the gateway sent it) → claim ${afterUnknown.claims.length ? 'kept' : 'released'}; spent today ${afterRefused.spent} (the unknown one's 0.3); that one released by hand (spent ${afterByHand}), then the same key again → ${/already attempted/.test(String(secondTry.error)) ? 'already attempted' : String(secondTry.error ?? secondTry.amount)}, claim ${afterAgain.claims.length ? 'kept' : 'released'}, spent ${afterAgain.spent}`,
	);
	check(
		'[payout recipe, release] a withdrawal refused by a guardrail (outcome "notSent") gives its key and amount back',
		both.ok &&
			outcome(refused.key) === 'notSent' &&
			afterRefused.claims.length === 0 &&
			afterRefused.spent === '0.3' &&
			released.map((item) => item.key).join() === refused.key,
		JSON.stringify(figures.payoutRelease),
	);
	check(
		'[payout recipe, release] a withdrawal whose outcome is unknown keeps its key and amount (fail closed)',
		both.ok &&
			outcome(unknown.key) === 'unknown' &&
			afterUnknown.claims.length === 1 &&
			afterUnknown.spent === '0.3' &&
			sends(sim).length === 1,
		JSON.stringify(figures.payoutRelease),
	);
	check(
		'[payout recipe, release] released by hand, the same payout again is refused as already attempted and keeps its new claim and amount',
		again.ok &&
			releasedByHand !== '' &&
			Number(afterByHand) === 0 &&
			/already attempted/.test(String(secondTry.error)) &&
			afterAgain.claims.length === 1 &&
			afterAgain.spent === '0.3' &&
			sends(sim).length === 1 &&
			released.length === 1,
		JSON.stringify(figures.payoutRelease),
	);
}

/** (c) Without the recipe: the node's Payout Key and Maximum Total per Day alone. Measured; only what is sure is asserted. */
async function checkPayoutNodeOnly(cluster, sim, postgres, figures) {
	const t0 = Date.now();
	const race = await sameKeyRounds(cluster, sim, postgres, 'keyOnly');
	figures.payoutNodeOnlySameKey = race;
	console.log(
		`# without the recipe (the node's Payout Key alone): the same Payout Key in two executions at once, ${ROUNDS} times (${race.split} of ${ROUNDS} rounds split one on each worker; executions per worker ${race.perWorker.join('/')}) → ${race.withdrawals} withdrawals for ${ROUNDS} keys (per key ${race.perPayee.join('/')})`,
	);
	check(
		`[without the recipe, same key twice at once] every key paid at least once and at most twice (nothing lost; ${race.withdrawals} withdrawals)`,
		race.allAccepted && race.perPayee.every((n) => n >= 1 && n <= 2),
		JSON.stringify(race),
	);
	const cap = await capRounds(cluster, sim, postgres, 'capOnly');
	figures.payoutNodeOnlyCap = cap;
	console.log(
		`# without the recipe (the node's Maximum Total per Day ${CAP} alone): two payouts of 0.6 at once (executions per worker ${cap.firstTwoPerWorker.join('/')}), then a third → ${cap.withdrawals} withdrawal(s), ${cap.sent} sent`,
	);
	check(
		`[without the recipe, cap ${CAP}] at least 1 withdrawal of 0.6, at most 3`,
		cap.allAccepted && cap.withdrawals >= 1 && cap.withdrawals <= 3,
		JSON.stringify(cap),
	);
	console.log(`# payout checks without the recipe: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

module.exports = { checkPayoutNodeOnly, checkPayoutRecipe };
