/**
 * EVM addresses (0x…) are hex with an optional checksum casing; other coins' addresses are
 * case-sensitive. Surrounding spaces never count.
 */
export function sameAddress(a: unknown, b: unknown): boolean {
	const [left, right] = [String(a ?? '').trim(), String(b ?? '').trim()];
	if (isEvmAddress(left) && isEvmAddress(right)) return left.toLowerCase() === right.toLowerCase();
	return left === right;
}

/** An EVM address (0x and 40 hex digits, in any casing). */
export const isEvmAddress = (value: unknown) =>
	/^0x[0-9a-f]{40}$/i.test(String(value ?? '').trim());
