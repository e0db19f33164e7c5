'use strict';
// The package as n8n gets it: packed with npm, then installed the way n8n installs community packages.
const { execFile } = require('node:child_process');
const { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { withoutNpmVariables } = require('./environment');

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const PACKAGE = 'n8n-nodes-coinremitter';

/** npm pack of the built package into `outDir` (a new temporary folder by default); returns the tarball path. */
async function packPackage(outDir = mkdtempSync(join(tmpdir(), 'coinremitter-pack-'))) {
	const { stdout } = await run(
		'npm',
		['pack', '--ignore-scripts', '--pack-destination', outDir, '--loglevel=error'],
		{ cwd: ROOT },
	);
	return join(outDir, stdout.trim().split('\n').pop());
}

const nodesFolder = (userFolder) => join(userFolder, '.n8n', 'nodes');

/** The package's manifest as n8n keeps it: without dev, peer and optional dependencies. */
function stripToRuntimeManifest(manifestPath) {
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		readFileSync(manifestPath, 'utf8'),
	);
	writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return manifest;
}

async function npmInstallDependencies(packageDir) {
	await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--loglevel=error',
		],
		{ cwd: packageDir, env: withoutNpmVariables() },
	);
}

/** Unpacks under <user>/.n8n/nodes/node_modules, drops dev/peer/optional dependencies and installs, as n8n does. */
async function installLikeN8n(userFolder, tarball) {
	const nodesDir = nodesFolder(userFolder);
	const packageDir = join(nodesDir, 'node_modules', PACKAGE);
	mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	const manifest = stripToRuntimeManifest(join(packageDir, 'package.json'));
	await npmInstallDependencies(packageDir);
	writeFileSync(
		join(nodesDir, 'package.json'),
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [PACKAGE]: manifest.version } },
			null,
			2,
		),
	);
	return packageDir;
}

/** The package installed once in `fromUserFolder`, copied into other user folders (the processes of one cluster). */
function copyInstalledPackage(fromUserFolder, toUserFolder) {
	cpSync(nodesFolder(fromUserFolder), nodesFolder(toUserFolder), { recursive: true });
}

module.exports = { copyInstalledPackage, installLikeN8n, packPackage, PACKAGE };
