'use strict';
// Waiting: a pause, and polling until something becomes true.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `predicate` every 200 ms; true once it holds, false after `timeoutMs`. */
async function waitFor(predicate, timeoutMs = 20000) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (await predicate()) return true;
		await sleep(200);
	}
	return false;
}

module.exports = { sleep, waitFor };
