const path = require('path');
const { task, src, dest } = require('gulp');

// TypeScript emits only .js; n8n also loads each node's icons and codex (*.node.json) from dist/.
task('build:assets', () =>
	src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest(path.resolve('dist'))),
);
