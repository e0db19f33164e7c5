/* eslint-disable @n8n/community-nodes/no-restricted-imports -- Jest test code, never loaded by n8n: Node built-ins are fine here */
// A credential's keys go only to CoinRemitter (or a simulator on this machine), and only with the
// CoinRemitter nodes' own requests: a Base URL edited to another host is refused before anything
// is sent, and a request that is not the package's own gets no keys at all.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { CoinRemitterApi } from '../../../credentials/CoinRemitterApi.credentials';
import { CoinRemitterLegacyApi } from '../../../credentials/CoinRemitterLegacyApi.credentials';
import { hostProblem } from '../../../nodes/shared/client/hosts';
import { CREDENTIAL_TEST_HEADER, forOwnRequests } from '../../../nodes/shared/client/ownRequests';
import { testCredential } from '../../helpers/credentialTester';
import { operation } from '../../helpers/editor';
import { runNode } from '../../helpers/engine';
import { callWebhook, encode } from '../../helpers/webhook';
import { LTC, TCN, useSimulator } from '../../fixtures/simulator';
import { callbacks } from '../../../simulator/server';

const ctx = useSimulator();

/** A server that records every request: another host as far as the package can tell (0.0.0.0). */
let captured: Array<{ url?: string; headers: Record<string, unknown>; body: string }> = [];
let otherHost = '';
const capture = createServer((req, res) => {
	let body = '';
	req.on('data', (chunk) => (body += chunk));
	req.on('end', () => {
		captured.push({ url: req.url, headers: req.headers, body });
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ success: true, flag: 1, data: { balance: '999.00000000' } }));
	});
});
beforeAll(async () => {
	await new Promise<void>((resolve) => capture.listen(0, '0.0.0.0', resolve));
	otherHost = `http://0.0.0.0:${(capture.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise((resolve) => capture.close(resolve)));
beforeEach(() => (captured = []));

describe('the hosts a credential may send its keys to', () => {
	it.each([
		'https://api.coinremitter.com',
		'https://api.coinremitter.com/',
		'https://coinremitter.com',
		'https://coinremitter.com:443',
		'http://127.0.0.1:8787',
		'http://localhost:8787',
		'http://[::1]:8787',
		'http://host.docker.internal:8787',
	])('allows %s', (url) => expect(hostProblem(url)).toBeUndefined());

	it.each([
		'http://api.coinremitter.com',
		'https://api.coinremitter.com:8443',
		'https://coinremitter.com.attacker.example',
		'https://evilcoinremitter.com',
		'https://user:pw@api.coinremitter.com',
		'https://example.com',
		'http://0.0.0.0:8787',
		'http://10.0.0.5',
		'api.coinremitter.com',
	])('refuses %s', (url) => expect(hostProblem(url)).toMatch(/is not|not a URL|user name/));
});

describe('a Base URL edited to another host', () => {
	const v1 = () => ({ coinRemitterApi: { ...TCN, baseUrl: otherHost } });

	it('Wallet → Get Balance fails naming the field, and nothing reaches the other host', async () => {
		const run = await runNode({
			parameters: operation('V1 (Current)', 'Wallet', 'Get Balance'),
			credentials: v1(),
			continueOnFail: true,
		});
		expect(run.items[0].json.error).toBe(
			`CoinRemitter V1 API credential → Base URL: ${otherHost} is not CoinRemitter's: the keys go only to https://api.coinremitter.com (v1), https://coinremitter.com (legacy), or a simulator on this machine (http://localhost, http://127.0.0.1, http://host.docker.internal, any port)`,
		);
		expect(captured).toEqual([]);
	});

	it('the legacy credential and its coin-price read (keys in the query string on v2) send nothing either', async () => {
		for (const [resource, op] of [
			['Wallet', 'Get Balance'],
			['Rate', 'Get Coin Prices'],
		]) {
			const run = await runNode({
				parameters: operation('Legacy V2/V3 (Deprecated)', resource, op),
				credentials: {
					coinRemitterLegacyApi: { coin: 'LTC', ...LTC, baseUrl: otherHost, apiGeneration: 'auto' },
				},
				continueOnFail: true,
			});
			expect(String(run.items[0].json.error)).toMatch(
				/^CoinRemitter Legacy V2\/V3 API credential → Base URL: /,
			);
		}
		expect(captured).toEqual([]);
	});

	it("the trigger's verification sends nothing there, and the callback starts nothing", async () => {
		const deposit = callbacks.samples.deposit(ctx.sim);
		const result = await callWebhook(
			encode(callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string)),
			{ credentials: v1() },
		);
		expect(result.items).toEqual([]);
		expect(result.status).toBeGreaterThanOrEqual(400);
		expect(captured).toEqual([]);
	});

	it("the credential's Test fails naming Base URL, sending nothing", async () => {
		expect(await testCredential('coinRemitterApi', { ...TCN, baseUrl: otherHost })).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^CoinRemitter V1 API → Base URL: http:\/\/0\.0\.0\.0:\d+ is not CoinRemitter's/,
			),
		});
		expect(
			(
				await testCredential('coinRemitterLegacyApi', {
					coin: 'LTC',
					...LTC,
					baseUrl: otherHost,
					apiGeneration: 'auto',
				})
			).status,
		).toBe('Error');
		expect(captured).toEqual([]);
	});
});

describe("the credentials' keys only with the CoinRemitter nodes' own requests", () => {
	const v1 = new CoinRemitterApi();
	const legacy = new CoinRemitterLegacyApi();
	const toSimulator = () => ({ url: `${ctx.sim.url}/v1/wallet/withdraw`, method: 'POST' as const });

	it('adds no key to a request of another node (as n8n hands it its own copy of the credential): it refuses it', async () => {
		await expect(v1.authenticate({ ...TCN, baseUrl: ctx.sim.url }, toSimulator())).rejects.toThrow(
			'The CoinRemitter V1 API credential works only in the CoinRemitter nodes',
		);
		await expect(
			legacy.authenticate({ ...LTC, coin: 'LTC', baseUrl: ctx.sim.url }, toSimulator()),
		).rejects.toThrow(
			'The CoinRemitter Legacy V2/V3 API credential works only in the CoinRemitter nodes',
		);
	});

	it("refuses another host even for the package's own request (the last check before the keys are added)", async () => {
		const own = forOwnRequests({ ...TCN, baseUrl: otherHost });
		await expect(v1.authenticate(own, { url: `${otherHost}/v1/wallet/balance` })).rejects.toThrow(
			/^CoinRemitter V1 API → Base URL: http:\/\/0\.0\.0\.0:\d+ is not CoinRemitter's/,
		);
		const added = await v1.authenticate(own, { url: `${ctx.sim.url}/v1/wallet/balance` });
		expect(added.headers).toMatchObject({ 'x-api-key': TCN.apiKey });
	});

	it("lets the credential's own Test through only with its header equal to the secret, only to read the balance, and never sends the header", async () => {
		const test = (value: string, path = '/v1/wallet/balance') =>
			v1.authenticate(
				{ ...TCN, baseUrl: ctx.sim.url },
				{ url: `${ctx.sim.url}${path}`, headers: { [CREDENTIAL_TEST_HEADER]: value } },
			);
		await expect(test('a guess')).rejects.toThrow(/works only in the CoinRemitter nodes/);
		await expect(test(TCN.apiPassword, '/v1/wallet/withdraw')).rejects.toThrow(
			/test reads only the balance/,
		);
		const sent = await test(TCN.apiPassword);
		expect(sent.headers).toEqual({ 'x-api-key': TCN.apiKey, 'x-api-password': TCN.apiPassword });
	});

	it("declares n8n's Allowed HTTP Request Domains as none, so n8n's HTTP Request node refuses both credentials", () => {
		for (const type of [v1, legacy])
			expect(type.properties.find((p) => p.name === 'allowedHttpRequestDomains')).toMatchObject({
				type: 'hidden',
				default: 'none',
			});
	});
});
