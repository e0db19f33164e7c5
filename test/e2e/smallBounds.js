'use strict';
// Preloaded into an n8n of the end-to-end suite (NODE_OPTIONS=--require) to set the trigger's
// delivery memory bounds small (COINREMITTER_TEST_DELIVERY_BOUNDS, JSON: dedupe.ts's
// deliveryMemoryBounds), so that a check crosses them in seconds: CI proves at a small size what
// `npm run bench -- duplicates` measures at full size. It changes nothing else.
const Module = require('node:module');

const BOUNDS_SET = 'coinremitter e2e: delivery memory bounds set:';
// Required by the check for BOUNDS_SET alone: only n8n, started with the bounds, is patched.
if (process.env.COINREMITTER_TEST_DELIVERY_BOUNDS) {
	const bounds = JSON.parse(process.env.COINREMITTER_TEST_DELIVERY_BOUNDS);
	const set = new WeakSet();
	const load = Module._load;
	Module._load = function loadWithSmallBounds(...args) {
		const loaded = load.apply(this, args);
		const memory = loaded && typeof loaded === 'object' ? loaded.deliveryMemoryBounds : undefined;
		if (memory && !set.has(memory)) {
			Object.assign(memory, bounds);
			set.add(memory);
			// The check reads this line in n8n's output: the bounds it crosses are the ones set.
			console.log(`${BOUNDS_SET} ${JSON.stringify(memory)}`);
		}
		return loaded;
	};
}

module.exports = { BOUNDS_SET };
