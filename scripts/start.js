#!/usr/bin/env node
'use strict';
// `npm start`: the first look. Installs what is missing, builds the package, starts the gateway
// simulator and a real n8n on 127.0.0.1 with the package installed as a community package, the
// simulator's credentials and the example workflows. Ctrl-C stops everything it started.
const { execFileSync, spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const N8N_VERSION = process.env.COINREMITTER_N8N_VERSION ?? '1.123.81';
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const SIM_PORT = Number(process.env.COINREMITTER_SIM_PORT ?? 8787);

function step(message) {
	console.log(`\n▸ ${message}`);
}

function npm(args) {
	const result = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, npm_config_loglevel: 'error' } });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
	if (!existsSync(join(ROOT, 'node_modules', '.bin', 'tsc'))) {
		step('Installing the development dependencies (npm ci)');
		npm(['ci']);
	}
	step('Building the package');
	npm(['run', 'build']);

	step(`Installing n8n ${N8N_VERSION} into .n8n-cache (once; later runs reuse it)`);
	const [n8nDir, nodeBinDir] = execFileSync('bash', [join(ROOT, 'scripts', 'install-n8n.sh'), N8N_VERSION], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	})
		.split('\n')
		.slice(-3);

	const { startSimulator } = require('../simulator/server');
	const { N8nInstance, installLikeN8n, packPackage } = require('./n8n-instance');
	const { credentialsFor } = require('../test/e2e/workflows');

	step('Starting the CoinRemitter simulator');
	const sim = await startSimulator({ port: SIM_PORT });

	const userFolder = join(ROOT, '.n8n-cache', 'demo-user');
	const instance = new N8nInstance({
		n8nDir: n8nDir.trim(),
		nodeBinDir: nodeBinDir.trim() || undefined,
		port: N8N_PORT,
		brokerPort: N8N_PORT + 1,
		label: 'demo',
		userFolder,
	});

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the simulator...');
		await instance.stop();
		await sim.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);

	step('Installing the package into n8n the way n8n installs community packages');
	rmSync(join(userFolder, '.n8n', 'nodes'), { recursive: true, force: true });
	await installLikeN8n(userFolder, await packPackage(join(ROOT, '.n8n-cache')));

	step('Importing the simulator credentials and the example workflows');
	await instance.importCredentials(credentialsFor(sim.url));
	for (const file of readdirSync(join(ROOT, 'examples')).filter((name) => name.endsWith('.json'))) {
		await instance.importWorkflow(JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')));
	}

	step(`Starting n8n on ${instance.baseUrl}`);
	await instance.start();
	console.log(`
n8n is running with n8n-nodes-coinremitter:   ${instance.baseUrl}
CoinRemitter simulator (the credentials' Base URL): ${sim.url}

What to try:
  1. Open ${instance.baseUrl} (first visit: create the owner account).
  2. Open "CoinRemitter: payouts" and click "Execute workflow": balance check, address
     validation, fee estimate and two withdrawals against the simulator.
  3. Open "CoinRemitter: invoice paid → fulfil", click "Execute workflow" to listen, copy the
     trigger's Test URL and send it a paid invoice the way CoinRemitter would:
       curl -X POST ${sim.url}/__sim/fire -d '{"url":"<Test URL>","kind":"invoice"}'
     (kinds: deposit, invoice, pricing, presale, paymentButton)
  4. Add a CoinRemitter node to any workflow: the credential "CoinRemitter (simulator)" is ready.

Simulator wallets (API key / password): sim_tcn_key / sim_tcn_password (TCN, v1 and legacy v3),
sim_ltc_key / sim_ltc_password (LTC, legacy v2).
Press Ctrl-C to stop n8n and the simulator.`);
	instance.process.on('exit', (code) => {
		if (!stopping) {
			console.log(`n8n exited (${code}).\n${instance.logTail()}`);
			void sim.stop().then(() => process.exit(1));
		}
	});
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
