// Only the API's own refusal releases a payout: after a withdrawal was sent, any other answer
// (a proxy's page, a 5xx or a CDN's 52x, a 200 that is not the API's envelope, a connection lost
// after the request went out) is "outcome unknown": the Payout Key stays recorded, the re-run
// does not send again, and the error says how to check and how to release the key on purpose.
import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../../../helpers/editor';
import { runNode } from '../../../../helpers/engine';
import {
	LTC,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../../fixtures/simulator';

const ctx = useSimulator();
const { description } = new CoinRemitter();
const ADDRESS = 'T' + '5'.repeat(33);

type Api = 'v1' | 'legacy';
type Fault = () => void;

/** One run of Withdrawal → Create; what went wrong, if anything. */
const pay = async (api: Api, workflowId: string, choices: Record<string, unknown> = {}) => {
	const { error } = await runNode({
		parameters: editorParameters(description, {
			apiVersion: api,
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: ADDRESS,
			amount: '1.5',
			payoutKey: 'order-1042',
			options: { timeout: 0.5 },
			...choices,
		}) as never,
		credentials: api === 'v1' ? v1Credentials(ctx.sim) : legacyCredentials(ctx.sim, 'LTC', LTC),
		workflowId,
	});
	return { message: error?.message, description: error?.description ?? '' };
};

const withdrawalsSent = () =>
	ctx.sim.requests.filter((request) => request.path.endsWith('/withdraw')).length;
const sends = () => [...ctx.sim.state.transactions.values()].filter((tx) => tx.type === 'send');

const foreign =
	(status: number, body?: string, contentType?: string): Fault =>
	() => {
		ctx.sim.faults.foreignAfterWithdraw = [{ status, body, contentType }];
	};

const unknownAnswers: Array<[string, Fault]> = [
	["a load balancer's 503 HTML page", foreign(503)],
	["a CDN's 520", foreign(520)],
	['a 502 HTML page', foreign(502)],
	['a 200 with an HTML body', foreign(200)],
	['a 200 with JSON that is not the envelope', foreign(200, '{"status":"ok"}', 'application/json')],
	[
		"a 503 with the API's JSON error envelope (a 5xx says nothing of the outcome)",
		foreign(
			503,
			'{"success":false,"error":"maintenance","error_code":1007,"msg":"Under maintenance."}',
			'application/json',
		),
	],
	["a proxy's 429 page", foreign(429)],
	[
		'the connection reset after the request was written',
		() => (ctx.sim.faults.dropAfterWithdraw = 1),
	],
	['a timeout after the request was written', () => (ctx.sim.faults.delayMs = 1500)],
];

describe.each(['v1', 'legacy'] as const)('%s withdrawal: what comes back decides', (api) => {
	it.each(unknownAnswers)(
		'%s: outcome unknown, the key stays, the re-run does not send again',
		async (what, fault) => {
			const workflow = `wf-unknown-${api}-${what}`;
			fault();
			const first = await pay(api, workflow);
			ctx.sim.faults.delayMs = 0;
			expect(first.message).toBe(
				'CoinRemitter may or may not have carried out this request: the outcome is unknown',
			);
			expect(first.description).toMatch(/so it may have been carried out/);
			expect(first.description).toMatch(/Wallet → Get Balance/);
			expect(first.description).toMatch(/Transaction → Get/);
			expect(first.description).toMatch(/dashboard/);
			expect(first.description).toMatch(
				/Payout Key "order-1042" stays recorded as attempted: a re-run or n8n's Retry does not send it again/,
			);
			expect(first.description).toMatch(
				/send it on purpose under a Payout Key that was never used/,
			);
			expect(first.description).not.toMatch(/try again/i);
			expect(withdrawalsSent()).toBe(1);
			expect(sends()).toHaveLength(1);
			const rerun = await pay(api, workflow);
			expect(rerun.message).toBe(
				'This withdrawal was already attempted (Payout Key "order-1042"), so it was not sent again',
			);
			expect(withdrawalsSent()).toBe(1);
		},
	);

	it('an unknown outcome is released on purpose under a new Payout Key: that sends, once', async () => {
		foreign(503)();
		await pay(api, `wf-release-${api}`);
		const released = await pay(api, `wf-release-${api}`, { payoutKey: 'order-1042-2' });
		expect(released.message).toBeUndefined();
		expect(withdrawalsSent()).toBe(2);
	});

	it('an unknown outcome stays counted in Maximum Total per Execution', async () => {
		foreign(503)();
		const { items } = await runNode({
			parameters: editorParameters(description, {
				apiVersion: api,
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: ADDRESS,
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $itemIndex }}',
				guardrails: { maxTotalPerExecution: '2' },
			}) as never,
			credentials: api === 'v1' ? v1Credentials(ctx.sim) : legacyCredentials(ctx.sim, 'LTC', LTC),
			items: [{ amount: '1.5' }, { amount: '1' }],
			workflowId: `wf-total-${api}`,
			continueOnFail: true,
		});
		expect(String(items[0].json.error)).toMatch(/the outcome is unknown/);
		expect(String(items[1].json.error)).toMatch(/Maximum Total per Execution/);
		expect(withdrawalsSent()).toBe(1);
	});

	it("the API's own refusal releases the key: the re-run sends again", async () => {
		const first = await pay(api, `wf-refused-${api}`, { amount: '999999' });
		expect(first.message).toMatch(
			api === 'v1' ? /CoinRemitter rejected a field/ : /CoinRemitter refused the request/,
		);
		expect(first.description).not.toMatch(/stays recorded/);
		const again = await pay(api, `wf-refused-${api}`, { amount: '999999' });
		expect(again.message).toBe(first.message);
		expect(withdrawalsSent()).toBe(2);
		expect(sends()).toHaveLength(0);
	});
});
