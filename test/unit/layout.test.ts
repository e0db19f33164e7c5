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

/** The files a source file imports by relative path, relative to the project root. */
const importsOf = (path: string): string[] =>
	[...readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)].map(([, target]) =>
		relative(ROOT, join(path, '..', target)),
	);
const importsUnder = (folder: string) =>
	sources(join(ROOT, folder)).flatMap((path) =>
		importsOf(path).map((target) => [relative(ROOT, path), target]),
	);
const TRIGGER = 'nodes/CoinRemitterTrigger';

describe('one way through', () => {
	it('lets credentials import only nodes/shared/', () => {
		const outside = importsUnder('credentials').filter(
			([, target]) => !target.startsWith('nodes/shared/'),
		);
		expect(outside).toEqual([]);
	});

	it("keeps the trigger's memory to data: it imports nothing outside its folder", () => {
		const outside = importsUnder(`${TRIGGER}/memory`).filter(
			([, target]) => !target.startsWith(`${TRIGGER}/memory`),
		);
		expect(outside).toEqual([]);
	});

	it('reads the memory only from verify/, and verify/ never goes back to receive, parse, dedupe or the node', () => {
		const intoMemory = sources(join(ROOT, 'nodes'))
			.map((path) => relative(ROOT, path))
			.filter(
				(path) => !path.startsWith(`${TRIGGER}/memory/`) && !path.startsWith(`${TRIGGER}/verify/`),
			)
			.filter((path) =>
				importsOf(join(ROOT, path)).some((target) => target.startsWith(`${TRIGGER}/memory`)),
			);
		expect(intoMemory).toEqual([]);
		const back = importsUnder(`${TRIGGER}/verify`).filter(([, target]) =>
			['receive', 'parse', 'dedupe', 'startedAnswer', 'CoinRemitterTrigger.node'].some(
				(name) => target === `${TRIGGER}/${name}`,
			),
		);
		expect(back).toEqual([]);
	});
});

const WITHDRAWAL = 'nodes/CoinRemitter/actions/withdrawal';

/** The import circles among the files under `folder`, each as the path around it. */
function circlesUnder(folder: string): string[][] {
	const edges = new Map<string, string[]>();
	for (const [from, to] of importsUnder(folder))
		edges.set(from.replace(/\.ts$/, ''), [...(edges.get(from.replace(/\.ts$/, '')) ?? []), to]);
	const circles: string[][] = [];
	const visit = (file: string, path: string[]) => {
		for (const next of edges.get(file) ?? []) {
			if (next === path[0]) circles.push([...path, next]);
			else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
		}
	};
	for (const file of edges.keys()) visit(file, [file]);
	return circles;
}

describe('the withdrawal room', () => {
	it('has no import circle', () => {
		expect(circlesUnder(WITHDRAWAL)).toEqual([]);
	});

	it('imports nothing that imports it back (the router, the node description)', () => {
		const up = importsUnder(WITHDRAWAL).filter(([, target]) =>
			['router', 'description', 'CoinRemitter.node'].some(
				(name) => target === `nodes/CoinRemitter/actions/${name}` || target.endsWith(`/${name}`),
			),
		);
		expect(up).toEqual([]);
	});

	it('keeps guardrails/ below approval/: the guardrails import nothing of the approval', () => {
		const up = importsUnder(`${WITHDRAWAL}/guardrails`).filter(([, target]) =>
			target.startsWith(`${WITHDRAWAL}/approval`),
		);
		expect(up).toEqual([]);
	});
});
