#!/usr/bin/env node
// Refuses a release while the repository placeholder `OWNER` is left in what gets published
// or linked from n8n's editor (see RELEASING.md). Run by .github/workflows/publish.yml.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function filesUnder(dir, suffix) {
	return fs
		.readdirSync(path.join(root, dir), { recursive: true })
		.filter((file) => file.endsWith(suffix))
		.map((file) => path.join(dir, file));
}

const files = [
	'package.json',
	'README.md',
	'CHANGELOG.md',
	...filesUnder('credentials', '.ts'),
	...filesUnder('nodes', '.node.json'),
];

const left = [];
for (const file of files) {
	fs.readFileSync(path.join(root, file), 'utf8')
		.split('\n')
		.forEach((line, index) => {
			if (/\bOWNER\b/.test(line)) left.push(`${file}:${index + 1}: ${line.trim()}`);
		});
}

if (left.length > 0) {
	console.error('Placeholder OWNER still set (RELEASING.md, "Before the first publish"):');
	for (const line of left) console.error(`  ${line}`);
	process.exit(1);
}
console.log(`No placeholders left in ${files.length} files.`);
