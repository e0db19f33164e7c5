'use strict';
// The trigger's parse module in dist/. It moves from callbacks/parse.js to parse.js in the
// nodes/ restructure: the bench reads whichever this build has.
const { join } = require('node:path');

const TRIGGER_DIST = join(__dirname, '..', '..', 'dist', 'nodes', 'CoinRemitterTrigger');
const CANDIDATES = [join(TRIGGER_DIST, 'parse'), join(TRIGGER_DIST, 'callbacks', 'parse')];

/** { readFields, classify, typeFields } of the built trigger. */
function requireTriggerParse() {
	for (const candidate of CANDIDATES) {
		try {
			return require(candidate);
		} catch (error) {
			if (error.code !== 'MODULE_NOT_FOUND' || !error.message.includes(candidate)) throw error;
		}
	}
	throw new Error(`the trigger's parse module is not in dist/ (${CANDIDATES.join(', ')})`);
}

module.exports = { requireTriggerParse };
