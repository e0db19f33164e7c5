'use strict';
// One real n8n for the browser suite, started the way the end-to-end suite starts one: the packed
// package installed as n8n installs community packages, the simulator's credentials and the
// examples imported, the owner set up through the REST API.
const { mkdtempSync, readdirSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startSimulator } = require('../../simulator/server');
const { N8nInstance, installLikeN8n, packPackage } = require('../../scripts/n8n-instance');
const { credentialsFor } = require('../e2e/workflows');
const { targets } = require('../e2e/targets');

const OWNER = { email: 'owner@example.com', password: 'CoinRemitter-e2e-1' };
const EXAMPLES = join(__dirname, '..', '..', 'examples');

/** Boots the simulator and one n8n of the given version (default 1.123); returns { sim, instance, stop }. */
async function bootN8n({ version = '1.123.81' } = {}) {
	const sim = await startSimulator({ rateLimit: 1000 });
	const target = (await targets({ only: version }))[0];
	if (!target) throw new Error(`n8n ${version} is not among the e2e targets`);
	const instance = new N8nInstance({ ...target, n8nDir: target.dir });
	const stop = async () => {
		await instance.stop();
		instance.cleanup();
		await sim.stop();
	};
	try {
		const tarball = await packPackage(mkdtempSync(join(tmpdir(), 'coinremitter-pack-')));
		await installLikeN8n(instance.userFolder, tarball);
		await instance.importCredentials(credentialsFor(sim.url));
		for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.json'))) {
			await instance.importWorkflow(JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')));
		}
		await instance.start();
		// n8n answers its readiness check a moment before its REST routes exist.
		for (let attempt = 0; ; attempt++) {
			try {
				await instance.setupOwner();
				break;
			} catch (error) {
				if (attempt >= 60 || !/ 404 /.test(String(error.message))) throw error;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
	} catch (error) {
		await stop();
		throw error;
	}
	return { sim, instance, target, stop };
}

module.exports = { bootN8n, OWNER };
