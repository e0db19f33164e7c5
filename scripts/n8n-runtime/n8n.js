'use strict';
// One real n8n process: its own user folder, `n8n execute` / `n8n start` (or `worker`, `webhook`),
// the CLI's import commands, the owner account and the REST API.
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
const { n8nEnvironment } = require('./environment');
const { sleep, waitFor } = require('./wait');

const run = promisify(execFile);
const READY_TIMEOUT_MS = 180000;
const OWNER = {
	email: 'owner@example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'CoinRemitter-e2e-1',
};
const BROWSER_ID = 'coinremitter-e2e';

/** The run `n8n execute --rawOutput` printed: n8n prints it through its logger, one JSON record a line. */
function printedRun(logFile) {
	const printed = readFileSync(logFile, 'utf8')
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line))
		.filter(
			(record) => record.metadata?.function === 'log' && record.message.trim().startsWith('{'),
		);
	return printed.length === 0 ? undefined : JSON.parse(printed.pop().message);
}

/** printedRun(), or undefined where what was printed is cut short (not JSON) or has no finished run. */
function wholePrintedRun(logFile) {
	try {
		const run = printedRun(logFile);
		return run?.data?.resultData?.runData ? run : undefined;
	} catch {
		return undefined;
	}
}

/**
 * `request()`, tried again every 500 ms (60 times at most) while its error's message matches
 * `routeMissing`: n8n answers ready a moment before its REST routes exist.
 */
async function onceRoutesExist(request, routeMissing) {
	for (let attempt = 0; ; attempt++) {
		try {
			return await request();
		} catch (error) {
			if (attempt >= 60 || !routeMissing.test(String(error.message))) throw error;
			await sleep(500);
		}
	}
}

/** The items (their json) node `nodeName` output in a run `execute()` returned; [] if it did not run. */
const nodeOutput = (run, nodeName) =>
	run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];

/**
 * True once n8n has registered a `method` webhook at `url`: active workflows register their
 * webhooks shortly after n8n is ready. Asked without running anything: a CORS preflight
 * (`OPTIONS` with an `Origin`), which n8n answers with the methods registered at the path, on
 * every line (webhook-request-handler.js, setupCorsHeaders). A request with a body would start
 * the workflow (a Webhook node's, an agent that asks a person). A connection that fails (a
 * kept-alive one n8n closed as it was reused) is asked again.
 */
async function webhookRegistered(url, timeoutMs = 60000, method = 'POST') {
	return await waitFor(async () => {
		try {
			const answer = await fetch(url, {
				method: 'OPTIONS',
				headers: { origin: 'http://localhost' },
			});
			const methods = (answer.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
			return answer.ok && methods.includes(method);
		} catch {
			return false;
		}
	}, timeoutMs);
}

/** `url`, once n8n has registered its POST webhook; throws naming it if that takes over `timeoutMs`. */
async function untilRegistered(url, timeoutMs = 60000) {
	if (!(await webhookRegistered(url, timeoutMs)))
		throw new Error(`the webhook ${url} was not registered within ${timeoutMs / 1000} s`);
	return url;
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
		this.nodeBinDir = nodeBinDir;
		this.port = port;
		this.brokerPort = brokerPort;
		this.label = label;
		this.command = command;
		this.args = args;
		this.extraEnv = extraEnv;
		this.userFolder =
			userFolder ??
			mkdtempSync(join(tmpdir(), `coinremitter-e2e-${label.replace(/[^a-z0-9]+/gi, '-')}-`));
		mkdirSync(this.userFolder, { recursive: true });
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.cliStats = { calls: 0, ms: 0 };
	}

	env() {
		return n8nEnvironment(this);
	}

	bin() {
		return join(this.n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
	}

	nodeBinary() {
		return this.nodeBinDir ? join(this.nodeBinDir, 'node') : process.execPath;
	}

	logFile() {
		return join(this.userFolder, 'n8n.log');
	}

	/** Runs `n8n <args>`: a whole n8n CLI start-up each (seconds), counted in `cliStats`. */
	async cli(args, { timeout = 180000 } = {}) {
		if (!args[0].startsWith('import:')) await this.importHeld();
		const began = performance.now();
		try {
			return await run(this.nodeBinary(), [this.bin(), ...args], {
				env: this.env(),
				timeout,
				maxBuffer: 64 * 1024 * 1024,
			});
		} finally {
			this.cliStats.calls++;
			this.cliStats.ms += performance.now() - began;
		}
	}

	/**
	 * From now on, imports and activations made while n8n is stopped are held: the imports are made
	 * in one CLI call each (credentials, workflows) before n8n starts or before the next CLI command,
	 * and the activations go through the REST API once n8n is up, as the editor makes them. While
	 * n8n runs, an activation goes through the REST API at once.
	 */
	holdImportsUntilStart() {
		this.held ??= { credentials: [], workflows: [], activations: [] };
	}

	isRunning() {
		return this.process !== undefined && !this.hasExited();
	}

	/** Whether to hold an import or activation for later (see holdImportsUntilStart). */
	holding() {
		return this.held !== undefined && !this.isRunning();
	}

	async importHeld() {
		if (!this.held) return;
		const { credentials, workflows } = this.held;
		this.held.credentials = [];
		this.held.workflows = [];
		if (credentials.length > 0)
			await this.importFile('import:credentials', 'held-credentials.json', credentials);
		if (workflows.length > 0)
			await this.importFile('import:workflow', 'held-workflows.json', workflows);
	}

	/** Writes `data` as JSON into the user folder and runs `n8n <command> --input=<file>`. */
	async importFile(command, fileName, data) {
		const file = join(this.userFolder, fileName);
		writeFileSync(file, JSON.stringify(data));
		await this.cli([command, `--input=${file}`]);
	}

	async importCredentials(credentials) {
		if (this.holding()) this.held.credentials.push(...credentials);
		else await this.importFile('import:credentials', 'credentials.json', credentials);
	}

	async importWorkflow(workflow) {
		this.remember([workflow]);
		if (this.holding()) this.held.workflows.push(workflow);
		else await this.importFile('import:workflow', `${workflow.id}.json`, workflow);
	}

	/** Several workflows in one import (one n8n start-up instead of one each). */
	async importWorkflows(workflows, fileName = 'workflows.json') {
		this.remember(workflows);
		if (this.holding()) this.held.workflows.push(...workflows);
		else await this.importFile('import:workflow', fileName, workflows);
	}

	/** What was last imported under each workflow id, as JSON: execute() imports only what differs. */
	remember(workflows) {
		this.imported ??= new Map();
		for (const workflow of workflows) this.imported.set(workflow.id, JSON.stringify(workflow));
	}

	/** Every workflow file of a folder (the examples), in one import. */
	async importWorkflowFolder(folder) {
		const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
		await this.importWorkflows(
			files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8'))),
			'folder.json',
		);
	}

	/** n8n 1.x activates with update:workflow; n8n 2.x publishes. Held or through REST: see holdImportsUntilStart. */
	async activate(workflowId) {
		if (this.holding()) return void this.held.activations.push(workflowId);
		if (this.held) return await this.activateThroughRest(workflowId);
		try {
			await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
		} catch {
			await this.cli(['publish:workflow', `--id=${workflowId}`]);
		}
	}

	/** Activates (2.x: publishes) the workflow's current version as the editor does, effective at once. */
	async activateThroughRest(workflowId) {
		if (!this.cookie) await this.setupOwnerOnceRoutesExist();
		const { data } = await this.restOnceRoutesExist('GET', `/workflows/${workflowId}`);
		await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId: data.versionId });
	}

	/** rest(), retried while n8n answers its HTML 404 (no such route yet: just after it answers ready). */
	async restOnceRoutesExist(method, path, body) {
		return await onceRoutesExist(() => this.rest(method, path, body), /: 404 \s*</);
	}

	async activateAll() {
		await this.cli(['update:workflow', '--all', '--active=true']);
	}

	/**
	 * Imports a workflow (unless this very workflow was the last imported under its id, e.g. all the
	 * suite's in one import up front) and runs it with `n8n execute`; returns the run data.
	 */
	async execute(workflow) {
		if (this.imported?.get(workflow.id) !== JSON.stringify(workflow))
			await this.importWorkflow(workflow);
		return await this.executeImported(workflow.id);
	}

	/** Runs an imported workflow again with `n8n execute`, as saved (its static data included). */
	async executeImported(workflowId) {
		writeFileSync(this.logFile(), '');
		try {
			await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		} catch (error) {
			const exit = `exit ${error.code ?? '?'}${error.signal ? `, signal ${error.signal}` : ''}`;
			// n8n 2.41 on Node 24 (the vm expression engine's isolates) now and then dies by SIGSEGV as
			// `n8n execute` ends, once the run is over. When the run it printed is whole, that is the run.
			const printed = error.signal === 'SIGSEGV' ? wholePrintedRun(this.logFile()) : undefined;
			if (printed) {
				console.log(`# n8n execute --id=${workflowId} ended by SIGSEGV after printing its run`);
				return printed;
			}
			throw new Error(
				`n8n execute failed (${exit}): ${(error.stderr || error.message).slice(0, 1500)} n8n's errors: ${this.loggedErrors()}`,
			);
		}
		const printed = printedRun(this.logFile());
		if (!printed) throw new Error(`n8n execute printed no run: ${this.logTail()}`);
		return printed;
	}

	/** Starts `n8n <command>` in a process group of its own and waits until it answers ready. */
	async start() {
		await this.importHeld();
		this.process = spawn(this.nodeBinary(), [this.bin(), this.command, ...this.args], {
			env: this.env(),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		this.log = '';
		this.process.stdout.on('data', (chunk) => (this.log += chunk));
		this.process.stderr.on('data', (chunk) => (this.log += chunk));
		await this.waitUntilReady();
		const activations = this.held?.activations.splice(0) ?? [];
		for (const workflowId of activations) await this.activateThroughRest(workflowId);
	}

	async answersReady() {
		try {
			return (await fetch(`${this.baseUrl}/healthz/readiness`)).ok;
		} catch {
			return false; // not listening yet
		}
	}

	hasExited() {
		return this.process.exitCode !== null || this.process.signalCode !== null;
	}

	async waitUntilReady() {
		const deadline = Date.now() + READY_TIMEOUT_MS;
		while (Date.now() < deadline) {
			if (await this.answersReady()) return;
			if (this.hasExited()) {
				throw new Error(
					`n8n exited (${this.process.exitCode ?? this.process.signalCode}): ${this.log.slice(-2000)} ${this.logTail().slice(-1500)}`,
				);
			}
			await sleep(500);
		}
		throw new Error(`n8n did not become ready: ${this.log.slice(-2000)} ${this.logTail()}`);
	}

	/** Sets up the owner account through the REST API and keeps its session for rest(). */
	async setupOwner() {
		const response = await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify(OWNER),
		});
		if (!response.ok)
			throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
		this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
	}

	/** setupOwner(), retried while the REST routes answer 404: n8n answers ready a moment before they exist. */
	async setupOwnerOnceRoutesExist() {
		return await onceRoutesExist(() => this.setupOwner(), / 404 /);
	}

	async rest(method, path, body) {
		const response = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': BROWSER_ID,
				cookie: this.cookie ?? '',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
		return JSON.parse(text);
	}

	/**
	 * The executions of a workflow (newest first, at most 100), with their status; none while the
	 * REST routes answer 404 (n8n answers ready a moment before they exist, e.g. after a restart).
	 */
	async executionsOf(workflowId) {
		if (!this.cookie) await this.setupOwnerOnceRoutesExist();
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		try {
			const listed = await this.rest('GET', `/executions?filter=${filter}&limit=100`);
			return listed.data?.results ?? listed.data ?? [];
		} catch (error) {
			if (/: 404 /.test(String(error.message))) return [];
			throw error;
		}
	}

	/**
	 * The executions of a workflow that are not in `before` (ids), once every one of them has ended:
	 * n8n lists an execution from the moment it starts, so what a callback's answer started is
	 * listed by the time the answer came. Undefined if one is still running after `timeoutMs`.
	 */
	async endedExecutionsSince(workflowId, before, timeoutMs = 30000) {
		let since;
		const ended = await waitFor(async () => {
			since = (await this.executionsOf(workflowId)).filter((run) => !before.has(run.id));
			return since.every((run) => run.stoppedAt);
		}, timeoutMs);
		return ended ? since : undefined;
	}

	signalGroup(signal) {
		try {
			process.kill(-this.process.pid, signal);
		} catch {
			// already gone
		}
	}

	/** SIGTERM to the process group, SIGKILL if it has not exited 15 s later. */
	async stop() {
		if (!this.process || this.process.exitCode !== null) return;
		this.signalGroup('SIGTERM');
		await new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.signalGroup('SIGKILL');
				resolve();
			}, 15000);
			this.process.once('exit', () => {
				clearTimeout(timer);
				resolve();
			});
		});
	}

	/** A type file n8n writes at start-up for the editor (the nodes and credentials it lists). */
	async types(name) {
		const file = join(this.userFolder, '.cache', 'n8n', 'public', 'types', name);
		for (let waited = 0; waited < 30000; waited += 500) {
			try {
				return JSON.parse(readFileSync(file, 'utf8'));
			} catch {
				await sleep(500);
			}
		}
		return this.findTypes(name);
	}

	/** The type file `name` wherever this n8n version keeps it in the user folder. */
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

	/** The error-level lines of n8n's log file (the end of them). */
	loggedErrors() {
		try {
			const lines = readFileSync(this.logFile(), 'utf8').split('\n');
			return lines
				.filter((line) => line.includes('"level":"error"') || /error/i.test(line.slice(0, 80)))
				.join('\n')
				.slice(-3000);
		} catch {
			return '';
		}
	}

	logTail() {
		try {
			return readFileSync(this.logFile(), 'utf8').slice(-3000);
		} catch {
			return '';
		}
	}

	cleanup() {
		rmSync(this.userFolder, { recursive: true, force: true });
	}

	/** Stops n8n and removes its user folder; `showLog` first prints the end of what it printed. */
	async dispose({ showLog = false } = {}) {
		await this.stop();
		if (showLog && this.log) console.log(`[${this.label}] n8n log tail:\n${this.log.slice(-3000)}`);
		this.cleanup();
	}
}

module.exports = { N8nInstance, nodeOutput, OWNER, untilRegistered, webhookRegistered };
