#!/usr/bin/env node
'use strict';
// Starts the gateway simulator: `npm run simulator -- --port 8787`.
const { startSimulator, DEFAULT_WALLETS } = require('./server');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

(async () => {
	const sim = await startSimulator({
		port: Number(option('port', process.env.COINREMITTER_SIM_PORT ?? 8787)),
		rateLimit: Number(option('rate-limit', 100)),
	});
	console.log(`CoinRemitter simulator listening on ${sim.url}`);
	console.log('Use it as the Base URL of a credential. Wallets (API key / password):');
	for (const w of DEFAULT_WALLETS) console.log(`  ${w.coinSymbol}${w.active === false ? ' (inactive)' : ''}: ${w.apiKey} / ${w.apiPassword}`);
	const stop = () => sim.stop().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
})();
