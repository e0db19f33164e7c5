'use strict';
// Measure 11: where a held callback's memory goes. 40 genuine deposit callbacks
// posted at once while the gateway answers every call 429 (retry-after 120 s): the trigger holds
// what it may (202, verified in the background) and answers the rest 503. With them held, n8n's
// resident memory and a V8 heap snapshot of its main thread (node --heapsnapshot-signal): the JS
// heap's size and how many of n8n's expression bridges (IsolatedVmBridge, one isolate each) are
// alive. Then the gateway opens and every callback answered 202 must start once.
const { mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { callbacks } = require('../../simulator/server');
const { sleep, waitFor, untilRegistered } = require('../n8n-runtime');
const { rssMb, tally } = require('./stats');
const { burstTriggerWorkflow } = require('./workflows');

const CALLBACKS = 40;
const TRIGGER_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

function deposits(sim) {
	const wallet = sim.wallet('sim_tcn_key');
	return Array.from({ length: CALLBACKS }, (_, i) => {
		const address = `T${String(i).padStart(2, '0')}${'e'.repeat(31)}`;
		wallet.addresses.set(address, {
			address,
			createdAt: Date.now(),
			expiresAt: Date.now() + 3.6e6,
		});
		const deposit = sim.deposit(
			'sim_tcn_key',
			address,
			`0.${String(3000 + i).padStart(8, '0')}`,
			3,
		);
		return callbacks.v1TransactionWebhook(sim, deposit.id);
	});
}

/** The position of the byte after `marker` in `buffer`. */
const after = (buffer, marker, from = 0) =>
	buffer.indexOf(marker, from) + Buffer.byteLength(marker);

/**
 * Sums a .heapsnapshot without parsing it whole (it may exceed a string's limit): the JS heap's
 * size, and how many objects are instances of a class named `name`.
 */
function readSnapshot(file, name) {
	const buffer = readFileSync(file);
	const meta = JSON.parse(
		buffer.subarray(after(buffer, '"meta":'), buffer.indexOf(',"node_count"')),
	);
	const fields = meta.node_fields;
	const start = after(buffer, '"nodes":[');
	const numbers = buffer.subarray(start, buffer.indexOf(']', start)).toString().split(',');
	const stringsStart = after(buffer, '"strings":[') - 1;
	const strings = JSON.parse(buffer.subarray(stringsStart, buffer.lastIndexOf(']') + 1).toString());
	const sizeAt = fields.indexOf('self_size');
	const nameAt = fields.indexOf('name');
	const typeAt = fields.indexOf('type');
	const object = meta.node_types[typeAt].indexOf('object');
	let bytes = 0;
	let named = 0;
	for (let i = 0; i < numbers.length; i += fields.length) {
		bytes += Number(numbers[i + sizeAt]);
		if (Number(numbers[i + typeAt]) === object && strings[Number(numbers[i + nameAt])] === name)
			named++;
	}
	return { heapMb: bytes / 1024 / 1024, named };
}

async function snapshotOf(pid, dir) {
	const before = new Set(readdirSync(dir));
	process.kill(pid, 'SIGUSR2');
	let file;
	await waitFor(() => {
		file = readdirSync(dir).find((entry) => entry.endsWith('.heapsnapshot') && !before.has(entry));
		return file !== undefined;
	}, 120_000);
	// Written in full once it ends its last array and its size stops changing.
	const path = join(dir, file);
	let size = -1;
	for (;;) {
		await sleep(3000);
		const content = readFileSync(path);
		if (content.length === size && content.subarray(-2).toString() === ']}') break;
		size = content.length;
	}
	return readSnapshot(path, 'IsolatedVmBridge');
}

async function measureHeld(prepare, sim) {
	const dir = mkdtempSync(join(tmpdir(), 'bench-held-'));
	const instance = await prepare(sim, {
		NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`,
	});
	try {
		await instance.importWorkflow(burstTriggerWorkflow(TRIGGER_ID, sim.url));
		await instance.activate('crBenchBurst0001');
		await instance.start();
		const url = `${instance.baseUrl}/webhook/${TRIGGER_ID}/webhook`;
		await untilRegistered(url);
		sim.reset();
		const pid = instance.process.pid;
		const idle = await snapshotOf(pid, dir);
		const rssIdle = rssMb(pid);
		Object.assign(sim.faults, { rateLimitBurst: 1_000_000, retryAfterSeconds: 120 });
		const all = deposits(sim);
		const answers = await Promise.all(
			all.map(async (payload) => await callbacks.fireCallback(url, payload)),
		);
		await sleep(3000);
		const rssHeld = rssMb(pid);
		const held = await snapshotOf(pid, dir);
		sim.faults.rateLimitBurst = 0;
		sim.faults.retryAfterSeconds = 0;
		const acknowledged = all.filter((_payload, i) => answers[i].status === 202);
		const ran = (id) => sim.sink.filter((item) => item.id === id).length;
		await waitFor(() => acknowledged.every((payload) => ran(payload.id) >= 1), 240_000);
		await sleep(3000);
		const heldCount = acknowledged.length;
		console.log(
			`11. ${CALLBACKS} deposit callbacks at once while the gateway answers 429: answered ${tally(answers.map((a) => a.status))}. ` +
				`With ${heldCount} held: n8n's RSS +${(rssHeld - rssIdle).toFixed(0)} MB (${((rssHeld - rssIdle) / Math.max(1, heldCount)).toFixed(1)} MB each), ` +
				`its JS heap +${(held.heapMb - idle.heapMb).toFixed(1)} MB (${idle.heapMb.toFixed(0)} → ${held.heapMb.toFixed(0)} MB), expression bridges alive ${idle.named} → ${held.named}. ` +
				`Once the gateway opened: started once ${acknowledged.filter((p) => ran(p.id) === 1).length}/${heldCount}, more than once ${acknowledged.filter((p) => ran(p.id) > 1).length}.`,
		);
	} finally {
		await instance.dispose();
		rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = { measureHeld };
