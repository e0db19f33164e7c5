'use strict';
// Measure 12: Skip Duplicates under a full-size flood of forged widget orders: a paid invoice
// delivered to a saved trigger (typeVersion 2), 6,000 forged widget orders over 125 s from 20
// senders (each its own run), the invoice replayed: whether it started a second run, how many
// forged orders were taken and how long it took. The end-to-end suite runs the same check in CI
// with the delivery memory's bounds set small (test/e2e/smallBounds.js).
const { v1Credential, CREDENTIALS } = require('../n8n-runtime');
const {
	FULL_BOUNDS,
	FULL_FLOOD,
	floodDuplicates,
	prepareDuplicatesFlush,
} = require('../../test/e2e/checks/duplicatesFlush');

/** `prepare(sim)` gives a fresh n8n (not started) whose credentials point at `sim`. */
async function measureDuplicates(prepare, sim) {
	const instance = await prepare(sim);
	try {
		// The check's trigger verifies the invoice with the suite's simulator credential.
		await instance.importCredentials([
			v1Credential(CREDENTIALS.v1, sim.url, 'sim_tcn_key', 'sim_tcn_password'),
		]);
		await prepareDuplicatesFlush(instance, sim.url);
		await instance.start();
		const { held, detail } = await floodDuplicates(instance, sim, FULL_FLOOD, FULL_BOUNDS);
		console.log(
			`12. Skip Duplicates under ${FULL_FLOOD.forged} forged widget orders (bounds as shipped): ${held ? 'held, the replay started no second run' : 'NOT HELD'}; ${detail}`,
		);
		return { held, detail };
	} finally {
		await instance.dispose();
	}
}

module.exports = { measureDuplicates };
