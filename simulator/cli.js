#!/usr/bin/env node
'use strict';
// Starts the gateway simulator: `npm run simulator -- --port 8787`; `npm run simulator -- fire
// <url> [kind]` has the running one send a callback. `--help` lists the options.
const { parseArgs } = require('node:util');
const { fireAnswerText } = require('./fireAnswer');
const { startSimulator, DEFAULT_WALLETS } = require('./server');

const HELP = `CoinRemitter gateway simulator: a local stand-in for CoinRemitter's v1 and legacy APIs.

Usage: npm run simulator -- [options]
       npm run simulator -- fire <url> [kind]   the running simulator sends a callback to <url>
                                                (a trigger's Test or Production URL); kinds:
                                                deposit (default), invoice, invoiceUnderPaid,
                                                invoiceOverPaid, invoiceExpiredPaid, pricing,
                                                presale, paymentButton

Options:
  --port <n>         port (default: $COINREMITTER_SIM_PORT or 8787; 0 picks a free one)
  --host <address>   address to listen on (default 127.0.0.1; 0.0.0.0 lets an n8n in Docker reach it)
  --rate-limit <n>   requests a wallet may make per window before 429 (default 100)
  --latency <ms>     answer every request after this many milliseconds (default 0)
  --sim <url>        fire: the running simulator (default http://127.0.0.1:<--port>)
  -h, --help         show this help

Control endpoints while it runs: GET /__sim/requests, POST /__sim/deposit, /__sim/confirm,
/__sim/faults, /__sim/latency, /__sim/reset, /__sim/fire (see docs/development.md, "The gateway simulator").
Invoices: POST /__sim/invoice/pay {"invoiceId","amount"[,"url"]} pays in the invoice's coin (less,
exactly or more than owed) and notifies its notify_url (or url); POST /__sim/invoice/expire
{"invoiceId"} lets it expire, so that a later payment leaves it Expired with paid_amount.`;

function fail(message) {
	console.error(`simulator: ${message}\n\n${HELP}`);
	process.exit(2);
}

function wholeNumber(value, name, max = Number.MAX_SAFE_INTEGER) {
	const number = Number(value);
	if (!/^\d+$/.test(String(value)) || number > max)
		fail(`--${name} takes a whole number from 0 to ${max}, not "${value}"`);
	return number;
}

function readOptions() {
	try {
		return parseArgs({
			options: {
				port: { type: 'string', default: process.env.COINREMITTER_SIM_PORT ?? '8787' },
				host: { type: 'string', default: '127.0.0.1' },
				'rate-limit': { type: 'string', default: '100' },
				latency: { type: 'string', default: '0' },
				sim: { type: 'string' },
				help: { type: 'boolean', short: 'h', default: false },
			},
			allowPositionals: true,
		});
	} catch (error) {
		return fail(error.message);
	}
}

/** `fire <url> [kind]`: asks the running simulator to fire, prints its answer in a few lines. */
async function fire(options, [url, kind = 'deposit', ...extra]) {
	if (!url || extra.length > 0) fail('fire takes a URL and, optionally, a kind');
	const sim = options.sim ?? `http://127.0.0.1:${wholeNumber(options.port, 'port', 65535)}`;
	let answer;
	try {
		const response = await fetch(`${sim}/__sim/fire`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url, kind }),
		});
		answer = await response.json();
	} catch (error) {
		console.error(
			`simulator: no simulator answered at ${sim} (${error.cause?.code ?? error.message}). Start it (npm start, or npm run simulator) or name it with --sim <url>.`,
		);
		process.exit(1);
	}
	console.log(fireAnswerText(answer));
	process.exitCode = answer.status >= 200 && answer.status < 300 ? 0 : 1;
}

(async () => {
	const { values: options, positionals } = readOptions();
	if (options.help) {
		console.log(HELP);
		return;
	}
	if (positionals[0] === 'fire') return await fire(options, positionals.slice(1));
	if (positionals.length > 0) fail(`unknown command "${positionals[0]}"`);
	const port = wholeNumber(options.port, 'port', 65535);
	const sim = await startSimulator({
		port,
		host: options.host,
		rateLimit: wholeNumber(options['rate-limit'], 'rate-limit'),
		latencyMs: wholeNumber(options.latency, 'latency', 600000),
	}).catch((error) =>
		fail(
			error.code === 'EADDRINUSE'
				? `port ${port} is already in use; choose another with --port`
				: error.message,
		),
	);
	console.log(`CoinRemitter simulator listening on ${sim.url}`);
	console.log('Use it as the Base URL of a credential. Wallets (API key / password):');
	for (const w of DEFAULT_WALLETS)
		console.log(
			`  ${w.coinSymbol}${w.active === false ? ' (inactive)' : ''}: ${w.apiKey} / ${w.apiPassword}`,
		);
	const stop = () => sim.stop().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
})();
