/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and globals are fine here */
// The code stays easy to walk: no source file of the nodes or credentials passes 250 lines
// (functions: eslint.project.config.mjs's max-lines-per-function).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const sources = (dir: string): string[] =>
	readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return name.endsWith('.ts') ? [path] : [];
	});

describe('layout', () => {
	it('keeps every file in nodes/ and credentials/ at 250 lines or fewer', () => {
		const long = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))]
			.map((path) => [relative(ROOT, path), readFileSync(path, 'utf8').split('\n').length - 1])
			.filter(([, lines]) => (lines as number) > 250);
		expect(long).toEqual([]);
	});
});
