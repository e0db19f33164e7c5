/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and globals are fine here */
// The repository's files as the link and text tests read them, and the headings and anchors of a
// Markdown page as GitHub (and npm, which renders the README the same way) makes them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const NPM_PAGE = 'https://www.npmjs.com/package/n8n-nodes-coinremitter';

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The files under `dir` (relative to the repository) whose names end with one of `suffixes`. */
export const filesUnder = (dir: string, ...suffixes: string[]) =>
	readdirSync(join(ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => suffixes.some((suffix) => file.endsWith(suffix)))
		.map((file) => join(dir, file));

/** GitHub's (and npm's) anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
		.replace(/ /g, '-');

/** The headings of a Markdown text, code blocks aside. */
export function headingsOf(markdown: string): string[] {
	const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
	return [...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => heading.trim());
}

/** The anchors of a Markdown text's headings; a repeated heading's gets -1, -2… as on GitHub. */
export function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const heading of headingsOf(markdown)) {
		const base = slug(heading);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}
