// The editor's texts read at a glance: every description, hint, notice and option description of
// both nodes (every version) and every credential is one or two sentences, at most 240 characters
// as the panel shows them (a link's markup aside), and says where more is, with a link. Every
// pointer to a section (a link to README.md#… or docs/….md#…, the npm page's #…, or a
// "README, <Section>" reference) names a heading that exists.
import type { ICredentialType, INodeTypeDescription } from 'n8n-workflow';

import { CoinRemitterApi } from '../../credentials/CoinRemitterApi.credentials';
import { CoinRemitterLegacyApi } from '../../credentials/CoinRemitterLegacyApi.credentials';
import { CoinRemitterWidgetApi } from '../../credentials/CoinRemitterWidgetApi.credentials';
import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';
import { CoinRemitterTrigger } from '../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import { NPM_PAGE, anchorsOf, filesUnder, headingsOf, read } from '../helpers/markdown';

const MAX = 240;

/** What the panel shows of a text: its words, without a link's markup. */
const shown = (text: string) => text.replace(/<[^>]+>/g, '');

type Text = [where: string, text: string];

/** Every description, hint, notice and option description under `value`, with where it is. */
function textsOf(value: unknown, where: string): Text[] {
	if (Array.isArray(value)) return value.flatMap((item) => textsOf(item, where));
	if (value === null || typeof value !== 'object') return [];
	const record = value as Record<string, unknown>;
	const label = record.type === 'notice' ? record.name : (record.displayName ?? record.name);
	const here = `${where} › ${String(label ?? '')}`;
	const own: Text[] = [];
	for (const key of ['description', 'hint'])
		if (typeof record[key] === 'string') own.push([`${here} (${key})`, record[key]]);
	if (record.type === 'notice' && typeof record.displayName === 'string')
		own.push([`${here} (notice)`, record.displayName]);
	return [
		...own,
		...Object.entries(record)
			.filter(([, child]) => typeof child === 'object')
			.flatMap(([, child]) => textsOf(child, here)),
	];
}

const descriptions: Array<[string, INodeTypeDescription | ICredentialType]> = [
	['CoinRemitter', new CoinRemitter().description],
	['CoinRemitter Trigger', new CoinRemitterTrigger().description],
	['CoinRemitter V1 API', new CoinRemitterApi()],
	['CoinRemitter Legacy V2/V3 API', new CoinRemitterLegacyApi()],
	['CoinRemitter Widget API', new CoinRemitterWidgetApi()],
];

/** One row per distinct text (a field shared by several operations is one text). */
const texts = [
	...new Map(
		descriptions
			.flatMap(([name, description]) => textsOf(description, name))
			.map(([where, text]) => [text, [where, text] as Text]),
	).values(),
];

const sources = [
	...filesUnder('nodes', '.ts'),
	...filesUnder('credentials', '.ts'),
	...filesUnder('simulator', '.js'),
	...filesUnder('scripts', '.js'),
	'README.md',
	...filesUnder('docs', '.md'),
	'BENCHMARKS.md',
];

/** Every pointer to a section: [file, target page, anchor or heading, whether it is a heading's words]. */
const pointers = sources.flatMap((file) => {
	const text = read(file);
	const found: Array<[string, string, string, boolean]> = [];
	for (const [, page, anchor] of text.matchAll(
		/(?<![\w/.-])((?:\.\.\/)?README\.md|(?:\.\.\/)?docs\/[\w-]+\.md|[\w-]+\.md)#([\w-]+)/g,
	)) {
		const target = page.replace(/^\.\.\//, '');
		const resolved =
			file.startsWith('docs/') && !target.startsWith('docs/') && target !== 'README.md'
				? `docs/${target}`
				: target;
		found.push([file, resolved, anchor, false]);
	}
	for (const [, anchor] of text.matchAll(/npmjs\.com\/package\/n8n-nodes-coinremitter#([\w-]+)/g))
		if (anchor !== 'readme') found.push([file, 'README.md', anchor, false]);
	for (const [, section] of text.matchAll(
		/\bREADME(?:\.md)?[,:] ([A-Z][\w'’ /()-]*?)(?=[):;.,"]|$)/gm,
	))
		found.push([file, 'README.md', section, true]);
	for (const [, page, section] of text.matchAll(/\b(docs\/[\w-]+\.md), "([^"]+)"/g))
		found.push([file, page, section, true]);
	return found;
});

describe('editor texts', () => {
	it('reads every node and credential, every version', () => {
		expect(texts.length).toBeGreaterThan(100);
		expect(texts.some(([where]) => where.includes('(notice)'))).toBe(true);
	});

	it.each(texts)(`%s: at most ${MAX} characters`, (_where, text) => {
		expect(shown(text).length).toBeLessThanOrEqual(MAX);
	});

	it('links to the npm page at an anchor the README has, never to a page npm does not show', () => {
		for (const [where, text] of texts) {
			for (const [, url] of text.matchAll(/href="([^"]+)"/g)) {
				expect(`${where}: ${url.split('#')[0]}`).toBe(`${where}: ${NPM_PAGE}`);
				expect([...anchorsOf(read('README.md'))]).toContain(url.split('#')[1]);
			}
		}
	});
});

describe('pointers to sections', () => {
	it('finds the pointers in code, README and docs', () => {
		expect(pointers.length).toBeGreaterThan(20);
		expect(pointers.some(([file]) => file.startsWith('nodes/'))).toBe(true);
	});

	it.each(pointers)('%s → %s: "%s" is a heading there', (_file, page, target, isHeading) => {
		if (isHeading)
			expect(headingsOf(read(page)).map((heading) => heading.toLowerCase())).toContain(
				target.toLowerCase(),
			);
		else expect([...anchorsOf(read(page))]).toContain(target);
	});

	it('catches a pointer to a section that does not exist', () => {
		const missing = '(README, Payout Key)';
		const [, section] = /\bREADME(?:\.md)?[,:] ([A-Z][\w'’ /()-]*?)(?=[):;.,"]|$)/m.exec(
			missing,
		) ?? ['', ''];
		expect(section).toBe('Payout Key');
		expect(headingsOf(read('README.md'))).not.toContain(section);
	});
});
