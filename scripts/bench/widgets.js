'use strict';
// Measure 10: 5,600 widget orders from 20 senders, as fast as they go. Three
// conditions, each in a fresh n8n: forged orders to a new trigger left at its defaults (no Widget
// API credential: every one is refused); orders with the widget secret, each starting the trigger's
// workflow (its item to an HTTP Request node); and n8n's own Webhook node doing the same work.
// Reported: the answers, the runs that reached the HTTP Request node, the n8n process's peak RSS
// growth, and how long it took.
const { performance } = require('node:perf_hooks');
const { callbacks } = require('../../simulator/server');
const { sleep, untilRegistered, workflow, workflowBuilder } = require('../n8n-runtime');
const { peakRss, tally } = require('./stats');

const ORDERS = 5_600;
const SENDERS = 20;
const SETTLE_MS = 5 * 60_000;
const HOOK = 'a7c0e1d2-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const WIDGET_CREDENTIAL = { id: 'crBenchWidget001', name: 'CoinRemitter widgets (bench)' };
const SECRET = 'bench-widget-secret_0123456789abcdef';

const { coinRemitterTrigger, sink, webhook } = workflowBuilder();

const CONDITIONS = [
	{
		name: 'forged',
		label: 'forged, to a new trigger at its defaults (no Widget API credential)',
		runs: false,
		first: () => coinRemitterTrigger(HOOK, { events: ['widgetOrder'], typeVersion: 3, id: 't' }),
		url: (base) => `${base}/webhook/${HOOK}/webhook`,
	},
	{
		name: 'secret',
		label: 'with the widget secret, each to an HTTP Request node',
		runs: true,
		first: () =>
			coinRemitterTrigger(HOOK, {
				events: ['widgetOrder'],
				typeVersion: 3,
				id: 't',
				credentials: { coinRemitterWidgetApi: WIDGET_CREDENTIAL },
			}),
		url: (base) => `${base}/webhook/${HOOK}/webhook?secret=${SECRET}`,
	},
	{
		name: 'webhook',
		label: "n8n's Webhook node, each to an HTTP Request node",
		runs: true,
		first: () => webhook('Webhook', HOOK, {}, { id: 'w' }),
		url: (base) => `${base}/webhook/${HOOK}`,
	},
];

/** Every order once, SENDERS at a time, as fast as they are answered. */
async function sendAll(url) {
	let next = 0;
	const answers = [];
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < ORDERS) {
				next++;
				answers.push(
					await callbacks
						.fireCallback(url, callbacks.widgetOrders.pricing(1))
						.catch(() => ({ status: 0 })),
				);
			}
		}),
	);
	return answers;
}

async function widgetCondition(prepare, sim, condition) {
	const instance = await prepare();
	try {
		await instance.importCredentials([
			{ ...WIDGET_CREDENTIAL, type: 'coinRemitterWidgetApi', data: { secret: SECRET } },
		]);
		await instance.importWorkflow(
			workflow({ id: 'crBenchWidgets01', nodes: [condition.first(), sink('Ran', sim.url)] }),
		);
		await instance.activate('crBenchWidgets01');
		await instance.start();
		const url = condition.url(instance.baseUrl);
		await untilRegistered(url.split('?')[0]);
		sim.sink.length = 0;
		const peak = peakRss(instance.process.pid);
		const began = performance.now();
		const answers = await sendAll(url);
		const answeredInS = (performance.now() - began) / 1000;
		const expected = condition.runs ? ORDERS : 0;
		const deadline = performance.now() + SETTLE_MS;
		while (sim.sink.length < expected && performance.now() < deadline) await sleep(500);
		await sleep(3000);
		const figures = {
			label: condition.label,
			answers: tally(answers.map((answer) => answer.status)),
			answered: answers.filter((answer) => answer.status > 0).length,
			ran: sim.sink.length,
			answeredInS,
			ranInS: (performance.now() - began) / 1000 - 3,
			rssGrowthMb: peak.stop(),
		};
		console.log(
			`10. ${ORDERS} widget orders, ${SENDERS} senders, ${figures.label}: answered ${figures.answered}/${ORDERS} in ${answeredInS.toFixed(1)} s (${figures.answers}); runs reaching the HTTP Request node ${figures.ran}${condition.runs ? ` (all by ${figures.ranInS.toFixed(1)} s)` : ''}; peak RSS growth of n8n ${figures.rssGrowthMb.toFixed(0)} MB.`,
		);
		return figures;
	} finally {
		await instance.dispose();
	}
}

/**
 * The conditions (all three, or those COINREMITTER_BENCH_WIDGETS names: forged, secret, webhook);
 * `prepare(sim)` gives a fresh n8n (not started) whose credential points at `sim`.
 */
async function measureWidgets(prepare, sim) {
	const names = (process.env.COINREMITTER_BENCH_WIDGETS ?? 'forged,secret,webhook').split(',');
	const results = [];
	for (const condition of CONDITIONS.filter((condition) => names.includes(condition.name)))
		results.push(await widgetCondition(() => prepare(sim), sim, condition));
	return results;
}

module.exports = { measureWidgets };
