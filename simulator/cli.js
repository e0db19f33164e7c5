#!/usr/bin/env node
'use strict';
// Starts the gateway simulator: `npm run simulator -- --port 8787`. `--help` lists the options.
const { parseArgs } = require('node:util');
const { startSimulator, DEFAULT_WALLETS } = require('./server');

const HELP = `CoinRemitter gateway simulator: a local stand-in for CoinRemitter's v1 and legacy APIs.

Usage: npm run simulator -- [options]

Options:
  --port <n>         port (default: $COINREMITTER_SIM_PORT or 8787; 0 picks a free one)
  --host <address>   address to listen on (default 127.0.0.1; 0.0.0.0 lets an n8n in Docker reach it)
  --rate-limit <n>   requests a wallet may make per window before 429 (default 100)
  --latency <ms>     answer every request after this many milliseconds (default 0)
  -h, --help         show this help

Control endpoints while it runs: GET /__sim/requests, POST /__sim/deposit, /__sim/confirm,
/__sim/faults, /__sim/latency, /__sim/reset, /__sim/fire (see docs/development.md, "The gateway simulator").`;

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
				help: { type: 'boolean', short: 'h', default: false },
			},
		}).values;
	} catch (error) {
		return fail(error.message);
	}
}

(async () => {
	const options = readOptions();
	if (options.help) {
		console.log(HELP);
		return;
	}
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
