'use strict';
// The queue-mode cluster: n8n main, 2 workers taking executions from Redis and 2 webhook
// processes, all on one PostgreSQL, each with the package in its user folder.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const {
	copyInstalledPackage,
	freePorts,
	installLikeN8n,
	N8nInstance,
} = require('../../scripts/n8n-runtime');

/**
 * The expression engine of a version's processes: on 2.x, `vm` (2.x's default and 3.0's: expressions
 * run in an isolated-vm isolate); on 1.x, the n8n runtime's `legacy`. COINREMITTER_EXPRESSION_ENGINE
 * overrides both.
 */
const expressionEngine = (version) =>
	process.env.COINREMITTER_EXPRESSION_ENGINE ?? (version.startsWith('1.') ? 'legacy' : 'vm');

/** The settings every process of the cluster shares: the database, Redis, queue mode. */
function queueEnvironment(postgres, redis, version) {
	return {
		N8N_EXPRESSION_ENGINE: expressionEngine(version),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: 'unused-trust-auth',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// A worker that dies loses its job lock within seconds and another worker re-runs the job
		// (n8n's defaults: 60 s lock, 30 s stalled check).
		QUEUE_WORKER_LOCK_DURATION: '10000',
		QUEUE_WORKER_STALLED_INTERVAL: '5000',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_LOG_LEVEL: 'info',
	};
}

/** The five processes, not started: the package installed once as n8n installs it, copied into the others. */
async function createCluster({ n8n, tarball, postgres, redis, version }) {
	const ports = await freePorts(10);
	const env = queueEnvironment(postgres, redis, version);
	const make = (label, command, port, brokerPort, extra = {}, args = []) =>
		new N8nInstance({
			...n8n,
			port,
			brokerPort,
			label: `queue-${label}`,
			command,
			args,
			extraEnv: { ...env, ...extra },
		});
	const main = make('main', 'start', ports[0], ports[1]);
	const workers = [0, 1].map((i) =>
		make(
			`worker-${i + 1}`,
			'worker',
			ports[2 + i],
			ports[4 + i],
			{
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(ports[2 + i]),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
			['--concurrency=2'],
		),
	);
	const hooks = [0, 1].map((i) =>
		make(`webhook-${String.fromCharCode(97 + i)}`, 'webhook', ports[6 + i], ports[8 + i]),
	);
	await installLikeN8n(main.userFolder, tarball);
	for (const instance of [...workers, ...hooks])
		copyInstalledPackage(main.userFolder, instance.userFolder);
	return {
		main,
		workers,
		hooks,
		all: [main, ...workers, ...hooks],
		postgres,
		version,
		n8nDir: n8n.n8nDir,
	};
}

/**
 * Every imported workflow active. n8n 1.x: `update:workflow --all --active=true`. n8n 2.x publishes
 * one workflow at a time (`publish:workflow --id`, and `--all` is refused), each a start of the CLI:
 * here the one statement its publishVersion() runs, for all of them at once (the version the
 * import wrote to workflow_history becomes the active one).
 */
async function activateAll(cluster) {
	if (cluster.version.startsWith('1.')) return await cluster.main.activateAll();
	await cluster.postgres.psql(
		`UPDATE workflow_entity w SET active = true, "activeVersionId" = w."versionId" WHERE EXISTS (SELECT 1 FROM workflow_history h WHERE h."workflowId" = w.id AND h."versionId" = w."versionId")`,
		'n8n',
	);
}

/** Credentials and workflows imported and activated through main, then main, the workers and the webhook processes started. */
async function startCluster(cluster, { credentials, workflows }) {
	const { main, workers, hooks } = cluster;
	await main.importCredentials(credentials);
	await main.importWorkflows(workflows, 'queue-workflows.json');
	await activateAll(cluster);
	await main.start();
	await Promise.all([...workers, ...hooks].map((instance) => instance.start()));
}

/** Stops every process; when the suite failed, prints the end of each one's output and log first. */
async function stopCluster(cluster, { showLogs }) {
	await Promise.all(cluster.all.map((instance) => instance.stop()));
	if (showLogs)
		for (const instance of cluster.all)
			console.log(
				`# ${instance.label} log tail:\n${(instance.log ?? '').slice(-1500)}${instance.logTail().slice(-1500)}`,
			);
	for (const instance of cluster.all) instance.cleanup();
}

// What a worker did, read from its log file.
const workerLog = (instance) => {
	try {
		return readFileSync(join(instance.userFolder, 'n8n.log'), 'utf8');
	} catch {
		return '';
	}
};
const startedIds = (instance) =>
	(workerLog(instance).match(/Worker started execution \d+/g) ?? []).map((line) =>
		Number(line.split(' ').pop()),
	);
const startedExecutions = (instance) => startedIds(instance).length;

module.exports = {
	createCluster,
	expressionEngine,
	startCluster,
	startedExecutions,
	startedIds,
	stopCluster,
	workerLog,
};
