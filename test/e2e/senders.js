'use strict';
// A sender that keeps what it is answered 503: it posts every callback at once, then, after
// `pauseMs`, posts again at once those answered 503, until none is. The trigger holds only so many
// callbacks open per n8n process (MAX_HELD_CALLBACKS) and answers the next 503 with Retry-After.
const { callbacks } = require('../../simulator/server');
const { sleep } = require('../../scripts/n8n-runtime');

const MAX_ROUNDS = 10;

/**
 * Every payload's first and last answer, how long the first round took to be answered in full, and
 * how many rounds it took. Stops after MAX_ROUNDS (the last answers then still hold 503s, for the
 * check to show).
 */
async function sendKeeping503s(url, payloads, pauseMs) {
	const began = Date.now();
	const first = await Promise.all(payloads.map((payload) => callbacks.fireCallback(url, payload)));
	const firstInMs = Date.now() - began;
	const last = [...first];
	let rounds = 1;
	let pending = payloads.map((_payload, index) => index).filter((i) => last[i].status === 503);
	while (pending.length > 0 && rounds < MAX_ROUNDS) {
		await sleep(pauseMs);
		rounds++;
		const again = await Promise.all(
			pending.map((index) => callbacks.fireCallback(url, payloads[index])),
		);
		pending.forEach((index, i) => (last[index] = again[i]));
		pending = pending.filter((index) => last[index].status === 503);
	}
	return { first, firstInMs, last, rounds };
}

module.exports = { sendKeeping503s };
