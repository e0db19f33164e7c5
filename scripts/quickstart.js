#!/usr/bin/env node
'use strict';
// The README's quick start is the single source of the two commands a user runs: CI reads them
// from here, so the README and CI cannot drift apart. Usage: node scripts/quickstart.js start|test
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The commands of the README's quick-start block, in order, without their comments. */
function quickStartCommands(readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8')) {
	const block = /<!-- quick-start -->\s*```bash\n([\s\S]*?)```/.exec(readme);
	if (!block) throw new Error('README.md has no ```bash block after <!-- quick-start -->');
	const commands = block[1]
		.split('\n')
		.map((line) => line.replace(/\s+#.*$/, '').trim())
		.filter(Boolean);
	if (commands.length !== 2)
		throw new Error(
			`README.md's quick start must hold two commands (start, test); it holds ${commands.length}`,
		);
	return { start: commands[0], test: commands[1] };
}

if (require.main === module) {
	const which = process.argv[2];
	const commands = quickStartCommands();
	if (!(which in commands)) {
		console.error('usage: node scripts/quickstart.js start|test');
		process.exit(2);
	}
	console.log(commands[which]);
}

module.exports = { quickStartCommands };
