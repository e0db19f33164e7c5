'use strict';
// Exact decimal arithmetic on amounts with 8 places, as the service writes them: BigInt units, never floats.

const SCALE = 8n;
const FACTOR = 10n ** SCALE;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Parses "12.5" into units of 1e-8; returns undefined for anything that is not a plain decimal with at most 8 places. */
function toUnits(text) {
	if (typeof text !== 'string' || !PLAIN_DECIMAL.test(text)) return undefined;
	const [whole, fraction = ''] = text.split('.');
	if (fraction.length > Number(SCALE)) return undefined;
	return BigInt(whole) * FACTOR + BigInt(fraction.padEnd(Number(SCALE), '0'));
}

/** Formats units as a string with exactly 8 decimal places. */
function fromUnits(units) {
	const sign = units < 0n ? '-' : '';
	const abs = units < 0n ? -units : units;
	return `${sign}${abs / FACTOR}.${(abs % FACTOR).toString().padStart(Number(SCALE), '0')}`;
}

/** units * numerator / denominator, rounded down. */
function scale(units, numerator, denominator) {
	return (units * numerator) / denominator;
}

module.exports = { toUnits, fromUnits, scale, FACTOR };
