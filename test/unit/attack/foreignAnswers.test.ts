// Attack: after a withdrawal was carried out, something other than the API answers for it (a
// proxy, a load balancer, a CDN, a misconfigured base URL). Only the API's own refusal may release
// the Payout Key; anything else must leave it recorded so that a re-run never pays again.
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- Jest test code, never loaded by n8n: Node built-ins are fine here */
import { inspect } from 'node:util';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../helpers/editor';
import { runNode } from '../../helpers/engine';
import type { ForeignAnswer, HostileProxy } from '../../helpers/hostileProxy';
import { startHostileProxy } from '../../helpers/hostileProxy';
import { LTC, TCN, useSimulator } from '../../fixtures/simulator';

const ctx = useSimulator();
const { description } = new CoinRemitter();
const ADDRESS = 'T' + '5'.repeat(33);
let proxy: HostileProxy;
let thief: HostileProxy;

beforeAll(async () => {
	proxy = await startHostileProxy(() => ctx.sim.url);
	thief = await startHostileProxy(() => ctx.sim.url);
});
afterAll(async () => {
	await proxy.stop();
	await thief.stop();
});
beforeEach(() => {
	proxy.intercept = /\/withdraw$/;
	proxy.answers = [];
	proxy.seen = [];
});

type Api = 'v1' | 'legacy';

const credentials = (api: Api): Record<string, ICredentialDataDecryptedObject> =>
	api === 'v1'
		? { coinRemitterApi: { ...TCN, baseUrl: proxy.url } }
		: {
				coinRemitterLegacyApi: {
					coin: 'LTC',
					...LTC,
					baseUrl: proxy.url,
					apiGeneration: 'auto',
				},
			};

const pay = async (api: Api, workflowId: string, guardrails: object = {}) => {
	const { error } = await runNode({
		parameters: editorParameters(description, {
			apiVersion: api,
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: ADDRESS,
			amount: '0.5',
			payoutKey: 'order-7',
			options: { timeout: 2 },
			guardrails,
		}) as never,
		credentials: credentials(api),
		workflowId,
	});
	expect(everything(error)).not.toMatch(SECRETS);
	return { message: error?.message ?? 'sent', description: error?.description ?? '' };
};

/** Every key and password of the test wallets: none may appear in an error. */
const SECRETS = new RegExp([TCN.apiKey, TCN.apiPassword, LTC.apiKey, LTC.password].join('|'));
const everything = (error: unknown) => inspect(error, { depth: 12, showHidden: true });

const carriedOut = () =>
	[...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send').length;

const json = (body: unknown, status = 200): ForeignAnswer => ({
	status,
	headers: { 'content-type': 'application/json' },
	body: JSON.stringify(body),
});

const answers = (api: Api): Array<[string, () => ForeignAnswer]> => [
	['success as the text "true"', () => json({ success: 'true', data: { id: 'x' } })],
	['success without data', () => json({ success: true })],
	['legacy flag "1" as text without data', () => json({ flag: '1', msg: 'ok' })],
	['a JSON list', () => json([{ success: true }])],
	['an empty 200', () => ({ status: 200 })],
	['a 204', () => ({ status: 204 })],
	[
		'a 302 to an HTML page',
		() => ({ status: 302, headers: { location: `${proxy.url}/html-page` } }),
	],
	[
		"a 302 to the API's own endpoint (the followed GET is refused by the API)",
		() => ({
			status: 302,
			headers: {
				location:
					api === 'v1' ? `${ctx.sim.url}/v1/wallet/withdraw` : `${ctx.sim.url}/api/v3/LTC/withdraw`,
			},
		}),
	],
	[
		"a 307 to the API's own endpoint (a followed 307 sends the POST again)",
		() => ({
			status: 307,
			headers: {
				location:
					api === 'v1' ? `${ctx.sim.url}/v1/wallet/withdraw` : `${ctx.sim.url}/api/v3/LTC/withdraw`,
			},
		}),
	],
	[
		'a 404 HTML page',
		() => ({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>404</h1>' }),
	],
	[
		"the API's refusal with status 502",
		() =>
			api === 'v1'
				? json({ success: false, error: 'x', error_code: 1001, msg: 'no' }, 502)
				: json({ flag: 0, msg: 'no' }, 502),
	],
	[
		'a gzipped success that is not the envelope',
		() => ({
			status: 200,
			headers: { 'content-type': 'application/json' },
			body: '{"ok":1}',
			gzip: true,
		}),
	],
	[
		"a truncated copy of the API's refusal",
		() => ({
			status: 200,
			headers: { 'content-type': 'application/json' },
			body:
				api === 'v1'
					? '{"success":false,"error":"x","error_code":1001,"msg":"n'
					: '{"flag":0,"msg":"n',
			truncate: true,
		}),
	],
	[
		"v1's own internal server error (1002) at HTTP 200: the service failed while handling it, it did not refuse",
		() => json({ success: false, error: 'server_error', error_code: 1002, msg: 'Server error.' }),
	],
	['legacy flag null with a message', () => json({ flag: null, msg: 'Internal error' })],
	['legacy flag "" with a message', () => json({ flag: '', msg: 'Internal error' })],
	['legacy flag false with a message', () => json({ flag: false, msg: 'Internal error' })],
	[
		'v1 error_code "0001" text with success false',
		() => json({ success: false, error_code: '1e3', msg: 'x' }),
	],
	[
		"the API's refusal envelope on a 302 (not followed: a redirect is nobody's refusal)",
		() =>
			api === 'v1'
				? {
						...json({ success: false, error: 'x', error_code: 1001, msg: 'no' }, 302),
						headers: { 'content-type': 'application/json', location: `${proxy.url}/html-page` },
					}
				: {
						...json({ flag: 0, msg: 'no' }, 302),
						headers: { 'content-type': 'application/json', location: `${proxy.url}/html-page` },
					},
	],
];

describe.each(['v1', 'legacy'] as const)('%s: a foreign answer after the withdrawal', (api) => {
	it.each(answers(api))('%s: the key stays, the re-run sends nothing', async (what, answer) => {
		const workflow = `wf-foreign-${api}-${what}`;
		proxy.answers.push(answer());
		const first = await pay(api, workflow);
		expect(carriedOut()).toBe(1);
		const rerun = await pay(api, workflow);
		expect({ first: first.message, rerun: rerun.message, carriedOut: carriedOut() }).toEqual({
			first: expect.stringMatching(/outcome is unknown|^sent$/) as unknown,
			rerun:
				'This withdrawal was already attempted (Payout Key "order-7"), so it was not sent again',
			carriedOut: 1,
		});
	});
});

describe.each(['v1', 'legacy'] as const)('%s: a redirect to another host', (api) => {
	it('carries neither the API key nor the password there (the request is not followed)', async () => {
		thief.seen = [];
		proxy.intercept = /./;
		const path = api === 'v1' ? '/v1/wallet/balance' : '/api/v3/LTC/get-balance';
		proxy.answers.push({ status: 307, headers: { location: `${thief.url}${path}` } });
		const { error } = await runNode({
			parameters: editorParameters(description, {
				apiVersion: api,
				resource: shown('Wallet'),
				operation: shown('Get Balance'),
			}) as never,
			credentials: credentials(api),
		});
		expect(error?.message).toMatch(/HTTP 307/);
		expect(thief.seen).toEqual([]);
	});
});
