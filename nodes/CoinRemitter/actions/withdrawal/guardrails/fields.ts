import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { plainDecimal } from '../../validation';

// The Guardrails collection of Withdrawal → Create: its fields, and reading what is set. A field
// left out of the collection means "no guardrail"; a field added to it (an expression included)
// must give a usable value, or the item is refused: a guardrail never switches itself off.

export const GUARDRAILS = 'Guardrails';
export const LABELS = {
	allowedAddresses: 'Allowed Addresses',
	maxAmount: 'Maximum Amount',
	maxTotalPerExecution: 'Maximum Total per Execution',
	maxTotalPerDay: 'Maximum Total per Day',
} as const;
export type GuardrailName = keyof typeof LABELS;

export const fieldLabel = (name: GuardrailName) => `${GUARDRAILS} → ${LABELS[name]}`;

/** The Guardrails collection of Withdrawal → Create, and a notice shown only when the node is a tool. */
export const guardrailsFields: INodeProperties[] = [
	{
		displayName: `As a tool of an AI agent or MCP client, this node sends nothing unless ${GUARDRAILS} → ${LABELS.allowedAddresses} and ${LABELS.maxTotalPerDay} are set. Use fixed values: one read from $json is only as trustworthy as whatever wrote that item. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#guardrails">More</a>`,
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
			'Limits checked before anything is sent: a withdrawal that breaks one fails and nothing is sent. One added but empty or invalid fails too; remove it for no limit. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#guardrails">More</a>',
		options: [
			{
				displayName: LABELS.allowedAddresses,
				name: 'allowedAddresses',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				placeholder: 'e.g. TXyz…, 0xAb…',
				description:
					'The only destinations this node may send to, separated by commas, spaces or new lines. EVM addresses (0x…) match in any letter case, others exactly. Required when the node is a tool of an AI agent or an MCP client.',
			},
			{
				displayName: LABELS.maxAmount,
				name: 'maxAmount',
				type: 'string',
				default: '',
				placeholder: 'e.g. 50',
				description:
					'The most one withdrawal may send, as a plain decimal in the wallet coin. Equal to it is allowed; anything above fails.',
			},
			{
				displayName: LABELS.maxTotalPerDay,
				name: 'maxTotalPerDay',
				type: 'string',
				default: '',
				placeholder: 'e.g. 500',
				description:
					'The most this node may send from the wallet in any 24 hours, across executions, tool calls and restarts; an unknown outcome stays counted. Required as a tool. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#guardrails">More</a>',
			},
			{
				displayName: LABELS.maxTotalPerExecution,
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

/** The guardrails set on the node, read for one item. Absent: not set. */
export interface Guardrails {
	allowedAddresses?: string[];
	maxAmount?: string;
	maxTotalPerExecution?: string;
	maxTotalPerDay?: string;
}

/** Addresses written separated by commas, spaces or new lines (or given as a list by an expression). */
export function parseAddressList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((entry) => String(entry ?? '')) : [value];
	return parts
		.flatMap((part) => String(part ?? '').split(/[\s,]+/))
		.map((address) => address.trim())
		.filter((address) => address !== '');
}

/** The names of the guardrails added to the collection, whatever they evaluate to. */
export function guardrailsSet(context: IExecuteFunctions): GuardrailName[] {
	const raw = context.getNode().parameters.guardrails;
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
	return Object.keys(raw).filter((name): name is GuardrailName => name in LABELS);
}

function unusable(context: IExecuteFunctions, itemIndex: number, name: GuardrailName, why: string) {
	return new NodeOperationError(context.getNode(), `${fieldLabel(name)}: ${why}`, {
		itemIndex,
		description: `A guardrail that is set must give a value; it never means "no limit". Fix the value (or the expression and the data it reads), or remove the guardrail from ${GUARDRAILS} for no limit. Nothing was sent for item ${itemIndex}.`,
	});
}

const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && value.trim() === '') ||
	(Array.isArray(value) && value.length === 0);

function readAddresses(context: IExecuteFunctions, itemIndex: number, value: unknown) {
	const listLike =
		typeof value === 'string' ||
		(Array.isArray(value) && value.every((entry) => typeof entry === 'string'));
	if (!listLike)
		throw unusable(
			context,
			itemIndex,
			'allowedAddresses',
			`expected addresses but got ${Array.isArray(value) ? 'a list that is not all text' : typeof value}`,
		);
	const addresses = parseAddressList(value);
	if (addresses.length === 0)
		throw unusable(context, itemIndex, 'allowedAddresses', 'is set but lists no address');
	return addresses;
}

function readLimit(
	context: IExecuteFunctions,
	itemIndex: number,
	name: GuardrailName,
	value: unknown,
) {
	return plainDecimal(
		{ node: context.getNode(), itemIndex },
		fieldLabel(name),
		value,
		`Write the limit with digits and at most one dot, for example 50 or 0.015 (no thousands separator, no comma, no exponent), or remove the guardrail for no limit. Nothing was sent for item ${itemIndex}.`,
	);
}

/** Reads the guardrails set on the node for one item; one that is set but unusable refuses the item. */
export function readGuardrails(context: IExecuteFunctions, itemIndex: number): Guardrails {
	const set = guardrailsSet(context);
	if (set.length === 0) return {};
	const values = (context.getNodeParameter('guardrails', itemIndex, {}) ?? {}) as IDataObject;
	const guardrails: Guardrails = {};
	for (const name of set) {
		const value = values[name];
		if (isEmpty(value)) throw unusable(context, itemIndex, name, 'is set but empty');
		if (name === 'allowedAddresses')
			guardrails.allowedAddresses = readAddresses(context, itemIndex, value);
		else guardrails[name] = readLimit(context, itemIndex, name, value);
	}
	return guardrails;
}
