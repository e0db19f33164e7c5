#!/usr/bin/env node
'use strict';
// `npm start`: the first look. Installs what is missing, builds the package, starts the gateway
// simulator and a real n8n on 127.0.0.1 with the package installed as a community package, the
// simulator's credentials and the example workflows. Ctrl-C stops everything it started.
// COINREMITTER_SMOKE=1: the same start, then checks that everything is up and stops (CI runs the
// README's quick start this way).
const { spawn } = require('node:child_process');
const {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} = require('node:fs');
const { createServer } = require('node:net');
const { homedir, tmpdir } = require('node:os');
const { join } = require('node:path');

// The n8n runtime: n8n started here exactly as the e2e suite starts it.
const {
	credentialsFor,
	installLikeN8n,
	N8nInstance,
	NEWEST_2X,
	packPackage,
	webhookRegistered,
} = require('./n8n-runtime');
const { exampleWebhookIds, examplesWithWebhookIds } = require('./n8n-runtime/webhookIds');

const ROOT = join(__dirname, '..');
// The newest n8n 2.x that installs here (scripts/n8n-runtime/versions.js says how to check for a newer
// one); COINREMITTER_N8N_VERSION=1.123.81 npm start runs the 1.x line.
const N8N_VERSION = process.env.COINREMITTER_N8N_VERSION ?? NEWEST_2X;
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const SIM_PORT = Number(process.env.COINREMITTER_SIM_PORT ?? 8787);
const SMOKE = process.env.COINREMITTER_SMOKE === '1';
// The same folder scripts/install-n8n.sh installs n8n into.
const CACHE =
	process.env.COINREMITTER_N8N_CACHE ??
	join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-coinremitter');
// n8n's database for `npm start`. Folders of earlier releases (demo-user-<version>) held the tests'
// credentials and examples without webhook ids: a new name starts clean; the old one can be deleted.
// Smoke mode publishes the try-it example: in a folder of its own, so a person's is left as imported.
const DEMO_FOLDER = join(CACHE, `${SMOKE ? 'smoke' : 'demo'}-${N8N_VERSION}`);
// The try-it example (examples/try-it.json) and its trigger: smoke mode fires at its Production URL.
const TRY_IT = { workflowId: 'crExTryItSim0001', triggerId: 't1' };
const PORTS_HINT = 'choose other ports: N8N_PORT=5690 COINREMITTER_SIM_PORT=8790 npm start';

class StartError extends Error {}

let stopEverything = async (code) => process.exit(code);

function step(message) {
	console.log(`\n▸ ${message}`);
}

/**
 * Runs a command to completion; resolves to its stdout when `captureStdout`, else shows it. The
 * command runs in a process group of its own and without a terminal (npm with a terminal takes it
 * over, and lets Ctrl-C pass during an install): on Ctrl-C this script ends the whole group itself
 * (SIGTERM, then SIGKILL after 3 s) and runs `cleanup`.
 */
async function runStep(command, args, what, { captureStdout = false, cleanup = () => {} } = {}) {
	const child = spawn(command, args, {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	child.stdout.on('data', (chunk) =>
		captureStdout ? (stdout += chunk) : process.stdout.write(chunk),
	);
	child.stderr.on('data', (chunk) => process.stderr.write(chunk));
	let interrupted = false;
	const killGroup = (signal) => {
		try {
			process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	};
	const onInterrupt = () => {
		if (interrupted) return;
		interrupted = true;
		console.error(`\nStopping (${what})...`);
		killGroup('SIGTERM');
		setTimeout(() => killGroup('SIGKILL'), 3000).unref();
	};
	process.on('SIGINT', onInterrupt);
	const { code, signal, error } = await new Promise((resolve) => {
		child.once('error', (failure) => resolve({ error: failure }));
		child.once('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
	});
	process.off('SIGINT', onInterrupt);
	if (error?.code === 'ENOENT')
		throw new StartError(
			`${what} needs \`${command}\`, which this machine does not have. Install it and run npm start again.`,
		);
	if (interrupted) {
		killGroup('SIGKILL');
		cleanup();
		throw new StartError(
			`Interrupted while ${what}; nothing half-done is kept and nothing is running. Run npm start again to continue.`,
		);
	}
	if (code !== 0)
		throw new StartError(
			`${what} failed (exit code ${code ?? signal}); the reason is printed above.`,
		);
	return stdout;
}

function dependenciesInstalled() {
	const marker = join(ROOT, 'node_modules', '.package-lock.json');
	return (
		existsSync(marker) &&
		statSync(marker).mtimeMs >= statSync(join(ROOT, 'package-lock.json')).mtimeMs
	);
}

async function installN8n() {
	const stdout = await runStep(
		'bash',
		[join(ROOT, 'scripts', 'install-n8n.sh'), N8N_VERSION],
		`installing n8n ${N8N_VERSION}`,
		{
			captureStdout: true,
			cleanup: () =>
				rmSync(join(CACHE, `n8n-${N8N_VERSION}.partial`), { recursive: true, force: true }),
		},
	);
	const [n8nDir, nodeBinDir] = stdout.split('\n').slice(-3);
	return { n8nDir: n8nDir.trim(), nodeBinDir: nodeBinDir.trim() || undefined };
}

async function portIsFree(port) {
	return await new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

async function checkPorts() {
	const wanted = [
		[N8N_PORT, 'n8n (N8N_PORT)'],
		[N8N_PORT + 1, "n8n's task broker (N8N_PORT + 1)"],
		[SIM_PORT, 'the simulator (COINREMITTER_SIM_PORT)'],
	];
	for (const [port, what] of wanted) {
		if (!Number.isInteger(port) || port < 1 || port > 65535)
			throw new StartError(`Port ${port} for ${what} is not a port number.`);
		if (!(await portIsFree(port)))
			throw new StartError(
				`Port ${port}, for ${what}, is already in use on 127.0.0.1. Stop what uses it, or ${PORTS_HINT}`,
			);
	}
}

/** One `npm start` per demo folder: a second one would share n8n's database. */
function claimDemoFolder(userFolder) {
	mkdirSync(userFolder, { recursive: true });
	const pidFile = join(userFolder, 'npm-start.pid');
	const previous = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : NaN);
	if (previous && previous !== process.pid && isAlive(previous)) {
		throw new StartError(
			`npm start is already running (process ${previous}). Use that one, or stop it with Ctrl-C in its terminal (or \`kill ${previous}\`) and run npm start again.`,
		);
	}
	writeFileSync(pidFile, String(process.pid));
	return () => rmSync(pidFile, { force: true });
}

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

async function importDemo(instance, sim, n8nDir) {
	await instance.importCredentials(credentialsFor(sim.url));
	await instance.importWorkflows(
		examplesWithWebhookIds(n8nDir, instance.userFolder),
		'examples.json',
	);
}

/** The names of the workflows and credentials in n8n's database and the nodes' webhook ids, through n8n's own export commands. */
async function exportAll(instance) {
	const folder = mkdtempSync(join(tmpdir(), 'coinremitter-smoke-'));
	const exported = async (what) => {
		const file = join(folder, `${what}.json`);
		await instance.cli([`export:${what}`, '--all', `--output=${file}`]);
		return JSON.parse(readFileSync(file, 'utf8'));
	};
	try {
		const workflows = await exported('workflow');
		const webhookIds = new Map(
			workflows.flatMap((workflow) =>
				workflow.nodes
					.filter((node) => node.webhookId)
					.map((node) => [`${workflow.id}/${node.id}`, node.webhookId]),
			),
		);
		return {
			workflows: workflows.map((workflow) => workflow.name),
			webhookIds,
			credentials: (await exported('credentials')).map((credential) => credential.name),
		};
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** Smoke mode: what a user's first look needs, checked, then everything stops. */
async function smokeCheck(instance, sim) {
	const failures = [];
	const expect = (label, ok) => {
		console.log(`${ok ? 'ok' : 'FAIL'} - ${label}`);
		if (!ok) failures.push(label);
	};
	const ready = await fetch(`${instance.baseUrl}/healthz/readiness`);
	expect(`n8n answers ready on ${instance.baseUrl}`, ready.ok);
	// The version of the n8n binary that is running (2.x's public settings no longer carry it).
	const running = (await instance.cli(['--version'])).stdout.trim();
	expect(
		`the running n8n is ${N8N_VERSION}${N8N_VERSION === NEWEST_2X ? ' (the default: the newest 2.x that installs here)' : ''}; \`n8n --version\` says ${running}`,
		running === N8N_VERSION,
	);
	const nodes = (await instance.types('nodes.json')).map((node) => node.name);
	expect(
		'n8n lists the CoinRemitter node and trigger',
		nodes.includes('n8n-nodes-coinremitter.coinRemitter') &&
			nodes.includes('n8n-nodes-coinremitter.coinRemitterTrigger'),
	);
	const credentialTypes = (await instance.types('credentials.json')).map(
		(credential) => credential.name,
	);
	expect(
		'n8n lists both CoinRemitter credential types',
		credentialTypes.includes('coinRemitterApi') &&
			credentialTypes.includes('coinRemitterLegacyApi'),
	);
	const exported = await exportAll(instance);
	const exampleNames = readdirSync(join(ROOT, 'examples')).map(
		(file) => JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')).name,
	);
	expect(
		`the ${exampleNames.length} example workflows are imported`,
		exampleNames.every((name) => exported.workflows.includes(name)),
	);
	const simulatorCredentials = credentialsFor(sim.url).map((credential) => credential.name);
	expect(
		`only the simulator's credentials are imported (${simulatorCredentials.join(', ')})`,
		[...exported.credentials].sort().join('\n') === [...simulatorCredentials].sort().join('\n'),
	);
	const ids = exampleWebhookIds(instance.userFolder);
	const keptIds = exported.webhookIds;
	expect(
		`each example's trigger has its own webhook id in n8n (${Object.keys(ids).length} nodes with webhooks), none taken from the example files`,
		Object.keys(ids).length > 0 &&
			Object.entries(ids).every(([key, id]) => keptIds.get(key) === id) &&
			keptIds.size === Object.keys(ids).length,
	);
	// The Production URL the editor shows for the published try-it example, fired as the README says.
	const productionUrl = `${instance.baseUrl}/webhook/${ids[`${TRY_IT.workflowId}/${TRY_IT.triggerId}`]}/webhook`;
	const registered = await webhookRegistered(productionUrl, 30000);
	const fired = registered ? await sim.fireSample(productionUrl, 'deposit') : undefined;
	expect(
		`the try-it example, published, answers on the Production URL built from its webhook id (${fired ? `${fired.status}: ${fired.reason}` : 'not registered'})`,
		fired?.status === 200,
	);
	const balance = await fetch(`${sim.url}/v1/wallet/balance`, {
		method: 'POST',
		headers: { 'x-api-key': 'sim_tcn_key', 'x-api-password': 'sim_tcn_password' },
	});
	expect(
		`the simulator answers on ${sim.url}`,
		balance.ok && (await balance.json()).success === true,
	);
	console.log(
		`smoke: ${failures.length === 0 ? 'everything is up' : `${failures.length} check(s) failed`}`,
	);
	return failures.length === 0;
}

function welcome(instance, sim) {
	const { callbacks } = require('../simulator/server');
	console.log(`
n8n is running with n8n-nodes-coinremitter:   ${instance.baseUrl}
CoinRemitter simulator (the credentials' Base URL): ${sim.url}

What to try:
  1. Open ${instance.baseUrl} (first visit: create the owner account).
  2. Open "CoinRemitter: payouts" and click "Execute workflow": balance check, address
     validation, fee estimate and two withdrawals against the simulator.
  3. Open "CoinRemitter: invoice paid → fulfil". Double-click the trigger "Invoice paid", copy
     its Test URL, then click "Execute step" in that panel and, within 2 minutes, send it a
     paid invoice the way CoinRemitter would:
       npm run simulator -- fire '<Test URL>' invoice
     (kinds: ${Object.keys(callbacks.samples).join(', ')}; or
       curl -X POST ${sim.url}/__sim/fire -d '{"url":"<Test URL>","kind":"invoice"}')
  4. Open "CoinRemitter: try it", click "Publish" (n8n 1.x: the "Active" switch), copy the
     trigger's Production URL and fire a deposit at it as above: each one is a run in Executions.
  5. Open "CoinRemitter: AI agent tools" and execute it: an AI agent (the simulator's scripted
     model) reads the balance, creates a 25 EUR invoice and sends the supplier 0.5 TCN (a
     withdrawal, within the tool's guardrails).
  6. Add a CoinRemitter node to any workflow: the credential "CoinRemitter (simulator)" is ready.

Simulator wallets (API key / password): sim_tcn_key / sim_tcn_password (TCN, v1 and legacy v3),
sim_ltc_key / sim_ltc_password (LTC, legacy v2).
Other ports: ${PORTS_HINT.replace(/^choose other ports: /, '')}
Press Ctrl-C to stop n8n and the simulator.`);
}

async function main() {
	const release = claimDemoFolder(DEMO_FOLDER);
	stopEverything = async (code) => {
		release();
		process.exit(code);
	};
	await checkPorts();
	if (!dependenciesInstalled()) {
		step('Installing the development dependencies (npm ci)');
		await runStep('npm', ['ci', '--loglevel=error'], 'installing the development dependencies');
	}
	step('Building the package');
	await runStep('npm', ['run', 'build', '--silent'], 'building the package');

	step(`Installing n8n ${N8N_VERSION} (once; later runs reuse it)`);
	const { n8nDir, nodeBinDir } = await installN8n();

	const { startSimulator } = require('../simulator/server');
	const userFolder = DEMO_FOLDER;
	const instance = new N8nInstance({
		n8nDir,
		nodeBinDir,
		port: N8N_PORT,
		brokerPort: N8N_PORT + 1,
		label: 'demo',
		userFolder,
	});
	let sim;
	let stopping = false;
	const stop = async (code) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the simulator...');
		await instance.stop();
		await sim?.stop();
		release();
		process.exit(code);
	};
	stopEverything = stop;
	process.on('SIGINT', () => void stop(130));
	process.on('SIGTERM', () => void stop(143));

	step('Starting the CoinRemitter simulator');
	sim = await startSimulator({ port: SIM_PORT });

	step('Installing the package into n8n the way n8n installs community packages');
	rmSync(join(userFolder, '.n8n', 'nodes'), { recursive: true, force: true });
	const packDir = mkdtempSync(join(tmpdir(), 'coinremitter-pack-'));
	await installLikeN8n(userFolder, await packPackage(packDir));
	rmSync(packDir, { recursive: true, force: true });

	step('Importing the simulator credentials and the example workflows');
	await importDemo(instance, sim, n8nDir);

	if (SMOKE) await instance.activate(TRY_IT.workflowId);

	step(`Starting n8n on ${instance.baseUrl}`);
	await instance.start();
	if (SMOKE) {
		const ok = await smokeCheck(instance, sim);
		await stop(ok ? 0 : 1);
		return;
	}
	welcome(instance, sim);
	instance.process.on('exit', (code) => {
		if (!stopping) {
			console.log(`n8n exited (${code}).\n${instance.logTail()}`);
			void stop(1);
		}
	});
}

main().catch((error) => {
	if (error instanceof StartError) console.error(`\nnpm start: ${error.message}`);
	else console.error(`\nnpm start failed: ${error?.message ?? error}`);
	void stopEverything(1);
});
