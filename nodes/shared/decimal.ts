// Amounts are decimal strings end to end: compared and added exactly (BigInt), never as floats.

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative amount written with digits and at most one dot ("0.015"). */
export const isPlainDecimal = (text: string) => PLAIN_DECIMAL.test(text);

/**
 * The one way to write a plain decimal's value, for keys: "01.50" and "1.5" are "1.5", "2.0" is
 * "2". Text that is not a plain decimal is returned trimmed, as it is.
 */
export function canonicalDecimal(text: string): string {
	const trimmed = text.trim();
	if (!isPlainDecimal(trimmed)) return trimmed;
	const [whole, fraction = ''] = trimmed.split('.');
	const digits = whole.replace(/^0+(?=\d)/, '');
	const decimals = fraction.replace(/0+$/, '');
	return decimals ? `${digits}.${decimals}` : digits;
}

/** A plain decimal that may carry a minus sign ("-0.015"), as a callback's amounts may. */
export const isSignedDecimal = (text: string) =>
	isPlainDecimal(text.startsWith('-') ? text.slice(1) : text);

/** A whole number in at most 15 digits, so exact as a JavaScript number, maybe negative ("-3"). */
export const isWholeNumber = (text: string) => /^-?\d{1,15}$/.test(text);

interface Decimal {
	digits: bigint;
	scale: number;
}

function toDecimal(text: string): Decimal {
	const [whole, fraction = ''] = text.split('.');
	return { digits: BigInt(whole + fraction), scale: fraction.length };
}

const atScale = (value: Decimal, scale: number) =>
	value.digits * BigInt(10) ** BigInt(scale - value.scale);

function formatDecimal(digits: bigint, scale: number): string {
	const text = digits.toString().padStart(scale + 1, '0');
	return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** Compares two plain decimal strings exactly: -1, 0 or 1. "1.50" equals "1.5". */
export function compareDecimals(a: string, b: string): number {
	const [left, right] = [toDecimal(a), toDecimal(b)];
	const scale = Math.max(left.scale, right.scale);
	const [x, y] = [atScale(left, scale), atScale(right, scale)];
	return x === y ? 0 : x < y ? -1 : 1;
}

/** Adds (or, with `sign` -1, subtracts, never below zero) two plain decimal strings exactly. */
export function addDecimals(a: string, b: string, sign: 1 | -1 = 1): string {
	const [left, right] = [toDecimal(a), toDecimal(b)];
	const scale = Math.max(left.scale, right.scale);
	const sum = atScale(left, scale) + BigInt(sign) * atScale(right, scale);
	return formatDecimal(sum < BigInt(0) ? BigInt(0) : sum, scale);
}

/** Two amounts as the service writes them, equal by value ("1.50000000" and "1.5", "-2" and "-2.0"); other text exactly. */
export function sameAmount(a: unknown, b: unknown): boolean {
	const [left, right] = [String(a ?? '').trim(), String(b ?? '').trim()];
	const [leftSign, leftSize] = left.startsWith('-') ? ['-', left.slice(1)] : ['', left];
	const [rightSign, rightSize] = right.startsWith('-') ? ['-', right.slice(1)] : ['', right];
	if (isPlainDecimal(leftSize) && isPlainDecimal(rightSize))
		return leftSign === rightSign && compareDecimals(leftSize, rightSize) === 0;
	return left === right;
}
