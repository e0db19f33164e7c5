'use strict';
// One real n8n instance for the end-to-end suite: its own user folder, the package installed the
// way n8n installs community packages, credentials imported, and `n8n execute` / `n8n start`.
const { execFile, spawn } = require('node:child_process');
const {
	mkdtempSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	writeFileSync,
	rmSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const PACKAGE = 'n8n-nodes-coinremitter';

/** The environment without the npm_* variables that `npm start` / `npm run` hand down (the project's .npmrc). */
function withoutNpmVariables(env = process.env) {
	return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

/** npm pack of the built package; returns the tarball path. */
async function packPackage(outDir) {
	const { stdout } = await run(
		'npm',
		['pack', '--ignore-scripts', '--pack-destination', outDir, '--loglevel=error'],
		{ cwd: ROOT },
	);
	return join(outDir, stdout.trim().split('\n').pop());
}

/** Unpacks under <user>/.n8n/nodes/node_modules, drops dev/peer/optional dependencies and installs, as n8n does. */
async function installLikeN8n(userFolder, tarball) {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const packageDir = join(nodesDir, 'node_modules', PACKAGE);
	mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	const manifestPath = join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		readFileSync(manifestPath, 'utf8'),
	);
	writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--loglevel=error',
		],
		{
			cwd: packageDir,
			env: withoutNpmVariables(),
		},
	);
	writeFileSync(
		join(nodesDir, 'package.json'),
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [PACKAGE]: manifest.version } },
			null,
			2,
		),
	);
	return packageDir;
}

class N8nInstance {
	/**
	 * command: what `start()` runs (`start`, or in queue mode `worker` / `webhook`); extraEnv: added
	 * to (and overriding) the environment of every command, e.g. the database and Redis of queue mode.
	 */
	constructor({
		n8nDir,
		nodeBinDir,
		port,
		brokerPort,
		label,
		userFolder,
		command = 'start',
		args = [],
		extraEnv = {},
	}) {
		this.n8nDir = n8nDir;
		this.command = command;
		this.args = args;
		this.extraEnv = extraEnv;
		this.nodeBinDir = nodeBinDir;
		this.port = port;
		this.brokerPort = brokerPort;
		this.label = label;
		this.userFolder =
			userFolder ??
			mkdtempSync(join(tmpdir(), `coinremitter-e2e-${label.replace(/[^a-z0-9]+/gi, '-')}-`));
		mkdirSync(this.userFolder, { recursive: true });
		this.baseUrl = `http://127.0.0.1:${port}`;
	}

	env() {
		const path = this.nodeBinDir ? `${this.nodeBinDir}:${process.env.PATH}` : process.env.PATH;
		return {
			...withoutNpmVariables(),
			PATH: path,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'coinremitter-e2e-encryption-key',
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_RUNNERS_ENABLED: 'false',
			N8N_EXPRESSION_ENGINE: 'legacy',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_SECURE_COOKIE: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_LOG_LEVEL: 'info',
			// Logs go to a file so that stdout holds only what commands print (the JSON of `n8n execute`).
			N8N_LOG_OUTPUT: 'file',
			N8N_LOG_FILE_LOCATION: join(this.userFolder, 'n8n.log'),
			DB_SQLITE_POOL_SIZE: '2',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			NODE_OPTIONS: '',
			...this.extraEnv,
		};
	}

	bin() {
		return join(this.n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
	}

	nodeBinary() {
		return this.nodeBinDir ? join(this.nodeBinDir, 'node') : process.execPath;
	}

	async cli(args, { timeout = 180000 } = {}) {
		return await run(this.nodeBinary(), [this.bin(), ...args], {
			env: this.env(),
			timeout,
			maxBuffer: 64 * 1024 * 1024,
		});
	}

	async importCredentials(credentials) {
		const file = join(this.userFolder, 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials));
		await this.cli(['import:credentials', `--input=${file}`]);
	}

	async importWorkflow(workflow) {
		const file = join(this.userFolder, `${workflow.id}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		await this.cli(['import:workflow', `--input=${file}`]);
	}

	async activate(workflowId) {
		try {
			await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
		} catch {
			await this.cli(['publish:workflow', `--id=${workflowId}`]);
		}
	}

	/** Imports a workflow and runs it with `n8n execute`; returns the run data of the finished execution. */
	async execute(workflow) {
		await this.importWorkflow(workflow);
		const logFile = join(this.userFolder, 'n8n.log');
		writeFileSync(logFile, '');
		try {
			await this.cli(['execute', `--id=${workflow.id}`, '--rawOutput']);
		} catch (error) {
			throw new Error(
				`n8n execute failed: ${(error.stderr || error.message).slice(-1500)} ${this.logTail()}`,
			);
		}
		// n8n prints the run through its logger; with file output each line is a JSON record.
		const printed = readFileSync(logFile, 'utf8')
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line))
			.filter(
				(record) => record.metadata?.function === 'log' && record.message.trim().startsWith('{'),
			);
		if (printed.length === 0) throw new Error(`n8n execute printed no run: ${this.logTail()}`);
		return JSON.parse(printed.pop().message);
	}

	async start() {
		this.process = spawn(this.nodeBinary(), [this.bin(), this.command, ...this.args], {
			env: this.env(),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		this.log = '';
		this.process.stdout.on('data', (chunk) => (this.log += chunk));
		this.process.stderr.on('data', (chunk) => (this.log += chunk));
		const deadline = Date.now() + 180000;
		while (Date.now() < deadline) {
			try {
				const response = await fetch(`${this.baseUrl}/healthz/readiness`);
				if (response.ok) return;
			} catch {
				// not listening yet
			}
			if (this.process.exitCode !== null || this.process.signalCode !== null) {
				throw new Error(
					`n8n exited (${this.process.exitCode ?? this.process.signalCode}): ${this.log.slice(-2000)} ${this.logTail().slice(-1500)}`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(`n8n did not become ready: ${this.log.slice(-2000)} ${this.logTail()}`);
	}

	/** Sets up the owner account through the REST API and keeps its session for rest(). */
	async setupOwner() {
		const response = await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'coinremitter-e2e' },
			body: JSON.stringify({
				email: 'owner@example.com',
				firstName: 'E2E',
				lastName: 'Owner',
				password: 'CoinRemitter-e2e-1',
			}),
		});
		if (!response.ok)
			throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
		this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
	}

	async rest(method, path, body) {
		const response = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': 'coinremitter-e2e',
				cookie: this.cookie ?? '',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
		return JSON.parse(text);
	}

	async stop() {
		if (this.process && this.process.exitCode === null) {
			try {
				process.kill(-this.process.pid, 'SIGTERM');
			} catch {
				// already gone
			}
			await new Promise((resolve) => {
				const timer = setTimeout(() => {
					try {
						process.kill(-this.process.pid, 'SIGKILL');
					} catch {
						// already gone
					}
					resolve();
				}, 15000);
				this.process.once('exit', () => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** A type file n8n writes at start-up for the editor (the nodes and credentials it lists). */
	async types(name) {
		const file = join(this.userFolder, '.cache', 'n8n', 'public', 'types', name);
		for (let waited = 0; waited < 30000; waited += 500) {
			try {
				return JSON.parse(readFileSync(file, 'utf8'));
			} catch {
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
		return this.findTypes(name);
	}

	findTypes(name) {
		const find = (dir) => {
			for (const entry of readdirSync(dir, { withFileTypes: true })) {
				const path = join(dir, entry.name);
				if (entry.isDirectory() && entry.name !== 'node_modules') {
					const found = find(path);
					if (found) return found;
				} else if (entry.name === name && dir.endsWith('types')) return path;
			}
			return undefined;
		};
		const file = find(this.userFolder);
		if (!file) throw new Error(`n8n wrote no ${name}`);
		return JSON.parse(readFileSync(file, 'utf8'));
	}

	logTail() {
		try {
			return readFileSync(join(this.userFolder, 'n8n.log'), 'utf8').slice(-3000);
		} catch {
			return '';
		}
	}

	cleanup() {
		rmSync(this.userFolder, { recursive: true, force: true });
	}
}

/** `count` different ports nothing listens on right now, on 127.0.0.1 (all held open until all are known). */
async function freePorts(count) {
	const { createServer } = require('node:net');
	const servers = await Promise.all(
		Array.from(
			{ length: count },
			() =>
				new Promise((resolve, reject) => {
					const server = createServer();
					server.once('error', reject);
					server.listen(0, '127.0.0.1', () => resolve(server));
				}),
		),
	);
	const ports = servers.map((server) => server.address().port);
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	return ports;
}

async function freePort() {
	const [port] = await freePorts(1);
	return port;
}

module.exports = { N8nInstance, freePort, freePorts, installLikeN8n, packPackage, PACKAGE };
