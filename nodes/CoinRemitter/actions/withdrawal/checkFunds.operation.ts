import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { addDecimals, compareDecimals, isPlainDecimal } from '../../../shared/decimal';
import { amountField } from '../fields';
import { asNodeError } from '../nodeError';
import type { ItemContext, OperationFacts } from '../operation';
import { forEachBounded } from '../bounded';
import { endpoint as BALANCE } from '../wallet/getBalance.operation';
import { asText, positiveAmount, withoutEmpty } from '../validation';
import { readWithdrawalSpeed, withdrawalSpeedField } from './fields';
import { runsAsTool } from './guardrails';

export const option = {
	name: 'Check Funds',
	value: 'checkFunds',
	description:
		'Check that the wallet covers all input payouts, fees included, before any is sent: the payouts go on to Covered, or one item saying by how much the wallet falls short goes to Not Covered',
	action: 'Check the wallet covers a batch of payouts',
};

export const facts: OperationFacts = { apis: ['v1'] };

export const endpoint: Endpoint = { v1: '/v1/wallet/withdraw/estimate' };

export const properties: INodeProperties[] = [
	amountField('Amount of the wallet coin this payout sends, before fees'),
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.address }}',
		description: "The payout's destination address, for a more precise fee on some networks",
	},
	withdrawalSpeedField,
];

/** The exact cost of one payout: its estimate's total_amount (amount plus fees). */
async function costOf(context: IExecuteFunctions, item: ItemContext): Promise<string> {
	const { field: ctx, itemIndex } = item;
	const estimate = (await item.send(
		endpoint,
		withoutEmpty({
			amount: positiveAmount(ctx, 'Amount', context.getNodeParameter('amount', itemIndex)),
			address: asText(ctx, 'Address', context.getNodeParameter('address', itemIndex, '')),
			withdrawal_speed: readWithdrawalSpeed(context, ctx, itemIndex),
		}),
	)) as IDataObject;
	const total = String(estimate.total_amount ?? '');
	if (!isPlainDecimal(total))
		throw new NodeOperationError(
			context.getNode(),
			`CoinRemitter's estimate gave no total for item ${itemIndex} ("${total}")`,
			{ itemIndex, description: 'Nothing can be said of the batch without it: no payout went on.' },
		);
	return total;
}

/** What each row on Covered carries as `fundsCheck`: balance, what the payouts need, and what is left. */
function coveredSummary(count: number, balance: string, needed: string, coin: string): IDataObject {
	const left = addDecimals(balance, needed, -1);
	return {
		covered: true,
		payouts: count,
		balance,
		needed,
		left,
		coin,
		message: `The wallet holds ${balance} ${coin}; the ${count} payouts need ${needed} ${coin}, fees included: ${left} ${coin} is left after them.`,
	};
}

/** The summary for Not Covered: balance, what the payouts need, and by how much it falls short. */
function shortItem(count: number, balance: string, needed: string, coin: string): IDataObject {
	const shortBy = addDecimals(needed, balance, -1);
	return {
		covered: false,
		payouts: count,
		balance,
		needed,
		shortBy,
		coin,
		message: `The wallet holds ${balance} ${coin}; the ${count} payouts need ${needed} ${coin}, fees included: it is ${shortBy} ${coin} short. No payout went on.`,
	};
}

/**
 * Estimates every payout, reads the balance once and adds the totals exactly: every input item
 * goes on to Covered as it came, or none does and Not Covered gets one item saying the shortfall.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemContext: (itemIndex: number) => ItemContext,
): Promise<INodeExecutionData[][]> {
	if (runsAsTool(this))
		throw new NodeOperationError(
			this.getNode(),
			'Check Funds answers for a batch of payouts in a workflow, not as a tool',
			{ description: 'As a tool, use Wallet → Get Balance and Withdrawal → Estimate.' },
		);
	const items = this.getInputData();
	const all = items.map((_, item) => ({ item }));
	try {
		const costs: string[] = [];
		await forEachBounded(items.length, 4, async (itemIndex) => {
			costs[itemIndex] = await costOf(this, itemContext(itemIndex));
		});
		const balance = (await itemContext(0).send(BALANCE)) as IDataObject;
		const held = String(balance.balance ?? '');
		if (!isPlainDecimal(held))
			throw new NodeOperationError(this.getNode(), `CoinRemitter gave no balance ("${held}")`);
		const needed = costs.reduce((sum, cost) => addDecimals(sum, cost), '0');
		const coin = String(balance.coin_symbol ?? '');
		if (compareDecimals(needed, held) <= 0) {
			const funds = coveredSummary(items.length, held, needed, coin);
			const rows = items.map((item, index) => ({
				json: { ...item.json, fundsCheck: funds },
				pairedItem: { item: index },
			}));
			return [rows, []];
		}
		return [[], [{ json: shortItem(items.length, held, needed, coin), pairedItem: all }]];
	} catch (error) {
		const nodeError = asNodeError(this, error, 0);
		if (!this.continueOnFail()) throw nodeError;
		const message = `The funds could not be checked: ${nodeError.message}. No payout went on.`;
		return [[], [{ json: { covered: false, error: nodeError.message, message }, pairedItem: all }]];
	}
}

/** Runs only through executeBatch (all items together). */
export async function execute(): Promise<IDataObject> {
	throw new Error('Check Funds runs for all items together');
}
