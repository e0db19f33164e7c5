'use strict';
// The environment every n8n process of the suites runs with.
const { join } = require('node:path');

/** The environment without the npm_* variables that `npm start` / `npm run` hand down (the project's .npmrc). */
function withoutNpmVariables(env = process.env) {
	return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

/** n8n's settings for one process: its own user folder and ports, no telemetry, logs to a file. */
function n8nEnvironment({ userFolder, port, brokerPort, baseUrl, nodeBinDir, extraEnv }) {
	const path = nodeBinDir ? `${nodeBinDir}:${process.env.PATH}` : process.env.PATH;
	return {
		...withoutNpmVariables(),
		PATH: path,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'coinremitter-e2e-encryption-key',
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: `${baseUrl}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
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
		N8N_LOG_FILE_LOCATION: join(userFolder, 'n8n.log'),
		DB_SQLITE_POOL_SIZE: '2',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		NODE_OPTIONS: '',
		...extraEnv,
	};
}

module.exports = { n8nEnvironment, withoutNpmVariables };
