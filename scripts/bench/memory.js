'use strict';
// Measure 7: what the trigger's delivery memory costs one callback, outside n8n, with
// 100, 1,000 and 5,000 deliveries remembered. The static data goes the way n8n takes it for each
// webhook request: the workflow's row parsed into a new n8n-workflow Workflow (observable static
// data), the trigger's memory, the whole object written back as JSON when it changed; 25 requests
// in flight together (loaded together, written back one after another), 100 callbacks, each written
// with its own copy (a callback n8n answers; one answered already writes in a batch, less).
// `node scripts/bench/memory.js [dist folder]` measures the build in that folder (default ./dist).
const { resolve } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Workflow } = require('n8n-workflow');

const HISTORIES = [100, 1000, 5000];
const CALLBACKS = 100;
const IN_FLIGHT = 25;
const TRIGGER = { name: 'CoinRemitter Trigger' };

function measureMemory(dist = resolve(__dirname, '../../dist')) {
	const { DeliveryMemory } = require(`${dist}/nodes/CoinRemitterTrigger/dedupe`);
	const load = (row) => {
		const workflow = new Workflow({
			id: 'wf',
			nodes: [],
			connections: {},
			active: true,
			nodeTypes: {},
			staticData: JSON.parse(row),
		});
		return { workflow, data: workflow.getStaticData('node', TRIGGER) };
	};
	const figures = {};
	for (const remembered of HISTORIES) {
		// The earlier form of the history (both builds read it; the newer folds it in on first use).
		let row = JSON.stringify({
			'node:CoinRemitter Trigger': {
				delivered: Object.fromEntries(
					Array.from({ length: remembered }, (_, i) => [`v1:tx:seed${i}:confirmed`, i]),
				),
			},
		});
		const scope = `bench-${remembered}-${Math.random()}`;
		const spent = { load: 0, memory: 0, save: 0 };
		let now = 1e12;
		for (let batch = 0; batch < CALLBACKS / IN_FLIGHT + 1; batch++) {
			const counted = batch > 0; // the first batch folds the seeded history in
			let at = performance.now();
			const requests = Array.from({ length: IN_FLIGHT }, () => load(row));
			if (counted) spent.load += performance.now() - at;
			at = performance.now();
			requests.forEach(({ data }, i) => {
				const memory = new DeliveryMemory(data, scope, 'verified', (now += 20));
				memory.claim(`v1:tx:new${batch}-${i}:confirmed`, now);
				memory.writeOwnCopy?.(); // n8n 2.x's path: each written with its own copy (older builds: in claim)
			});
			if (counted) spent.memory += performance.now() - at;
			at = performance.now();
			for (const { workflow } of requests)
				if (workflow.staticData.__dataChanged === true) row = JSON.stringify(workflow.staticData);
			if (counted) spent.save += performance.now() - at;
		}
		figures[remembered] = Object.fromEntries(
			Object.entries(spent).map(([phase, ms]) => [phase, ms / CALLBACKS]),
		);
		figures[remembered].rowBytes = row.length;
	}
	return figures;
}

if (require.main === module) {
	const dist = process.argv[2] ? resolve(process.argv[2]) : undefined;
	for (const [remembered, f] of Object.entries(measureMemory(dist)))
		console.log(
			`7. ${remembered} remembered: per callback, n8n's load ${f.load.toFixed(3)} ms, the memory ${f.memory.toFixed(3)} ms, n8n's write-back ${f.save.toFixed(3)} ms; static data ${f.rowBytes} bytes`,
		);
}

module.exports = { measureMemory };
