import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

// The delivery memory's form in static data (dedupe.ts): strings of fixed-width digests, oldest first.

/** A remembered delivery: the first 12 base64url characters (72 bits) of its key's SHA-256. */
export const WIDTH = 12;

export function digestOf(key: string): string {
	return createHash('sha256').update(key).digest('base64url').slice(0, WIDTH);
}

/** The remembered digests, whole entries only (a damaged value loses its partial entry, not the rest). */
export function deliveries(staticData: IDataObject, field: string): string {
	const text = staticData[field];
	return typeof text === 'string' ? text.slice(text.length % WIDTH) : '';
}

export function contains(text: string, digest: string): boolean {
	for (let at = text.indexOf(digest); at !== -1; at = text.indexOf(digest, at + 1)) {
		if (at % WIDTH === 0) return true;
	}
	return false;
}

/**
 * The digests the text lacks. Digests are appended, so recent ones sit near the end: the tail is
 * looked at first, and only what it lacks is searched for in the whole text (the few claims not yet
 * written back), so the work follows the recent claims, not the length of the history.
 */
export function lacking(text: string, digests: string[]): string[] {
	if (digests.length === 0) return [];
	const entries = Math.min(text.length / WIDTH, 2 * digests.length + 64);
	const tail = new Set<string>();
	for (let at = text.length - entries * WIDTH; at < text.length; at += WIDTH)
		tail.add(text.slice(at, at + WIDTH));
	return digests.filter((digest) => !tail.has(digest) && !contains(text, digest));
}
