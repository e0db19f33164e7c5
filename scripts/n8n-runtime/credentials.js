'use strict';
// The credentials the suites and `npm start` import into n8n: the simulator's wallets. The suites'
// own (a wrong password...) are theirs: test/e2e/workflows.js.
const CREDENTIALS = {
	v1: { id: 'crDemoV1Sim00001', name: 'CoinRemitter (simulator)' },
	legacyTcn: { id: 'crDemoLegacyTcn1', name: 'CoinRemitter legacy TCN (simulator)' },
	legacyLtc: { id: 'crDemoLegacyLtc1', name: 'CoinRemitter legacy LTC (simulator)' },
	openAi: { id: 'crDemoOpenAiSim1', name: "OpenAI (simulator's scripted model)" },
};

/** A v1 credential (coinRemitterApi) named `credential` for one simulator wallet. */
const v1Credential = (credential, simUrl, apiKey, apiPassword) => ({
	...credential,
	type: 'coinRemitterApi',
	data: { apiKey, apiPassword, baseUrl: simUrl },
});

const legacyCredential = (credential, simUrl, coin, apiKey, password) => ({
	...credential,
	type: 'coinRemitterLegacyApi',
	data: { coin, apiKey, password, baseUrl: simUrl, apiGeneration: 'auto' },
});

/** The simulator's credentials, as `npm start` gives them to a person: nothing the tests alone need. */
function credentialsFor(simUrl) {
	return [
		v1Credential(CREDENTIALS.v1, simUrl, 'sim_tcn_key', 'sim_tcn_password'),
		legacyCredential(CREDENTIALS.legacyTcn, simUrl, 'TCN', 'sim_tcn_key', 'sim_tcn_password'),
		legacyCredential(CREDENTIALS.legacyLtc, simUrl, 'LTC', 'sim_ltc_key', 'sim_ltc_password'),
		// The AI agent example's model: the simulator's scripted OpenAI-compatible endpoint.
		{
			...CREDENTIALS.openAi,
			type: 'openAiApi',
			data: { apiKey: 'sim-openai-key', url: `${simUrl}/openai/v1` },
		},
	];
}

module.exports = { CREDENTIALS, credentialsFor, v1Credential };
