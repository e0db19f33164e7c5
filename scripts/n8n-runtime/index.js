'use strict';
// The package in a real n8n, as a dev runtime: `npm start`, `npm run bench` and the slow suites
// (test/e2e, test/browser, test/queue) run n8n through it.
//   versions.js     which n8n versions; scripts/install-n8n.sh installs them from lockfiles/<version>/
//                   into a cache outside the project
//   package.js      npm pack, then installed the way n8n installs community packages
//   n8n.js          one n8n process: start, readiness, stop, CLI imports, `n8n execute`, REST API
//   environment.js  the environment of every n8n process
//   credentials.js  the simulator's credentials, as n8n imports them
//   workflows.js    the node and workflow builder the suites and the bench write their workflows with
//   ports.js        free loopback ports
//   wait.js         `sleep`, `waitFor`
// The suites' reporting (check, attempt, finish) is test/report.js.
const { join } = require('node:path');
const { CREDENTIALS, credentialsFor, v1Credential } = require('./credentials');
const { N8nInstance, nodeOutput, OWNER, untilRegistered, webhookRegistered } = require('./n8n');
const { copyInstalledPackage, installLikeN8n, packPackage, PACKAGE } = require('./package');
const { freePorts } = require('./ports');
const { DEFAULT_VERSION, installN8n, NEWEST_2X, TARGETS, targets } = require('./versions');
const { sleep, waitFor } = require('./wait');
const { workflow, workflowBuilder } = require('./workflows');

const EXAMPLES = join(__dirname, '..', '..', 'examples');

/**
 * A new n8n, not started yet, with the packed package installed as n8n installs it and
 * `credentials` imported. The other options are N8nInstance's (n8nDir, port, label…).
 */
async function prepareN8n({ tarball, credentials = [], ...instanceOptions }) {
	const instance = new N8nInstance(instanceOptions);
	try {
		await installLikeN8n(instance.userFolder, tarball);
		if (credentials.length > 0) await instance.importCredentials(credentials);
	} catch (error) {
		instance.cleanup();
		throw error;
	}
	return instance;
}

module.exports = {
	copyInstalledPackage,
	CREDENTIALS,
	credentialsFor,
	DEFAULT_VERSION,
	EXAMPLES,
	freePorts,
	installLikeN8n,
	installN8n,
	N8nInstance,
	NEWEST_2X,
	nodeOutput,
	OWNER,
	PACKAGE,
	packPackage,
	prepareN8n,
	sleep,
	targets,
	TARGETS,
	untilRegistered,
	v1Credential,
	waitFor,
	webhookRegistered,
	workflow,
	workflowBuilder,
};
