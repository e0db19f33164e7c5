#!/usr/bin/env node
'use strict';
// Where a CPU profile of the bench's n8n (COINREMITTER_BENCH_CPU_PROF) spent its time: self time
// by part (this package, n8n's packages, SQLite, Node's internals, idle), and the package's
// heaviest functions. `node scripts/bench/profile-summary.js <file.cpuprofile>`.
const { readFileSync } = require('node:fs');

const PARTS = [
	['(idle)', (url, name) => name === '(idle)' || name === '(program)'],
	['(garbage collector)', (_url, name) => name === '(garbage collector)'],
	['this package', (url) => url.includes('/node_modules/n8n-nodes-coinremitter/')],
	['sqlite / TypeORM', (url) => /sqlite3|typeorm/.test(url)],
	['isolated-vm / expressions', (url) => /isolated-vm|expression/i.test(url)],
	[
		'n8n (cli, core, workflow, @n8n)',
		(url) => /\/node_modules\/(n8n|n8n-core|n8n-workflow|@n8n\/[^/]+)\//.test(url),
	],
	['other node_modules', (url) => url.includes('node_modules')],
	["Node's own", () => true],
];

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const selfMs = new Map();
const intervals = profile.timeDeltas;
profile.samples.forEach((id, index) => {
	selfMs.set(id, (selfMs.get(id) ?? 0) + (intervals[index] ?? 0) / 1000);
});
const byPart = new Map();
const ours = new Map();
for (const node of profile.nodes) {
	const ms = selfMs.get(node.id) ?? 0;
	if (!ms) continue;
	const { url, functionName } = node.callFrame;
	const [part] = PARTS.find(([, test]) => test(url, functionName));
	byPart.set(part, (byPart.get(part) ?? 0) + ms);
	if (part === 'this package') {
		const key = `${functionName || '(anonymous)'} ${url.split('/node_modules/n8n-nodes-coinremitter/')[1]}`;
		ours.set(key, (ours.get(key) ?? 0) + ms);
	}
}
const total = [...byPart.values()].reduce((a, b) => a + b, 0);
console.log(`profiled ${(total / 1000).toFixed(1)} s`);
for (const [part, ms] of [...byPart].sort((a, b) => b[1] - a[1]))
	console.log(
		`  ${part.padEnd(34)} ${ms.toFixed(0).padStart(8)} ms  ${((100 * ms) / total).toFixed(1)} %`,
	);
console.log('the package, heaviest functions (self):');
for (const [key, ms] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, 8))
	console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
