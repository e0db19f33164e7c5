#!/usr/bin/env node
// Runs the lint part of n8n's verification scanner (@n8n/scan-community-package) the way
// n8n runs it, on
//   (a) the source: package.json + {nodes,credentials}/**/*.{js,ts,json};
//   (b) the packed tarball: its compiled **/*.js and package.json;
// and checks that the tarball holds only what n8n loads. Exits 1 on any finding.
//
// The scanner's third check, npm provenance, needs a package published from CI with
// --provenance (.github/workflows/publish.yml); it cannot run before a publish.
// Needs a build (`npm run build`): npm pack does not build here (.npmrc sets ignore-scripts).
//
// TypeScript: the scanner lists typescript 7.0.2 in its own dependencies, which
// typescript-eslint 8 cannot load. package-lock.json installs that copy nested under the
// scanner, where nothing loads it: the scanner's parser (@typescript-eslint/parser, at the
// top of node_modules) loads the project's typescript, pinned at 5.9.3 in devDependencies.
// npm "overrides" cannot force this: the scanner's own rules reject an "overrides" field in
// package.json (@n8n/community-nodes/no-overrides-field). So this script checks the copy
// the parser loads before scanning.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const root = path.resolve(__dirname, '..');

// What n8n needs from the package: compiled nodes and credentials, their icons and codex
// files, the trigger's schema, package.json, README and LICENSE.
const SHIPPED = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE$/,
	/^dist\/(nodes|credentials|icons)\/.+\.(js|json|svg|png)$/,
];

// The licence, every node and credential package.json names, and each node's codex file
// (its categories and documentation links in n8n's node panel).
function required() {
	const { n8n } = require(path.join(root, 'package.json'));
	return [
		'LICENSE',
		...n8n.credentials,
		...n8n.nodes,
		...n8n.nodes.map((node) => node.replace(/\.js$/, '.json')),
	];
}

function typescriptSeenByScanner(scannerDir) {
	const parser = require.resolve('@typescript-eslint/parser', { paths: [scannerDir] });
	const estree = require.resolve('@typescript-eslint/typescript-estree', {
		paths: [path.dirname(parser)],
	});
	const ts = require.resolve('typescript/package.json', { paths: [path.dirname(estree)] });
	return require(ts).version;
}

function pack(destination) {
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const [info] = JSON.parse(out);
	return info;
}

async function main() {
	const scannerDir = path.dirname(require.resolve('@n8n/scan-community-package/package.json'));
	const scanner = await import(pathToFileURL(path.join(scannerDir, 'scanner', 'scanner.mjs')).href);
	const { version } = require(path.join(scannerDir, 'package.json'));

	const tsVersion = typescriptSeenByScanner(scannerDir);
	console.log(`@n8n/scan-community-package ${version}, typescript ${tsVersion}`);
	if (Number(tsVersion.split('.')[0]) >= 7) {
		console.error(
			`The scanner's parser loads typescript ${tsVersion}, which typescript-eslint cannot parse with. ` +
				"Reinstall from package-lock.json (npm ci) so that it loads the project's typescript.",
		);
		process.exit(1);
	}
	if (!fs.existsSync(path.join(root, 'dist'))) {
		console.error('No dist/: run `npm run build` first.');
		process.exit(1);
	}

	const failures = [];
	const report = (label, result) => {
		if (result.passed) {
			console.log(`✅ ${label}: no findings`);
			return;
		}
		failures.push(label);
		console.log(`❌ ${label}: ${result.message}`);
		if (result.details) console.log(result.details);
	};

	report('source', await scanner.analyzePackage(root, scanner.SOURCE_FILE_PATTERNS));

	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'coinremitter-scan-'));
	try {
		const info = pack(work);
		const unpacked = path.join(work, 'package');
		fs.mkdirSync(unpacked);
		execFileSync('tar', [
			'-xzf',
			path.join(work, info.filename),
			'-C',
			unpacked,
			'--strip-components=1',
		]);
		report(
			`tarball ${info.filename}`,
			await scanner.analyzePackage(unpacked, ['**/*.js', 'package.json']),
		);

		const packed = info.files.map((f) => f.path);
		const stray = packed.filter((p) => !SHIPPED.some((re) => re.test(p)));
		const missing = required().filter((p) => !packed.includes(p));
		if (stray.length > 0 || missing.length > 0) {
			failures.push('tarball contents');
			if (stray.length > 0)
				console.log(`❌ tarball holds files n8n does not need:\n  ${stray.join('\n  ')}`);
			if (missing.length > 0) console.log(`❌ tarball lacks:\n  ${missing.join('\n  ')}`);
		} else {
			console.log(
				`✅ tarball contents: ${info.files.length} files, ${info.size} bytes packed, ${info.unpackedSize} unpacked`,
			);
		}
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}

	if (failures.length > 0) {
		console.error(`Scan failed: ${failures.join(', ')}`);
		process.exit(1);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
