import type { IDataObject } from 'n8n-workflow';

/**
 * JSON.parse that never turns money into a float: every number literal with a fraction or an
 * exponent, and every integer too large to be exact, is kept as the string the service wrote.
 * Other integers (flags, counts, timestamps) stay numbers.
 */
export function parseJsonExact(text: string): unknown {
	// Most answers carry amounts as strings already: skip the rewrite when no bare number could need it.
	if (!MAYBE_INEXACT_NUMBER.test(text)) return JSON.parse(text);
	return JSON.parse(quoteInexactNumbers(text));
}

/** A bare number with a fraction, an exponent or 16+ digits (may also match inside a string: then the slow path runs). */
const MAYBE_INEXACT_NUMBER = /(?:^|[\s:,[])-?\d+(?:[.eE]|\d{15})/;

function quoteInexactNumbers(text: string): string {
	let out = '';
	let index = 0;
	while (index < text.length) {
		const char = text[index];
		if (char === '"') {
			const end = endOfString(text, index);
			out += text.slice(index, end);
			index = end;
		} else if (char === '-' || (char >= '0' && char <= '9')) {
			const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
			const literal = match ? match[0] : char;
			const exact = !match?.[1] && !match?.[2] && Number.isSafeInteger(Number(literal));
			out += exact ? literal : `"${literal}"`;
			index += literal.length;
		} else {
			out += char;
			index++;
		}
	}
	return out;
}

/** Index just past the closing quote of the string literal that starts at `start`. */
function endOfString(text: string, start: number): number {
	let index = start + 1;
	while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
	return index + 1;
}

/** A JSON object: not null, not a list. */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
