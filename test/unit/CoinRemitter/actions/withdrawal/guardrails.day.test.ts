// Guardrails → Maximum Total per Day, through n8n's real execution engine: one wallet's
// withdrawals through one node over a rolling 24 hours, across executions, concurrent calls,
// tool calls and restarts (a new engine over the static data n8n saved).
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { forgetSpendLedgers } from '../../../../../nodes/CoinRemitter/actions/withdrawal/guardrails/spendStore';
import { editorParameters, shown } from '../../../../helpers/editor';
import type { RunResult } from '../../../../helpers/engine';
import { PACKAGE, nodeClasses, runNode } from '../../../../helpers/engine';
import { useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();
const node = new CoinRemitter();
const TOOL = `${PACKAGE}.coinRemitterTool`;
nodeClasses[TOOL] = node;

const A = 'T' + 'A'.repeat(33);
const HOUR = 60 * 60 * 1000;

let workflows = 0;
let workflowId = '';
beforeEach(() => {
	workflowId = `wf-day-${++workflows}`;
});

interface Options {
	items?: IDataObject[];
	staticData?: IDataObject;
	type?: string;
	guardrails?: IDataObject;
}

const withdraw = async (amount: string, options: Options = {}) =>
	await runNode({
		type: options.type,
		parameters: editorParameters(node.description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: A,
			amount,
			payoutKey: `={{ 'p-' + $now.toMillis() + '-' + $itemIndex + '-' + Math.random() }}`,
			guardrails: options.guardrails ?? { maxTotalPerDay: '1' },
		}) as never,
		credentials: v1Credentials(ctx.sim),
		items: options.items ?? [{}],
		workflowId,
		staticData: options.staticData,
		continueOnFail: true,
	});

const sent = () =>
	ctx.sim.requests
		.filter((request) => request.path === '/v1/wallet/withdraw')
		.map((request) => request.fields.amount);

const outcome = (result: RunResult, index = 0) =>
	(result.items[index].json.error as string | undefined) ?? 'sent';

/** A restart: this process forgets what it counted; n8n loads the static data it saved. */
const restart = () => forgetSpendLedgers();

describe('guardrails: maximum total per day', () => {
	afterEach(() => jest.useRealTimers());

	it('holds across executions: 0.6 then 0.5 under 1, the second refused naming the cap, what was spent and what is left', async () => {
		expect(outcome(await withdraw('0.6'))).toBe('sent');
		const second = await withdraw('0.5');
		expect(outcome(second)).toBe(
			'Guardrails → Maximum Total per Day: item 0 would send 0.5, but 0.6 of the 1 allowed in 24 hours was already sent; 0.4 is left',
		);
		expect(second.items[0].json.description).toMatch(/Nothing was sent for this item/);
		expect(outcome(await withdraw('0.4'))).toBe('sent');
		expect(outcome(await withdraw('0.00000001'))).toMatch(
			/but 1.0 of the 1 allowed in 24 hours was already sent; 0.0 is left/,
		);
		expect(sent()).toEqual(['0.6', '0.4']);
	});

	it('counts the items of one execution in input order', async () => {
		const result = await withdraw('={{ $json.amount }}', {
			items: [{ amount: '0.5' }, { amount: '0.6' }, { amount: '0.5' }],
		});
		expect([0, 1, 2].map((index) => outcome(result, index))).toEqual([
			'sent',
			'Guardrails → Maximum Total per Day: item 1 would send 0.6, but 0.5 of the 1 allowed in 24 hours was already sent; 0.5 is left',
			'sent',
		]);
		expect(sent()).toEqual(['0.5', '0.5']);
	});

	it('two executions at the same moment never both fit under the cap', async () => {
		const both = await Promise.all([withdraw('0.6'), withdraw('0.6')]);
		expect(both.map((result) => outcome(result)).sort()).toEqual([
			'Guardrails → Maximum Total per Day: item 0 would send 0.6, but 0.6 of the 1 allowed in 24 hours was already sent; 0.4 is left',
			'sent',
		]);
		expect(sent()).toEqual(['0.6']);
	});

	it('survives a restart: a new engine over the static data n8n saved still counts what was sent', async () => {
		const first = await withdraw('0.6', { staticData: {} });
		expect(outcome(first)).toBe('sent');
		restart();
		const afterRestart = await withdraw('0.5', { staticData: first.staticData });
		expect(outcome(afterRestart)).toMatch(/but 0.6 of the 1 allowed in 24 hours was already sent/);
		expect(sent()).toEqual(['0.6']);
	});

	it('two executions that loaded the same static data both save what the other counted (whichever n8n saves last)', async () => {
		const loaded = {};
		const [one, two] = await Promise.all([
			withdraw('0.3', { staticData: structuredClone(loaded) }),
			withdraw('0.3', { staticData: structuredClone(loaded) }),
		]);
		expect([outcome(one), outcome(two)]).toEqual(['sent', 'sent']);
		for (const saved of [one.staticData, two.staticData]) {
			restart();
			expect(outcome(await withdraw('0.5', { staticData: saved }))).toMatch(
				/but 0.6 of the 1 allowed in 24 hours was already sent; 0.4 is left/,
			);
		}
		expect(sent()).toEqual(['0.3', '0.3']);
	});

	it('rolls: a withdrawal leaves the total 24 hours after it was counted', async () => {
		const start = Date.parse('2026-03-01T10:00:00Z');
		jest.useFakeTimers({
			now: start,
			doNotFake: [
				'nextTick',
				'setImmediate',
				'setTimeout',
				'clearTimeout',
				'setInterval',
				'clearInterval',
				'queueMicrotask',
				'hrtime',
				'performance',
			],
		});
		expect(outcome(await withdraw('1'))).toBe('sent');
		jest.setSystemTime(start + 12 * HOUR);
		expect(outcome(await withdraw('0.00000001'))).toMatch(/but 1 of the 1 allowed/);
		jest.setSystemTime(start + 24 * HOUR - 1);
		expect(outcome(await withdraw('0.00000001'))).toMatch(/but 1 of the 1 allowed/);
		jest.setSystemTime(start + 24 * HOUR);
		expect(outcome(await withdraw('1'))).toBe('sent');
		expect(sent()).toEqual(['1', '1']);
	});

	it('a withdrawal the service refused is taken off the total; one whose outcome is unknown stays on it', async () => {
		const refused = await runNode({
			parameters: editorParameters(node.description, {
				apiVersion: 'v1',
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: 'not-an-address',
				amount: '0.9',
				guardrails: { maxTotalPerDay: '1' },
			}) as never,
			credentials: v1Credentials(ctx.sim),
			workflowId,
			continueOnFail: true,
		});
		expect(outcome(refused)).toMatch(/CoinRemitter rejected a field/);
		expect(outcome(await withdraw('0.9'))).toBe('sent');

		workflowId = `${workflowId}-unknown`;
		ctx.sim.faults.dropAfterWithdraw = 1;
		expect(outcome(await withdraw('0.9'))).toMatch(/outcome is unknown/);
		expect(outcome(await withdraw('0.2'))).toMatch(
			/would send 0.2, but 0.9 of the 1 allowed in 24 hours was already sent; 0.1 is left/,
		);
	});

	it('counts each workflow node on its own (the cap is per wallet through this node)', async () => {
		expect(outcome(await withdraw('1'))).toBe('sent');
		workflowId = `${workflowId}-other`;
		expect(outcome(await withdraw('1'))).toBe('sent');
		expect(sent()).toEqual(['1', '1']);
	});

	it('holds across the calls of a tool (agent or MCP: each call its own execution)', async () => {
		const asTool = { type: TOOL, guardrails: { allowedAddresses: A, maxTotalPerDay: '1' } };
		expect(outcome(await withdraw('0.6', asTool))).toBe('sent');
		expect(outcome(await withdraw('0.5', asTool))).toMatch(/0.4 is left/);
		expect(sent()).toEqual(['0.6']);
	});

	it('refuses when the stored total cannot be read (fail closed)', async () => {
		const garbled = {
			global: { coinRemitterDailySpends: { 'node-under-test': { coinRemitterApi: 'lost' } } },
		};
		const result = await withdraw('0.1', { staticData: garbled });
		expect(outcome(result)).toBe(
			'Guardrails → Maximum Total per Day: the total of the last 24 hours cannot be checked: the spends of wallet coinRemitterApi in "coinRemitterDailySpends" are unreadable',
		);
		expect(sent()).toEqual([]);
	});
});
