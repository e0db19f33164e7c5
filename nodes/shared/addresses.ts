const EVM_ADDRESS = /^0x[0-9a-f]{40}$/i;

/**
 * An address as compared: EVM addresses (0x…) are hex with an optional checksum casing, so they
 * compare in lower case; other coins' addresses are case-sensitive. Surrounding spaces never count.
 */
export function canonicalAddress(address: unknown): string {
	const text = String(address ?? '').trim();
	return isEvmAddress(text) ? text.toLowerCase() : text;
}

export function sameAddress(a: unknown, b: unknown): boolean {
	return canonicalAddress(a) === canonicalAddress(b);
}

/** An EVM address (0x and 40 hex digits, in any casing). */
export const isEvmAddress = (value: unknown) => EVM_ADDRESS.test(String(value ?? '').trim());
