// Attack: guardrail values that evaluate to nothing or to something odd. A guardrail that is set
// must either hold or refuse; it never means "no limit".
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../helpers/editor';
import { PACKAGE, nodeClasses, runNode } from '../../helpers/engine';
import { useSimulator, v1Credentials } from '../../fixtures/simulator';

const ctx = useSimulator();
const node = new CoinRemitter();
const { description } = node;
nodeClasses[`${PACKAGE}.coinRemitterTool`] = node;
const A = 'T' + 'A'.repeat(33);
const EVM = '0x' + 'aB'.repeat(20);

const withdraw = async (
	guardrails: unknown,
	item: IDataObject = {},
	choices: Record<string, unknown> = {},
) => {
	const result = await runNode({
		parameters: editorParameters(description, {
			apiVersion: 'v1',
			resource: shown('Withdrawal'),
			operation: shown('Create'),
			address: A,
			amount: '1',
			payoutKey: `={{ 'k-' + Math.random() }}`,
			guardrails,
			...choices,
		}) as never,
		credentials: v1Credentials(ctx.sim),
		items: [item],
		continueOnFail: true,
	});
	return (result.items[0].json.error as string | undefined) ?? 'sent';
};

const sent = () => ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');

describe('a limit that evaluates to something odd refuses, naming the field', () => {
	it.each([
		['a blank text', "={{ ' ' }}"],
		['an empty list', '={{ [] }}'],
		['NaN', '={{ NaN }}'],
		['Infinity', '={{ Infinity }}'],
		['a number JavaScript writes with an exponent', '={{ 1e21 }}'],
		['an exponent as text', "={{ '1e2' }}"],
		['Arabic-Indic digits', "={{ '١٢' }}"],
		['full-width digits', "={{ '５' }}"],
		['a negative number', '={{ -5 }}'],
		['true', '={{ true }}'],
		['an object', '={{ {} }}'],
		['a hex number as text', "={{ '0x10' }}"],
	])('Maximum Amount as %s', async (_what, value) => {
		expect(await withdraw({ maxAmount: value })).toMatch(/^Guardrails → Maximum Amount: /);
		expect(await withdraw({ maxTotalPerDay: value })).toMatch(
			/^Guardrails → Maximum Total per Day: /,
		);
		expect(sent()).toHaveLength(0);
	});

	it.each([
		['the number 0', '={{ 0 }}'],
		['the text 0', "={{ '0' }}"],
		['0.0', '0.0'],
	])('a maximum of %s refuses every withdrawal (nothing may be sent)', async (_what, value) => {
		expect(await withdraw({ maxAmount: value })).toMatch(
			/^Guardrails → Maximum Amount: item 0 would send 1, more than the limit of 0/,
		);
		expect(await withdraw({ maxTotalPerDay: value })).toMatch(
			/^Guardrails → Maximum Total per Day: item 0 would send 1, but 0 of the 0/,
		);
		expect(sent()).toHaveLength(0);
	});
});

describe('an allow-list that evaluates to something odd refuses', () => {
	it.each([
		['only commas', ',,,'],
		['a list of one empty text', "={{ [''] }}"],
		['a list of blanks and commas', "={{ [' ', ','] }}"],
		['a number', '={{ 5 }}'],
		['a list with null', '={{ [null] }}'],
	])('%s', async (_what, value) => {
		expect(await withdraw({ allowedAddresses: value })).toMatch(
			/^Guardrails → Allowed Addresses: /,
		);
		expect(sent()).toHaveLength(0);
	});

	it('an allow-listed address with a zero-width space does not match the plain address (and the other way)', async () => {
		expect(await withdraw({ allowedAddresses: `${A}\u200b` })).toMatch(/not one of the 1 allowed/);
		expect(
			await withdraw({ allowedAddresses: A }, { to: `${A}\u200b` }, { address: '={{ $json.to }}' }),
		).toMatch(/not one of the 1 allowed/);
		expect(sent()).toHaveLength(0);
	});

	it('an allow-listed address with trailing spaces and a new line still matches', async () => {
		expect(await withdraw({ allowedAddresses: `  ${A}  \n` })).toBe('sent');
	});

	it('an EVM address passes the allow-list in any letter case (and goes out as the item wrote it)', async () => {
		const evm = { address: EVM.toLowerCase() };
		const upper = EVM.toUpperCase().replace('0X', '0x');
		expect(await withdraw({ allowedAddresses: upper }, {}, evm)).not.toMatch(/Guardrails/);
		expect(sent().map((request) => request.fields.address)).toEqual([EVM.toLowerCase()]);
	});
});

// n8n itself replaces a collection that is not an object (the whole Guardrails collection written
// as one expression in workflow JSON) with its default {} before the node sees it: the node
// cannot tell it from "no guardrail". As a tool, that still refuses (the allow-list and the daily
// total are required); in a plain workflow the editor shows the collection empty.
describe('the Guardrails collection itself as one expression (workflow JSON written by hand or a tool)', () => {
	it('as a tool, refuses: the required guardrails are not set', async () => {
		const result = await runNode({
			type: `${PACKAGE}.coinRemitterTool`,
			parameters: editorParameters(description, {
				apiVersion: 'v1',
				resource: shown('Withdrawal'),
				operation: shown('Create'),
				address: A,
				amount: '1',
				guardrails: `={{ { allowedAddresses: '${A}', maxTotalPerDay: '5' } }}`,
			}) as never,
			credentials: v1Credentials(ctx.sim),
			continueOnFail: true,
		});
		expect(result.items[0].json.error).toMatch(
			/This tool sends nothing until Guardrails → Allowed Addresses and Guardrails → Maximum Total per Day are set/,
		);
		expect(sent()).toHaveLength(0);
	});
});
