import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sameAddress } from '../../../../shared/addresses';
import { addDecimals, compareDecimals } from '../../../../shared/decimal';
import type { Guardrails } from './fields';
import { GUARDRAILS, LABELS, fieldLabel, guardrailsSet } from './fields';

// The rules a withdrawal must pass before anything is sent. Each throws a refusal naming the rule.

/** True when the node runs as a tool (AI agent or MCP): n8n gives the tool variant the type `<node>Tool`. */
export const runsAsTool = (context: IExecuteFunctions) => context.getNode().type.endsWith('Tool');

export function refusal(
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

const listed = (addresses: string[]) =>
	addresses.length > 10
		? `${addresses.slice(0, 10).join(', ')} and ${addresses.length - 10} more`
		: addresses.join(', ');

const writtenByModel = (value: unknown) =>
	typeof value === 'string' && /\$fromai\s*\(/i.test(value);

const MODEL_WRITTEN_WHY: Record<string, string> = {
	'Payout Key':
		'A key the model chooses lets it send an attempted payout again under a new key, or decline a payout of yours. Leave the Payout Key empty (as a tool, one withdrawal per address in 7 days), or write an expression that reads it from your own data.',
	Decision:
		"A decision the model makes is not a person's. Leave Decision on Send (a review node between the tool and the agent lets a person decide), or write an expression that reads it from your own data.",
	limit:
		'A limit the model chooses does not limit the model. Write the value itself, or an expression that reads it from your own data.',
};

/**
 * A guardrail the model fills in (`$fromAI()`) guards nothing, a Payout Key it fills in lets it
 * make an attempted payout look new, and a Decision it fills in is not a person's: the node refuses
 * to run with any of them.
 */
export function refuseModelWrittenGuardrails(context: IExecuteFunctions, itemIndex: number) {
	const parameters = context.getNode().parameters;
	const raw = parameters.guardrails as Record<string, unknown>;
	const label = guardrailsSet(context)
		.filter((name) => writtenByModel(raw[name]))
		.map(fieldLabel)
		.concat(writtenByModel(parameters.payoutKey) ? ['Payout Key'] : [])
		.concat(writtenByModel(parameters.decision) ? ['Decision'] : [])
		.concat(writtenByModel(parameters.approvers) ? ['Approvers'] : [])
		.concat(writtenByModel(parameters.twoPeopleAbove) ? ['Two People Above'] : [])
		.concat(
			Object.values((parameters.noPersonLimits ?? {}) as Record<string, unknown>).some(
				writtenByModel,
			)
				? ['Sent With No Person']
				: [],
		)[0];
	if (label === undefined) return;
	throw refusal(
		context,
		itemIndex,
		`${label}: may not be filled in by the AI model ($fromAI)`,
		MODEL_WRITTEN_WHY[label] ?? MODEL_WRITTEN_WHY.limit,
	);
}

/** As a tool, a withdrawal needs an allow-list and a daily total, so a model or a caller cannot drain the wallet. */
export function requireToolGuardrails(
	context: IExecuteFunctions,
	itemIndex: number,
	guardrails: Guardrails,
	address: string,
) {
	if (!runsAsTool(context)) return;
	const missing = (['allowedAddresses', 'maxTotalPerDay'] as const).filter(
		(name) => guardrails[name] === undefined,
	);
	if (missing.length === 0) return;
	throw refusal(
		context,
		itemIndex,
		`This tool sends nothing until ${missing.map(fieldLabel).join(' and ')} ${missing.length === 1 ? 'is' : 'are'} set; it did not send to ${address}`,
		`As a tool of an AI agent or an MCP client, Withdrawal → Create needs ${GUARDRAILS} → ${LABELS.allowedAddresses} and ${LABELS.maxTotalPerDay}, so that a model, an instruction hidden in what it reads, or whoever can call the tool cannot choose where the coins go nor drain the wallet one call at a time. Set them to fixed values.`,
	);
}

export function checkAddress(
	context: IExecuteFunctions,
	itemIndex: number,
	address: string,
	allowed: string[] | undefined,
) {
	if (allowed === undefined || allowed.some((entry) => sameAddress(entry, address))) return;
	if (runsAsTool(context)) {
		throw refusal(
			context,
			itemIndex,
			`This tool may only send to the addresses listed under ${fieldLabel('allowedAddresses')}; ${address} is not one of them`,
			`The allowed addresses are: ${listed(allowed)}.`,
		);
	}
	throw refusal(
		context,
		itemIndex,
		`${fieldLabel('allowedAddresses')}: item ${itemIndex} would send to ${address}, which is not one of the ${allowed.length} allowed address${allowed.length === 1 ? '' : 'es'}`,
		`The allowed addresses are: ${listed(allowed)}. If ${address} is right, add it there; otherwise fix the item's address.`,
	);
}

export function checkMaxAmount(
	context: IExecuteFunctions,
	itemIndex: number,
	amount: string,
	maxAmount: string | undefined,
) {
	if (maxAmount === undefined || compareDecimals(amount, maxAmount) <= 0) return;
	throw refusal(
		context,
		itemIndex,
		`${fieldLabel('maxAmount')}: item ${itemIndex} would send ${amount}, more than the limit of ${maxAmount}`,
		`Each withdrawal of this node may send at most ${maxAmount}. Check the amount (a misplaced decimal point?) or raise the limit.`,
	);
}

/** True when `amount` added to `before` stays within `limit` (no limit: always). */
export const fitsUnder = (limit: string | undefined, amount: string) => (before: string) =>
	limit === undefined || compareDecimals(addDecimals(before, amount), limit) <= 0;

export function executionTotalExceeded(
	context: IExecuteFunctions,
	itemIndex: number,
	amount: string,
	before: string,
	limit: string,
) {
	return refusal(
		context,
		itemIndex,
		`${fieldLabel('maxTotalPerExecution')}: item ${itemIndex} would send ${amount}, bringing this execution's total to ${addDecimals(before, amount)}, more than the limit of ${limit}`,
		`This node already sent ${before} in this execution; together the withdrawals of one execution may send at most ${limit}.`,
	);
}

export function dayTotalExceeded(
	context: IExecuteFunctions,
	itemIndex: number,
	amount: string,
	spent: string,
	limit: string,
) {
	const left = addDecimals(limit, spent, -1);
	return refusal(
		context,
		itemIndex,
		`${fieldLabel('maxTotalPerDay')}: item ${itemIndex} would send ${amount}, but ${spent} of the ${limit} allowed in 24 hours was already sent; ${left} is left`,
		'The total counts every withdrawal of this wallet through this node in the last 24 hours (executions, agent and MCP tool calls), including those whose outcome is unknown. Wait until earlier withdrawals are more than 24 hours old, or raise the limit.',
	);
}

export function dayTotalUnavailable(context: IExecuteFunctions, itemIndex: number, why: string) {
	return refusal(
		context,
		itemIndex,
		`${fieldLabel('maxTotalPerDay')}: the total of the last 24 hours cannot be checked: ${why}`,
		'Without it the limit cannot hold, so nothing is sent (fail closed).',
	);
}
