'use strict';
// What the bench's measures share: a percentile, a tally of answers, a process's peak RSS.
const { readFileSync } = require('node:fs');

/** Nearest rank: the smallest value with at least p % of the values at or below it. */
const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** "3×200, 2×503": how often each value occurs. */
const tally = (list) =>
	Object.entries(list.reduce((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {}))
		.map(([value, n]) => `${n}×${value}`)
		.join(', ');

/** The resident memory of process `pid` in MB (undefined once it is gone). */
const rssMb = (pid) => {
	try {
		const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
		return kb / 1024;
	} catch {
		return undefined;
	}
};

/** Samples `pid`'s RSS every 250 ms from now; `stop()` ends it and returns the peak growth in MB. */
function peakRss(pid) {
	const before = rssMb(pid);
	let peak = before;
	const watch = setInterval(() => {
		const rss = rssMb(pid);
		if (rss !== undefined) peak = Math.max(peak, rss);
	}, 250);
	return {
		stop() {
			clearInterval(watch);
			return peak - before;
		},
	};
}

module.exports = { peakRss, percentile, rssMb, tally };
