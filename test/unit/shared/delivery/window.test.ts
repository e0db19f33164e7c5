import { callbacks } from '../../../../simulator/server';
import { operation } from '../../../helpers/editor';
import { runNode } from '../../../helpers/engine';
import { perWindow } from '../../../helpers/requestLog';
import { callWebhook, encode } from '../../../helpers/webhook';
import { TCN, useSimulator, v1Credentials, walletAddress } from '../../../fixtures/simulator';

// A gateway whose window is one second (a simulator, a custom plan): only a limiter that knows it
// keeps every call out of a 429. Under CoinRemitter's minute the first calls would go together.
const LIMIT = 5;
const WINDOW_MS = 1000;
const ctx = useSimulator({ rateLimit: LIMIT, rateWindowMs: WINDOW_MS });

const getBalance = operation('V1 (Current)', 'Wallet', 'Get Balance');
const items = (count: number) => Array.from({ length: count }, (_, i) => ({ i }));
const withWindow = (seconds: number) => ({
	coinRemitterApi: { ...v1Credentials(ctx.sim).coinRemitterApi, rateLimitWindow: seconds },
});
const refused = () => ctx.sim.requests.filter((request) => request.status === 429);

describe("the wallet's rate limit window", () => {
	it("paces the action node by its credential's window", async () => {
		const result = await runNode({
			parameters: getBalance,
			credentials: withWindow(WINDOW_MS / 1000),
			items: items(12),
		});
		expect(result.items).toHaveLength(12);
		expect(refused()).toHaveLength(0);
		expect(perWindow(ctx.sim.requests, WINDOW_MS)).toEqual([5, 5, 2]);
	});

	it("lets the node's own option (saved workflows) override the credential's window", async () => {
		const result = await runNode({
			parameters: { ...getBalance, options: { rateLimitWindow: WINDOW_MS / 1000 } },
			credentials: withWindow(60),
			items: items(12),
		});
		expect(result.items).toHaveLength(12);
		expect(refused()).toHaveLength(0);
		expect(perWindow(ctx.sim.requests, WINDOW_MS)).toEqual([5, 5, 2]);
	});

	it('meets 429s with the minute assumed, so the checks above can fail', async () => {
		const result = await runNode({
			parameters: { ...getBalance, options: { maxRateLimitWait: 5 } },
			credentials: v1Credentials(ctx.sim),
			items: items(12),
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(12);
		expect(refused().length).toBeGreaterThan(0);
	});

	it("paces the trigger's verification by its credential's window", async () => {
		// One address per deposit: deposits of one address are settled together, at most one read
		// of it every few seconds (the flood defences), which would hide the window's pacing.
		const answers = [];
		for (let i = 0; i < LIMIT + 2; i++) {
			const address = 'T' + String(i).padStart(33, 'w');
			walletAddress(ctx.sim, address, { label: 'window' });
			const deposit = ctx.sim.deposit(TCN.apiKey, address, `0.${i + 1}`, 3);
			answers.push(
				await callWebhook(encode(callbacks.v1TransactionWebhook(ctx.sim, deposit.id)), {
					credentials: withWindow(WINDOW_MS / 1000),
				}),
			);
		}
		expect(answers.map((answer) => answer.status)).toEqual(Array(LIMIT + 2).fill(200));
		expect(refused()).toHaveLength(0);
		expect(perWindow(ctx.sim.requests, WINDOW_MS)).toEqual([5, 2]);
	}, 15_000);
});
