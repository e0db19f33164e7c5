'use strict';
// Measure 1: the same v1 reads (Wallet → Get Balance) through the CoinRemitter node and the HTTP
// Request node, at each gateway latency and batch size, in one execution: per cell a warm-up
// round, then ROUNDS rounds alternating the two nodes. No rate limit binds here.
const {
	chain,
	coinRemitterBalance,
	httpRequestBalance,
	itemsNode,
	latencyNode,
	nodeItems,
	nodeTime,
} = require('./workflows');

const LATENCIES_MS = [0, 50, 150];
const ITEM_COUNTS = [10, 40, 200];
const ROUNDS = 3; // measured rounds per cell, after one warm-up round

const cellTag = (latencyMs, count, round) => `${latencyMs}ms ${count} #${round}`;

/** Round 0 of each cell is the warm-up. */
function gridWorkflow(simUrl) {
	const grid = [];
	for (const latencyMs of LATENCIES_MS) {
		grid.push(latencyNode(`Latency ${latencyMs}`, simUrl, latencyMs));
		for (const count of ITEM_COUNTS) {
			for (let round = 0; round <= ROUNDS; round++) {
				const tag = cellTag(latencyMs, count, round);
				grid.push(itemsNode(`Items A ${tag}`, count), coinRemitterBalance(`CR ${tag}`));
				grid.push(itemsNode(`Items B ${tag}`, count), httpRequestBalance(simUrl, `HTTP ${tag}`));
			}
		}
	}
	return chain(grid, 'crBenchLatency01');
}

/** Every item of both nodes came out, none as an error: otherwise the times mean nothing. */
function assertComplete(run, tag, count) {
	const a = nodeItems(run, `CR ${tag}`);
	const b = nodeItems(run, `HTTP ${tag}`);
	if (a.length !== count || b.length !== count)
		throw new Error(`a benchmark run lost items (${tag})`);
	const failures = a.filter((item) => item.error).length + b.filter((item) => item.error).length;
	if (failures > 0)
		throw new Error(
			`${failures} items failed (${tag}): ${JSON.stringify(a.find((item) => item.error) ?? b.find((item) => item.error))}`,
		);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

function measuredCell(run, latencyMs, count) {
	const ours = [];
	const theirs = [];
	for (let round = 1; round <= ROUNDS; round++) {
		const tag = cellTag(latencyMs, count, round);
		assertComplete(run, tag, count);
		ours.push(nodeTime(run, `CR ${tag}`));
		theirs.push(nodeTime(run, `HTTP ${tag}`));
	}
	const cell = { latencyMs, count, nodeMs: median(ours), httpMs: median(theirs), ours, theirs };
	cell.ratio = cell.nodeMs / cell.httpMs;
	return cell;
}

function printCell(cell) {
	console.log(
		`   ${String(cell.latencyMs).padStart(4)} ms | ${String(cell.count).padStart(5)} | ${String(cell.nodeMs).padStart(12)} | ${String(cell.httpMs).padStart(12)} | ${cell.ratio.toFixed(2).padStart(5)} | ${cell.ours.join('/')} / ${cell.theirs.join('/')}`,
	);
}

/** How time grows from the smallest to the largest batch, at each latency. */
function printGrowth(cells) {
	for (const latencyMs of LATENCIES_MS) {
		const atLatency = cells.filter((cell) => cell.latencyMs === latencyMs);
		const first = atLatency[0];
		const last = atLatency[atLatency.length - 1];
		console.log(
			`   growth at ${latencyMs} ms, ${first.count} → ${last.count} items (×${last.count / first.count}): CoinRemitter ×${(last.nodeMs / first.nodeMs).toFixed(1)}, HTTP Request ×${(last.httpMs / first.httpMs).toFixed(1)}`,
		);
	}
}

/** Prints the table; returns its cells. */
async function measureLatency(instance, sim) {
	const run = await instance.execute(gridWorkflow(sim.url));
	console.log(
		`1. v1 Wallet → Get Balance, CoinRemitter node vs HTTP Request node (median of ${ROUNDS} after a warm-up; ms):`,
	);
	console.log('   latency | items | CoinRemitter | HTTP Request | ratio | runs (CR / HTTP)');
	const cells = [];
	for (const latencyMs of LATENCIES_MS) {
		for (const count of ITEM_COUNTS) {
			const cell = measuredCell(run, latencyMs, count);
			cells.push(cell);
			printCell(cell);
		}
	}
	printGrowth(cells);
	return cells;
}

module.exports = { measureLatency };
