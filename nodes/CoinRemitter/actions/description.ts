import type { INodeProperties } from 'n8n-workflow';

import * as address from './address/Address.resource';
import * as invoice from './invoice/Invoice.resource';
import type { Resource } from './operation';
import { requestOptionsField } from './options';
import * as rate from './rate/Rate.resource';
import * as transaction from './transaction/Transaction.resource';
import * as wallet from './wallet/Wallet.resource';
import * as withdrawal from './withdrawal/Withdrawal.resource';

/** Every resource, in the order the Resource dropdown lists them. */
export const resources: Resource[] = [
	address.resource,
	invoice.resource,
	rate.resource,
	transaction.resource,
	wallet.resource,
	withdrawal.resource,
];

const apiVersionField: INodeProperties = {
	displayName: 'API Version',
	name: 'apiVersion',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'V1 (Current)',
			value: 'v1',
			description:
				'The current CoinRemitter API, authenticated with the wallet API key and password',
		},
		{
			name: 'Legacy V2/V3 (Deprecated)',
			value: 'legacy',
			description:
				"CoinRemitter's per-coin legacy API, announced discontinued after 30 June 2025; whether it still answers is unknown",
		},
	],
	default: 'v1',
	description: 'Which CoinRemitter API the node calls; each has its own credential',
};

const legacyNotice: INodeProperties = {
	displayName:
		'CoinRemitter announced the legacy v2/v3 API discontinued after 30 June 2025; whether it still answers is unknown. Move this node to V1 (Current) when you can.',
	name: 'legacyNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { apiVersion: ['legacy'] } },
};

/**
 * The Resource dropdown, one for both API versions (they have the same six resources). One, not one
 * per version: n8n's node creator pairs each Resource option with the first Operation dropdown shown
 * for it, so a second Resource dropdown listed every v1 action a second time.
 */
const resourceField: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources.map(({ name, value }) => ({ name, value })),
	default: 'wallet',
};

/** The node's parameters: API version, resource, each resource's operations and fields, options. */
export const properties: INodeProperties[] = [
	apiVersionField,
	legacyNotice,
	resourceField,
	...resources.flatMap((resource) => resource.description),
	requestOptionsField,
];

/**
 * The node's subtitle: the names the dropdowns show ("Get Balance: Wallet"), "(legacy)" for the legacy
 * API, instead of the internal values. Arrays rather than an object literal: braces inside `{{ }}`
 * are not safe in every n8n expression engine.
 */
export function subtitleExpression(): string {
	const keys: string[] = [];
	const labels: string[] = [];
	for (const resource of resources) {
		for (const { option } of resource.operations) {
			const key = `${resource.value}:${option.value}`;
			if (keys.includes(key)) continue;
			keys.push(key);
			labels.push(`${option.name}: ${resource.name}`);
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ (${JSON.stringify(labels)}[${JSON.stringify(keys)}.indexOf(${key})] || ${key}) + ($parameter["apiVersion"] === "legacy" ? " (legacy)" : "") }}`;
}

/**
 * The node's outputs, from its parameters: Withdrawal → Create that asks a person has "Sent" and
 * "Ask a Person", Withdrawal → Check Funds has "Covered" and "Not Covered", Withdrawal → Send
 * Approved has "Outcome" and "Ask a Second Person"; every other operation one. Plain JavaScript in a string: n8n evaluates it in the editor and the engine.
 */
export const OUTPUTS_EXPRESSION: `={{${string}}}` = `={{(${[
	'function (p) {',
	"  var main = function (name) { return { type: 'main', displayName: name }; };",
	"  if (p.resource === 'invoice' && p.operation === 'refund' && p.askAPerson === 'aboveLimits') return [main('Sent'), main('Ask a Person')];",
	"  if (p.resource !== 'withdrawal') return ['main'];",
	"  if (p.operation === 'create' && p.askAPerson === 'aboveLimits') return [main('Sent'), main('Ask a Person')];",
	"  if (p.operation === 'checkFunds') return [main('Covered'), main('Not Covered')];",
	"  if (p.operation === 'sendApproved') return [main('Outcome'), main('Ask a Second Person')];",
	"  return ['main'];",
	'}',
].join('\n')})($parameter)}}`;
