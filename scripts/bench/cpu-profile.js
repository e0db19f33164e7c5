'use strict';
// Loaded into the bench's n8n with NODE_OPTIONS=--require (Node refuses --cpu-prof there): a V8 CPU
// profile of `n8n start`, written to COINREMITTER_BENCH_CPU_PROF when the process exits.
const { writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');
const { join } = require('node:path');

const dir = process.env.COINREMITTER_BENCH_CPU_PROF;
if (dir && process.argv.includes('start')) {
	const session = new Session();
	session.connect();
	session.post('Profiler.setSamplingInterval', { interval: 1000 });
	session.post('Profiler.enable');
	session.post('Profiler.start');
	process.on('exit', () => {
		// A session of the same thread answers synchronously.
		session.post('Profiler.stop', (error, result) => {
			if (!error)
				writeFileSync(join(dir, `n8n-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
		});
	});
}
