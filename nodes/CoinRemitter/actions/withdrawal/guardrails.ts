import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { sameAddress } from '../../../shared/addresses';
import { addDecimals, compareDecimals, isPlainDecimal } from '../../../shared/decimal';
import { isOutcomeUnknown } from '../../../shared/errors';

// Money guardrails of Withdrawal → Create: an allow-list of destinations, a maximum per
// withdrawal and a maximum for what the node sends in one execution; as an AI agent's tool, an
// allow-list is required. Amounts are compared as exact decimals (BigInt), never as floats.

const GUARDRAILS = 'Guardrails';
const ALLOWED = 'Allowed Addresses';
const MAX_AMOUNT = 'Maximum Amount';
const MAX_TOTAL = 'Maximum Total per Execution';

/** The Guardrails collection of Withdrawal → Create, and a notice shown only when the node is an AI agent's tool. */
export const guardrailsFields: INodeProperties[] = [
	{
		displayName:
			'As an AI agent\'s tool, this node sends coins only to the addresses under Guardrails → Allowed Addresses; it refuses any other. The model sees only the tool description: name the allowed addresses and limits there, for example "Pays supplier invoices, only to TXyz…, at most 50 per payment".',
		name: 'guardrailsToolNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@tool': [true] } },
	},
	{
		displayName: GUARDRAILS,
		name: 'guardrails',
		type: 'collection',
		placeholder: 'Add Guardrail',
		default: {},
		description:
			'Limits checked before anything is sent. A withdrawal that breaks one fails (nothing is sent, its Payout Key is not recorded).',
		options: [
			{
				displayName: ALLOWED,
				name: 'allowedAddresses',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				placeholder: 'e.g. TXyz…, 0xAb…',
				description:
					"The only destinations this node may send to, separated by commas, spaces or new lines. EVM addresses (0x…) match in any letter case, others exactly. Required when the node is an AI agent's tool.",
			},
			{
				displayName: MAX_AMOUNT,
				name: 'maxAmount',
				type: 'string',
				default: '',
				placeholder: 'e.g. 50',
				description:
					'The most one withdrawal may send, as a plain decimal in the wallet coin. Equal to it is allowed; anything above fails.',
			},
			{
				displayName: MAX_TOTAL,
				name: 'maxTotalPerExecution',
				type: 'string',
				default: '',
				placeholder: 'e.g. 500',
				description:
					'The most this node may send in one execution, all items (and all tool calls) together, counted in input order. The withdrawal that would go over it fails, and so does every later one that would.',
			},
		],
	},
];

/** Addresses written separated by commas, spaces or new lines (or given as a list by an expression). */
export function parseAddressList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((entry) => String(entry ?? '')) : [value];
	return parts
		.flatMap((part) => String(part ?? '').split(/[\s,]+/))
		.map((address) => address.trim())
		.filter((address) => address !== '');
}

/** True when the node runs as an AI agent's tool: n8n gives the tool variant the type name `<node>Tool`. */
export const runsAsAiTool = (context: IExecuteFunctions) => context.getNode().type.endsWith('Tool');

function refusal(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description: string,
) {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description: `${description} Nothing was sent for this item and its Payout Key was not recorded, so it can be sent once the item or the guardrail is fixed.`,
	});
}

function limitOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown) {
	if (value === undefined || value === null) return undefined;
	const text =
		typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
	if (text === '') return undefined;
	if (text === undefined || !isPlainDecimal(text)) {
		throw new NodeOperationError(
			context.getNode(),
			`${GUARDRAILS} → ${label}: ${text === undefined ? `expected a decimal number but got ${Array.isArray(value) ? 'a list' : typeof value}` : `"${text}" is not a plain decimal number`}`,
			{
				itemIndex,
				description: `Write the limit with digits and at most one dot, for example 50 or 0.015 (no thousands separator, no comma, no exponent), or leave it empty for no limit. Nothing was sent for item ${itemIndex}.`,
			},
		);
	}
	return text;
}

const listed = (addresses: string[]) =>
	addresses.length > 10
		? `${addresses.slice(0, 10).join(', ')} and ${addresses.length - 10} more`
		: addresses.join(', ');

function checkAddress(
	context: IExecuteFunctions,
	itemIndex: number,
	address: string,
	value: unknown,
) {
	const allowed = parseAddressList(value);
	const asTool = runsAsAiTool(context);
	if (allowed.length === 0 && !asTool) return;
	if (allowed.some((entry) => sameAddress(entry, address))) return;
	if (asTool) {
		throw refusal(
			context,
			itemIndex,
			`This tool may only send to the addresses listed under ${GUARDRAILS} → ${ALLOWED}; ${address} is not one of them`,
			allowed.length === 0
				? `No address is listed, so this tool sends nothing. As an AI agent's tool, Withdrawal → Create needs ${GUARDRAILS} → ${ALLOWED}, so that a model (or an instruction hidden in what it reads) cannot choose where the coins go. Add the addresses it may pay there.`
				: `The allowed addresses are: ${listed(allowed)}.`,
		);
	}
	throw refusal(
		context,
		itemIndex,
		`${GUARDRAILS} → ${ALLOWED}: item ${itemIndex} would send to ${address}, which is not one of the ${allowed.length} allowed address${allowed.length === 1 ? '' : 'es'}`,
		`The allowed addresses are: ${listed(allowed)}. If ${address} is right, add it there; otherwise fix the item's address.`,
	);
}

const LABELS: Record<string, string> = {
	allowedAddresses: ALLOWED,
	maxAmount: MAX_AMOUNT,
	maxTotalPerExecution: MAX_TOTAL,
};

/** A guardrail the model fills in (`$fromAI()`) guards nothing: the node refuses to run with one. */
function refuseModelWrittenGuardrails(context: IExecuteFunctions, itemIndex: number) {
	const raw = context.getNode().parameters.guardrails;
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
	for (const [name, value] of Object.entries(raw)) {
		if (typeof value === 'string' && /\$fromai\s*\(/i.test(value)) {
			throw refusal(
				context,
				itemIndex,
				`${GUARDRAILS} → ${LABELS[name] ?? name}: may not be filled in by the AI model ($fromAI)`,
				'A limit the model chooses does not limit the model. Write the value itself, or an expression that reads it from your own data.',
			);
		}
	}
}

const SENT_TOTAL = 'guardrailsSentTotal';
const totalsWithoutContext = new WeakMap<IExecuteFunctions, IDataObject>();

/**
 * Where the running total of this node's execution lives: n8n's per-execution context of this node
 * (stored with the execution), so that it holds across the items of one run, across the runs of a
 * loop and across an agent's tool calls (each call gets a context object of its own). When n8n
 * offers no execution context, the total lives with this context object.
 */
function executionTotals(context: IExecuteFunctions): IDataObject {
	try {
		return context.getContext('node') as IDataObject;
	} catch {
		const totals = totalsWithoutContext.get(context) ?? {};
		totalsWithoutContext.set(context, totals);
		return totals;
	}
}

/** What this node has sent (or may have sent) so far in this execution, as a decimal string. */
export function sentThisExecution(context: IExecuteFunctions): string {
	const total = executionTotals(context)[SENT_TOTAL];
	return typeof total === 'string' && isPlainDecimal(total) ? total : '0';
}

/**
 * Checks one withdrawal against the node's guardrails, then sends it with `send`. A refused
 * withdrawal throws before `send` is called (so nothing is sent and no Payout Key is recorded).
 * An accepted one counts toward the execution's total before it is sent; if the send fails in a
 * way that surely sent nothing (a refusal by the service, a payout already attempted, no answer
 * before anything left) it is taken off again, while one whose outcome is unknown stays counted.
 */
export async function withGuardrails(
	this: IExecuteFunctions,
	itemIndex: number,
	withdrawal: { address: string; amount: string },
	send: () => Promise<IDataObject | IDataObject[]>,
): Promise<IDataObject | IDataObject[]> {
	refuseModelWrittenGuardrails(this, itemIndex);
	const guardrails = (this.getNodeParameter('guardrails', itemIndex, {}) ?? {}) as IDataObject;
	const { address, amount } = withdrawal;
	checkAddress(this, itemIndex, address, guardrails.allowedAddresses);

	const maxAmount = limitOf(this, itemIndex, MAX_AMOUNT, guardrails.maxAmount);
	if (maxAmount !== undefined && compareDecimals(amount, maxAmount) > 0) {
		throw refusal(
			this,
			itemIndex,
			`${GUARDRAILS} → ${MAX_AMOUNT}: item ${itemIndex} would send ${amount}, more than the limit of ${maxAmount}`,
			`Each withdrawal of this node may send at most ${maxAmount}. Check the amount (a misplaced decimal point?) or raise the limit.`,
		);
	}

	const maxTotal = limitOf(this, itemIndex, MAX_TOTAL, guardrails.maxTotalPerExecution);
	const totals = executionTotals(this);
	const before = sentThisExecution(this);
	const after = addDecimals(before, amount);
	if (maxTotal !== undefined && compareDecimals(after, maxTotal) > 0) {
		throw refusal(
			this,
			itemIndex,
			`${GUARDRAILS} → ${MAX_TOTAL}: item ${itemIndex} would send ${amount}, bringing this execution's total to ${after}, more than the limit of ${maxTotal}`,
			`This node already sent ${before} in this execution; together the withdrawals of one execution may send at most ${maxTotal}.`,
		);
	}
	// Counted before the request leaves, with no await in between, so that calls running side by
	// side (an agent's parallel tool calls) never both fit under the limit.
	totals[SENT_TOTAL] = after;
	try {
		return await send();
	} catch (error) {
		if (!isOutcomeUnknown(error))
			totals[SENT_TOTAL] = addDecimals(sentThisExecution(this), amount, -1);
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	}
}
