'use strict';
// What the queue-mode workflows forwarded to the simulator's sink, each item tagged with its workflow (wf).
const { sleep } = require('../../scripts/n8n-runtime');

/**
 * Waits until at least `min` sink items of `wf` arrived (and `enough(items)` holds, if given) and
 * no more came for `quietMs`.
 */
async function settle(
	sim,
	wf,
	min,
	{ quietMs = 3000, timeoutMs = 60000, enough = () => true } = {},
) {
	const items = () => sim.sink.filter((item) => item.wf === wf);
	const count = () => items().length;
	const deadline = Date.now() + timeoutMs;
	let last = -1;
	let since = Date.now();
	while (Date.now() < deadline) {
		const now = count();
		if (now !== last) {
			last = now;
			since = Date.now();
		} else if (now >= min && enough(items()) && Date.now() - since >= quietMs) break;
		await sleep(200);
	}
	return sim.sink.filter((item) => item.wf === wf);
}

module.exports = { settle };
