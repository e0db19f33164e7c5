// Money guardrails of Withdrawal → Create, through n8n's real execution engine: the allow-list,
// the maximum per withdrawal, the maximum per execution, and the rule for an AI agent's tool.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { parseAddressList } from '../../../../../nodes/CoinRemitter/actions/withdrawal/guardrails';
import { sameAddress } from '../../../../../nodes/shared/addresses';
import { addDecimals, compareDecimals } from '../../../../../nodes/shared/decimal';
import { editorParameters, shown } from '../../../../helpers/editor';
import { PACKAGE, nodeClasses, runNode } from '../../../../helpers/engine';
import {
	LTC,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../../fixtures/simulator';

const ctx = useSimulator();
const node = new CoinRemitter();
const { description } = node;
// n8n runs a node as an agent's tool under the type name `<node>Tool` (see README, "Guardrails").
const TOOL = `${PACKAGE}.coinRemitterTool`;
nodeClasses[TOOL] = node;

const A = 'T' + 'A'.repeat(33);
const B = 'T' + 'B'.repeat(33);
const C = 'T' + 'C'.repeat(33);

interface Options {
	items?: IDataObject[];
	continueOnFail?: boolean;
	workflowId?: string;
	type?: string;
}

const withdraw = async (choices: Record<string, unknown>, options: Options = {}) =>
	await runNode({
		type: options.type,
		parameters: editorParameters(description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: A,
			amount: '1',
			...choices,
		}) as never,
		credentials: v1Credentials(ctx.sim),
		items: options.items ?? [{}],
		workflowId: options.workflowId,
		continueOnFail: options.continueOnFail ?? true,
	});

const sent = () =>
	ctx.sim.requests
		.filter((request) => request.path === '/v1/wallet/withdraw')
		.map((request) => `${request.fields.amount}→${request.fields.address}`);

const outcomes = (result: Awaited<ReturnType<typeof withdraw>>) =>
	result.items.map((item) => (item.json.error as string | undefined) ?? item.json.amount);

describe('guardrails: exact decimals and addresses', () => {
	it('compares decimal strings exactly, whatever their number of places', () => {
		expect(compareDecimals('1.5', '1.50000000')).toBe(0);
		expect(compareDecimals('1.50000001', '1.5')).toBe(1);
		expect(compareDecimals('0.1', '0.10000000000000000001')).toBe(-1);
		expect(
			compareDecimals('123456789012345678901234567890', '123456789012345678901234567889'),
		).toBe(1);
		expect(addDecimals('0.1', '0.2')).toBe('0.3');
		expect(addDecimals('1.75', '0.00000001')).toBe('1.75000001');
		expect(addDecimals('1.75', '0.75', -1)).toBe('1.00');
	});

	it('compares EVM addresses without regard to case and others exactly, ignoring surrounding spaces', () => {
		const evm = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
		expect(sameAddress(evm, evm.toLowerCase())).toBe(true);
		expect(sameAddress(` ${evm}\n`, evm.toUpperCase().replace('0X', '0x'))).toBe(true);
		expect(sameAddress(A, A.toLowerCase())).toBe(false);
		expect(sameAddress(`  ${A} `, A)).toBe(true);
		expect(sameAddress(A, B)).toBe(false);
	});

	it('reads addresses separated by commas, spaces or new lines, or a list from an expression', () => {
		expect(parseAddressList(`${A}, ${B}\n${C}  ,,\n`)).toEqual([A, B, C]);
		expect(parseAddressList([A, ` ${B} `])).toEqual([A, B]);
		expect(parseAddressList('')).toEqual([]);
		expect(parseAddressList(undefined)).toEqual([]);
	});
});

describe('guardrails: allowed addresses', () => {
	it('sends every payout to a listed address once and fails the one that is not listed', async () => {
		const result = await withdraw(
			{ address: '={{ $json.to }}', guardrails: { allowedAddresses: `${A},\n${B}` } },
			{ items: [{ to: A }, { to: C }, { to: B }] },
		);
		expect(outcomes(result)).toEqual([
			'1.00000000',
			`Guardrails → Allowed Addresses: item 1 would send to ${C}, which is not one of the 2 allowed addresses`,
			'1.00000000',
		]);
		expect(result.items[1].json.description).toMatch(
			new RegExp(`allowed addresses are: ${A}, ${B}.*Nothing was sent for this item`),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(sent()).toEqual([`1→${A}`, `1→${B}`]);
	});

	it('without Continue On Fail, the refused item stops the node and nothing after it is sent', async () => {
		const result = await withdraw(
			{ address: '={{ $json.to }}', guardrails: { allowedAddresses: A } },
			{ items: [{ to: A }, { to: C }, { to: A }], continueOnFail: false },
		);
		expect(result.error?.message).toBe(
			`Guardrails → Allowed Addresses: item 1 would send to ${C}, which is not one of the 1 allowed address`,
		);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(sent()).toEqual([`1→${A}`]);
	});

	it('matches a listed address with surrounding spaces, and another letter case only for EVM addresses', async () => {
		const spaced = await withdraw({
			address: `  ${A} `,
			guardrails: { allowedAddresses: ` ${A} ` },
		});
		expect(outcomes(spaced)).toEqual(['1.00000000']);
		const otherCase = await withdraw({
			address: A.toLowerCase(),
			guardrails: { allowedAddresses: A },
		});
		expect(String(otherCase.items[0].json.error)).toMatch(/^Guardrails → Allowed Addresses/);
		// An EVM address in another case passes the guardrail (the test gateway, a TRON-like coin, then refuses it).
		const evm = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
		const evmRun = await withdraw({
			address: evm.toLowerCase(),
			guardrails: { allowedAddresses: evm },
		});
		expect(String(evmRun.items[0].json.error)).toMatch(/CoinRemitter rejected a field/);
		expect(sent()).toEqual([`1→${A}`, `1→${evm.toLowerCase()}`]);
	});

	it('takes the list and the limits from expressions, per item', async () => {
		const result = await withdraw(
			{
				address: '={{ $json.to }}',
				amount: '={{ $json.amount }}',
				guardrails: { allowedAddresses: '={{ $json.allowed }}', maxAmount: '={{ $json.max }}' },
			},
			{
				items: [
					{ to: A, amount: '2', allowed: [A, B], max: 2 },
					{ to: B, amount: '2', allowed: `${A} ${C}`, max: '5' },
					{ to: C, amount: '2.5', allowed: C, max: '2.49' },
				],
			},
		);
		expect(outcomes(result)).toEqual([
			'2.00000000',
			`Guardrails → Allowed Addresses: item 1 would send to ${B}, which is not one of the 2 allowed addresses`,
			'Guardrails → Maximum Amount: item 2 would send 2.5, more than the limit of 2.49',
		]);
		expect(sent()).toEqual([`2→${A}`]);
	});
});

describe('guardrails: set but unusable fails closed, naming the field', () => {
	const refusedWith = async (guardrails: Record<string, unknown>, items?: IDataObject[]) => {
		const result = await withdraw({ guardrails }, { items });
		expect(sent()).toEqual([]);
		return result.items.map((item) => item.json.error);
	};

	it('an allow-list added but empty, blank or giving no address refuses', async () => {
		expect(await refusedWith({ allowedAddresses: '' })).toEqual([
			'Guardrails → Allowed Addresses: is set but empty',
		]);
		expect(await refusedWith({ allowedAddresses: ' \n ,, ' })).toEqual([
			'Guardrails → Allowed Addresses: is set but lists no address',
		]);
	});

	it('an expression that evaluates to nothing, null, an empty list or not a list refuses', async () => {
		expect(
			await refusedWith({ allowedAddresses: '={{ $json.missing }}' }, [
				{},
				{ missing: null },
				{ missing: [] },
				{ missing: { to: A } },
				{ missing: [A, 5] },
			]),
		).toEqual([
			'Guardrails → Allowed Addresses: is set but empty',
			'Guardrails → Allowed Addresses: is set but empty',
			'Guardrails → Allowed Addresses: is set but empty',
			'Guardrails → Allowed Addresses: expected addresses but got object',
			'Guardrails → Allowed Addresses: expected addresses but got a list that is not all text',
		]);
	});

	it.each(['maxAmount', 'maxTotalPerExecution', 'maxTotalPerDay'] as const)(
		'%s added but empty, an expression giving nothing, or not a plain decimal refuses',
		async (name) => {
			const label = {
				maxAmount: 'Maximum Amount',
				maxTotalPerExecution: 'Maximum Total per Execution',
				maxTotalPerDay: 'Maximum Total per Day',
			}[name];
			expect(await refusedWith({ [name]: '' })).toEqual([
				`Guardrails → ${label}: is set but empty`,
			]);
			const errors = await refusedWith({ [name]: '={{ $json.limit }}' }, [
				{},
				{ limit: null },
				{ limit: '1e3' },
				{ limit: -1 },
				{ limit: [5] },
			]);
			expect(errors).toEqual([
				`Guardrails → ${label}: is set but empty`,
				`Guardrails → ${label}: is set but empty`,
				`Guardrails → ${label}: "1e3" is not a plain decimal number`,
				`Guardrails → ${label}: "-1" is not a plain decimal number`,
				`Guardrails → ${label}: expected text but got a list`,
			]);
		},
	);

	it('the refusal says how to mean "no limit": remove the guardrail', async () => {
		const result = await withdraw({ guardrails: { maxAmount: '={{ $json.limit }}' } });
		expect(result.items[0].json.description).toMatch(
			/never means "no limit".*remove the guardrail from Guardrails for no limit. Nothing was sent for item 0/,
		);
	});

	it('only a guardrail left out of the collection means no limit', async () => {
		expect(outcomes(await withdraw({ guardrails: {} }))).toEqual(['1.00000000']);
		// Another amount: the default key is the wallet's, so the same payout again would be refused.
		expect(outcomes(await withdraw({ amount: '2' }))).toEqual(['2.00000000']);
	});
});

describe('guardrails: maximum amount', () => {
	it('passes an amount equal to the limit and fails one unit of the last decimal place over', async () => {
		const result = await withdraw(
			{
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $itemIndex }}',
				guardrails: { maxAmount: '1.5' },
			},
			{ items: [{ amount: '1.50000000' }, { amount: '1.50000001' }, { amount: '1.5' }] },
		);
		expect(outcomes(result)).toEqual([
			'1.50000000',
			'Guardrails → Maximum Amount: item 1 would send 1.50000001, more than the limit of 1.5',
			'1.50000000',
		]);
		expect(sent()).toEqual(['1.50000000→' + A, '1.5→' + A]);
	});

	it('a limit that is not a plain decimal fails the item with the field named, before anything is sent', async () => {
		const result = await withdraw({ guardrails: { maxAmount: '1,5' } });
		expect(result.items[0].json.error).toBe(
			'Guardrails → Maximum Amount: "1,5" is not a plain decimal number',
		);
		expect(sent()).toEqual([]);
	});
});

describe('guardrails: maximum total per execution', () => {
	it('counts in input order; equal to the limit passes, one unit over fails, and a refused item does not count', async () => {
		const result = await withdraw(
			{
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $itemIndex }}',
				guardrails: { maxTotalPerExecution: '2' },
			},
			{
				items: [
					{ amount: '0.5' },
					{ amount: '1.0' },
					{ amount: '0.50000001' },
					{ amount: '0.5' },
					{ amount: '0.00000001' },
				],
			},
		);
		expect(outcomes(result)).toEqual([
			'0.50000000',
			'1.00000000',
			"Guardrails → Maximum Total per Execution: item 2 would send 0.50000001, bringing this execution's total to 2.00000001, more than the limit of 2",
			'0.50000000',
			"Guardrails → Maximum Total per Execution: item 4 would send 0.00000001, bringing this execution's total to 2.00000001, more than the limit of 2",
		]);
		expect(result.items[2].json.description).toMatch(/already sent 1.5 in this execution/);
		expect(sent()).toEqual([`0.5→${A}`, `1.0→${A}`, `0.5→${A}`]);
	});

	it('starts again at zero in the next execution', async () => {
		for (let run = 0; run < 2; run++) {
			const result = await withdraw(
				{
					payoutKey: `={{ 'run${run}-' + $itemIndex }}`,
					guardrails: { maxTotalPerExecution: '1' },
				},
				{ items: [{}, {}], workflowId: 'wf-total-runs' },
			);
			expect(outcomes(result)[0]).toBe('1.00000000');
			expect(String(outcomes(result)[1])).toMatch(/Maximum Total per Execution/);
		}
		expect(sent()).toHaveLength(2);
	});

	it('a withdrawal the service refused does not count; one whose outcome is unknown does', async () => {
		const refusedFirst = await withdraw(
			{ address: '={{ $json.to }}', guardrails: { maxTotalPerExecution: '1' } },
			{ items: [{ to: 'not-an-address' }, { to: A }] },
		);
		expect(String(outcomes(refusedFirst)[0])).toMatch(/CoinRemitter rejected a field/);
		expect(outcomes(refusedFirst)[1]).toBe('1.00000000');

		ctx.sim.faults.dropAfterWithdraw = 1;
		const lostFirst = await withdraw(
			{ payoutKey: '={{ $itemIndex }}', guardrails: { maxTotalPerExecution: '1.5' } },
			{ items: [{}, {}] },
		);
		expect(String(outcomes(lostFirst)[0])).toMatch(/outcome is unknown/);
		expect(String(outcomes(lostFirst)[1])).toMatch(
			/item 1 would send 1, bringing this execution's total to 2, more than the limit of 1.5/,
		);
	});
});

describe('guardrails and the Payout Key', () => {
	it('a refused payout is not recorded as attempted: once the limit is fixed, the retry sends it', async () => {
		const choices = { amount: '3', payoutKey: 'order-9' };
		const refused = await withdraw(
			{ ...choices, guardrails: { maxAmount: '2.99999999' } },
			{ workflowId: 'wf-guard-key', continueOnFail: false },
		);
		expect(refused.error?.message).toBe(
			'Guardrails → Maximum Amount: item 0 would send 3, more than the limit of 2.99999999',
		);
		expect(refused.error?.description).toMatch(/Payout Key was not recorded/);
		const fixed = await withdraw(
			{ ...choices, guardrails: { maxAmount: '3' } },
			{ workflowId: 'wf-guard-key' },
		);
		expect(outcomes(fixed)).toEqual(['3.00000000']);
		const again = await withdraw(
			{ ...choices, guardrails: { maxAmount: '3' } },
			{ workflowId: 'wf-guard-key' },
		);
		expect(String(outcomes(again)[0])).toMatch(/already attempted \(Payout Key "order-9"\)/);
		expect(sent()).toEqual([`3→${A}`]);
	});

	it('an already attempted payout sends nothing, so it does not count toward the total', async () => {
		await withdraw({ payoutKey: 'k-1' }, { workflowId: 'wf-guard-dup' });
		const result = await withdraw(
			{ payoutKey: '={{ $json.key }}', guardrails: { maxTotalPerExecution: '1' } },
			{ items: [{ key: 'k-1' }, { key: 'k-2' }], workflowId: 'wf-guard-dup' },
		);
		expect(String(outcomes(result)[0])).toMatch(/already attempted/);
		expect(outcomes(result)[1]).toBe('1.00000000');
	});
});

describe('guardrails: legacy API', () => {
	const legacy = async (guardrails: Record<string, unknown>, items: IDataObject[]) =>
		await runNode({
			parameters: editorParameters(description, {
				apiVersion: 'legacy',
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: '={{ $json.to }}',
				amount: '={{ $json.amount }}',
				guardrails,
			}) as never,
			credentials: legacyCredentials(ctx.sim, 'LTC', LTC),
			items,
			continueOnFail: true,
		});

	it('applies the allow-list, the maximum and the total the same way', async () => {
		const result = await legacy(
			{ allowedAddresses: `${A}\n${B}`, maxAmount: '2', maxTotalPerExecution: '3' },
			[
				{ to: A, amount: '2' },
				{ to: C, amount: '0.1' },
				{ to: B, amount: '2.00000001' },
				{ to: B, amount: '1' },
				{ to: A, amount: '0.00000001' },
			],
		);
		expect(result.items.map((item) => item.json.error ?? 'sent')).toEqual([
			'sent',
			`Guardrails → Allowed Addresses: item 1 would send to ${C}, which is not one of the 2 allowed addresses`,
			'Guardrails → Maximum Amount: item 2 would send 2.00000001, more than the limit of 2',
			'sent',
			"Guardrails → Maximum Total per Execution: item 4 would send 0.00000001, bringing this execution's total to 3.00000001, more than the limit of 3",
		]);
		const legacySent = ctx.sim.requests.filter((request) => request.path.endsWith('/withdraw'));
		expect(
			legacySent.map((request) => `${request.fields.amount}→${request.fields.to_address}`),
		).toEqual([`2→${A}`, `1→${B}`]);
	});
});

describe("guardrails: as an AI agent's tool", () => {
	const asTool = { type: TOOL };

	const DAY = { maxTotalPerDay: '100' };

	it('refuses every withdrawal until the allow-list and the daily total are set, in words the model and the user can read', async () => {
		const none = await withdraw({}, asTool);
		expect(none.items[0].json.error).toBe(
			`This tool sends nothing until Guardrails → Allowed Addresses and Guardrails → Maximum Total per Day are set; it did not send to ${A}`,
		);
		expect(none.items[0].json.description).toMatch(/drain the wallet one call at a time/);
		const listOnly = await withdraw({ guardrails: { allowedAddresses: A } }, asTool);
		expect(listOnly.items[0].json.error).toBe(
			`This tool sends nothing until Guardrails → Maximum Total per Day is set; it did not send to ${A}`,
		);
		const dayOnly = await withdraw({ guardrails: DAY }, asTool);
		expect(dayOnly.items[0].json.error).toBe(
			`This tool sends nothing until Guardrails → Allowed Addresses is set; it did not send to ${A}`,
		);
		const perExecutionIsNotEnough = await withdraw(
			{ guardrails: { allowedAddresses: A, maxTotalPerExecution: '1' } },
			asTool,
		);
		expect(String(perExecutionIsNotEnough.items[0].json.error)).toMatch(
			/Maximum Total per Day is set/,
		);
		expect(sent()).toEqual([]);
	});

	it('sends to a listed address and refuses any other, naming the allowed ones', async () => {
		const ok = await withdraw({ guardrails: { allowedAddresses: A, ...DAY } }, asTool);
		expect(outcomes(ok)).toEqual(['1.00000000']);
		const refused = await withdraw(
			{ address: B, guardrails: { allowedAddresses: A, ...DAY } },
			asTool,
		);
		expect(refused.items[0].json.error).toBe(
			`This tool may only send to the addresses listed under Guardrails → Allowed Addresses; ${B} is not one of them`,
		);
		expect(refused.items[0].json.description).toMatch(`The allowed addresses are: ${A}.`);
		expect(sent()).toEqual([`1→${A}`]);
	});

	it('tells, in the tool notice, why a guardrail read from the item ($json) is weaker than a fixed value', () => {
		const notice = description.properties.find((p) => p.name === 'guardrailsToolNotice');
		expect(notice?.displayName).toMatch(/\$json.*only as trustworthy as whatever wrote that item/);
	});

	it('refuses a guardrail the model would fill in ($fromAI)', async () => {
		const result = await withdraw(
			{
				guardrails: {
					allowedAddresses: "={{ $fromAI('allowed', 'Allowed addresses', 'string') }}",
				},
			},
			asTool,
		);
		expect(result.items[0].json.error).toBe(
			'Guardrails → Allowed Addresses: may not be filled in by the AI model ($fromAI)',
		);
		expect(sent()).toEqual([]);
	});

	it('leaves reading operations, estimates and invoices alone', async () => {
		const run = async (choices: Record<string, unknown>) =>
			await runNode({
				type: TOOL,
				parameters: editorParameters(description, { apiVersion: 'v1', ...choices }) as never,
				credentials: v1Credentials(ctx.sim),
				continueOnFail: true,
			});
		const balance = await run({ resource: shown('Wallet'), operation: shown('Get Balance') });
		expect(balance.items[0].json.balance).toBe('25.00000000');
		const estimate = await run({
			resource: shown('Withdrawal'),
			operation: shown('Estimate'),
			amount: '1',
		});
		expect(estimate.items[0].json.total_amount).toBeDefined();
		const invoice = await run({
			resource: shown('Invoice'),
			operation: shown('Create'),
			amount: '10',
		});
		expect(invoice.items[0].json.invoice_id).toBeDefined();
	});
});
