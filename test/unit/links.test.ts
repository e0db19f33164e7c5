/* eslint-disable @n8n/community-nodes/no-restricted-imports -- Jest test code, never loaded by n8n: Node built-ins are fine here */
// The links n8n's editor and npm show: no placeholder left, and every README anchor they (and the
// README and docs/ themselves) point to exists. npm renders the README with GitHub's heading
// anchors, so a documentation link is https://www.npmjs.com/package/<name>#<anchor>.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { NPM_PAGE, ROOT, anchorsOf, filesUnder, read } from '../helpers/markdown';

/** Every documentation URL the package publishes: package.json, both codex files, the credentials. */
function publishedUrls(): Array<[string, string]> {
	const pkg = JSON.parse(read('package.json')) as Record<string, unknown>;
	const fromPackage: Array<[string, string]> = [['package.json homepage', String(pkg.homepage)]];
	const codex = filesUnder('nodes', '.node.json').flatMap((file) =>
		[...read(file).matchAll(/"url":\s*"([^"]+)"/g)].map(
			([, url]) => [file, url] as [string, string],
		),
	);
	const credentials = filesUnder('credentials', '.credentials.ts').flatMap((file) =>
		[...read(file).matchAll(/documentationUrl\s*=\s*'([^']+)'/g)].map(
			([, url]) => [file, url] as [string, string],
		),
	);
	return [...fromPackage, ...codex, ...credentials];
}

const PLACEHOLDER =
	/\bOWNER\b|<[^<>@\n]+>|\{\{[^}]*\}\}|example\.(com|org|net)\b|CHANGEME|TODO|your[-_ ]?(name|org|user)/i;

describe('published links', () => {
	const urls = publishedUrls();
	const readmeAnchors = anchorsOf(read('README.md'));

	it('covers both nodes (credential and primary documentation) and the three credentials', () => {
		expect(urls.filter(([file]) => file.endsWith('.node.json'))).toHaveLength(4);
		expect(urls.filter(([file]) => file.endsWith('.credentials.ts'))).toHaveLength(3);
	});

	it.each(urls)('%s: %s holds no placeholder', (_file, url) => {
		expect(url).not.toMatch(PLACEHOLDER);
	});

	it.each(urls)("%s: %s is the package's npm page at an anchor the README has", (_file, url) => {
		const [page, anchor] = url.split('#');
		expect(page).toBe(NPM_PAGE);
		expect(anchor === 'readme' || readmeAnchors.has(anchor)).toBe(true);
	});

	it('package.json names no repository of its own (the publishing workflow writes it) and an author with a name and e-mail', () => {
		const pkg = JSON.parse(read('package.json')) as {
			repository?: unknown;
			bugs?: unknown;
			author: { name: string; email: string };
		};
		expect(pkg.repository).toBeUndefined();
		expect(pkg.bugs).toBeUndefined();
		expect(pkg.author.name).not.toMatch(PLACEHOLDER);
		expect(pkg.author.email).toMatch(/^[^@\s]+@[^@\s]+$/);
		expect(pkg.author.email).not.toMatch(/\bOWNER\b/);
		expect(read('.github/workflows/publish.yml')).toContain(
			'repository.url=git+${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}.git',
		);
	});

	it('the placeholder pattern does catch what it is for', () => {
		for (const bad of [
			'https://github.com/OWNER/n8n-nodes-coinremitter#x',
			'https://github.com/<owner>/repo',
			'https://example.com/docs',
		])
			expect(bad).toMatch(PLACEHOLDER);
	});
});

describe('links inside the README and docs/', () => {
	const pages = ['README.md', ...filesUnder('docs', '.md'), 'BENCHMARKS.md', 'RELEASING.md'];

	const links = pages.flatMap((page) => {
		const text = read(page)
			.replace(/^```[\s\S]*?^```/gm, '')
			.replace(/<!--[\s\S]*?-->/g, '');
		return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
			.map(([, target]) => target)
			.filter((target) => !/^[a-z]+:/i.test(target))
			.map((target) => [page, target] as [string, string]);
	});

	it('finds the links (README: docs pages, examples, screenshots, anchors)', () => {
		const fromReadme = links.filter(([page]) => page === 'README.md').map(([, t]) => t);
		for (const needed of [
			'docs/queue-mode.md',
			'docs/development.md',
			'docs/architecture.md',
			'BENCHMARKS.md',
			'#guardrails',
		])
			expect(fromReadme.some((target) => target.startsWith(needed))).toBe(true);
	});

	it.each(links)('%s → %s exists', (page, target) => {
		const [path, anchor] = target.split('#');
		const file = path === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), path));
		expect(existsSync(join(ROOT, file))).toBe(true);
		if (anchor !== undefined && file.endsWith('.md'))
			expect([...anchorsOf(read(file))]).toContain(anchor);
	});
});
