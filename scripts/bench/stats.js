'use strict';
// The bench's one percentile: nearest rank (the smallest value with at least p % of the values at or below it).

const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
};

module.exports = { percentile };
