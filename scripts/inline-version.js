// After tsc: the version module gets the version from package.json as a literal, and the copy of
// package.json that tsc emits for `import { version } from '../../package.json'` is removed.
const { readFileSync, rmSync, writeFileSync } = require('fs');
const { join } = require('path');

const root = join(__dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const target = join(root, 'dist', 'nodes', 'shared', 'version.js');
writeFileSync(
	target,
	`"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.PACKAGE_VERSION = ${JSON.stringify(version)};\n`,
);
rmSync(join(root, 'dist', 'package.json'), { force: true });
