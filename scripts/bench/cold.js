'use strict';
// Measure 4: the cold start. 40 v1 balance reads at 150 ms of gateway latency, each run in a fresh
// n8n process (`n8n execute`): the CoinRemitter node against the HTTP Request node making the same
// 40 calls. The node's per-wallet limiter is new in every process, as in a CLI run, a queue-mode
// worker's first job or a schedule after 15 idle minutes. Several runs, min and median of each.
const {
	chain,
	coinRemitterBalance,
	httpRequestBalance,
	itemsNode,
	latencyNode,
	nodeItems,
	nodeTime,
} = require('./workflows');

const ITEMS = 40;
const LATENCY_MS = 150;
const RUNS = 5;

const coldWorkflow = (simUrl, id, reader) =>
	chain([latencyNode('Latency', simUrl, LATENCY_MS), itemsNode('Items', ITEMS), reader], id);

/** Node time of one fresh-process run; throws if an item failed (the time would mean nothing). */
async function coldRun(instance, workflow, nodeName) {
	const run = await instance.execute(workflow);
	const items = nodeItems(run, nodeName);
	if (items.length !== ITEMS || items.some((item) => item.error))
		throw new Error(`cold run of ${nodeName} lost or failed items`);
	return nodeTime(run, nodeName);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Prints min / median of each node; returns them. */
async function measureCold(instance, sim) {
	const ours = coldWorkflow(sim.url, 'crBenchColdNode1', coinRemitterBalance('CoinRemitter'));
	const theirs = coldWorkflow(sim.url, 'crBenchColdHttp1', httpRequestBalance(sim.url));
	const times = { node: [], http: [] };
	for (let run = 0; run < RUNS; run++) {
		times.node.push(await coldRun(instance, ours, 'CoinRemitter'));
		times.http.push(await coldRun(instance, theirs, 'HTTP Request'));
	}
	const figures = {
		nodeMin: Math.min(...times.node),
		nodeMedian: median(times.node),
		httpMin: Math.min(...times.http),
		httpMedian: median(times.http),
	};
	console.log(
		`4. cold start, ${ITEMS} balance reads at ${LATENCY_MS} ms in a fresh n8n process (${RUNS} runs each, ms): CoinRemitter min ${figures.nodeMin} / median ${figures.nodeMedian}, HTTP Request min ${figures.httpMin} / median ${figures.httpMedian}, median ratio ${(figures.nodeMedian / figures.httpMedian).toFixed(2)} (runs ${times.node.join('/')} vs ${times.http.join('/')})`,
	);
	return figures;
}

module.exports = { measureCold };
