import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { plainDecimal } from '../../validation';
import { parseApprovers } from './approvers';

// Withdrawal → Create's "Ask a Person": which payouts go to a person instead of out. A payout above
// a no-person limit is not sent: it leaves on the node's "Ask a Person" output, recorded as waiting
// for a person under its Payout Key, and Withdrawal → Send Approved sends it once they approve.

import type { NoPersonLimit, NoPersonLimits } from '../guardrails/noPersonLimits';
import { ASK_LABELS, NO_PERSON, noPersonLabel } from '../guardrails/noPersonLimits';

export const askAPersonFields: INodeProperties[] = [
	{
		displayName: 'Ask a Person',
		name: 'askAPerson',
		type: 'options',
		noDataExpression: true,
		default: 'never',
		description: 'Whether some payouts wait for a person instead of being sent',
		options: [
			{
				name: 'Above the No-Person Limits',
				value: 'aboveLimits',
				description:
					'A payout above any limit under Sent With No Person is not sent: it goes to the Ask a Person output with a message for the person, and Withdrawal → Send Approved sends it once they approve',
			},
			{ name: 'Never', value: 'never', description: 'Send every payout the guardrails allow' },
		],
	},
	{
		displayName:
			'Payouts above these limits leave, unsent, on the Ask a Person output: connect it to an Execute Workflow node whose workflow asks with Send and Wait and ends in Withdrawal → Send Approved. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#a-person-approves">More</a>',
		name: 'askAPersonNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { askAPerson: ['aboveLimits'] } },
	},
	{
		displayName: NO_PERSON,
		name: 'noPersonLimits',
		type: 'collection',
		placeholder: 'Add Limit',
		default: {},
		displayOptions: { show: { askAPerson: ['aboveLimits'] } },
		description:
			'What this node may send with no person. A limit added here but empty or invalid fails the payout (nothing is sent or asked).',
		options: [
			{
				displayName: ASK_LABELS.maxAmount,
				name: 'maxAmount',
				type: 'string',
				default: '',
				placeholder: 'e.g. 100',
				description: 'A payout above this amount is asked about. Equal to it is sent.',
			},
			{
				displayName: ASK_LABELS.maxTotalPerDay,
				name: 'maxTotalPerDay',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1000',
				description:
					'A payout that would bring what this node sent from the wallet in the last 24 hours above this total is asked about',
			},
			{
				displayName: ASK_LABELS.maxTotalPerExecution,
				name: 'maxTotalPerExecution',
				type: 'string',
				default: '',
				placeholder: 'e.g. 500',
				description:
					'A payout that would bring what this node sent in this execution above this total is asked about',
			},
		],
	},
];

/** Who may approve, and above which amount two people must: sealed with each payout at the ask. */
export const approverFields: INodeProperties[] = [
	{
		displayName: 'Approvers',
		name: 'approvers',
		type: 'string',
		default: '',
		placeholder: 'e.g. U024BE7LH, ana@example.com',
		displayOptions: { show: { askAPerson: ['aboveLimits'] } },
		description:
			"Only these people's clicks on Approve send: Slack or Telegram user IDs, or emails, separated by commas. A link answer or anyone else declines. Empty: anyone who gets the message.",
	},
	{
		displayName: 'Two People Above',
		name: 'twoPeopleAbove',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1000',
		displayOptions: { show: { askAPerson: ['aboveLimits'] } },
		description:
			'A payout above this amount is sent only after two different people approve it, each named by their app. Empty: one approval is enough.',
	},
];

/** True when Withdrawal → Create routes payouts above the no-person limits to a person. */
export const asksAPerson = (context: IExecuteFunctions) =>
	context.getNodeParameter('askAPerson', 0, 'never') === 'aboveLimits';

/** The no-person limits set on the node, for one item; one set but unusable fails the item. */
/** The approvers list and Two People Above for one item; an unusable amount fails the item. */
export function readApproverRules(context: IExecuteFunctions, itemIndex: number) {
	const approvers = parseApprovers(
		String(context.getNodeParameter('approvers', itemIndex, '') ?? ''),
	);
	const above = String(context.getNodeParameter('twoPeopleAbove', itemIndex, '') ?? '').trim();
	const twoPeopleAbove =
		above === ''
			? undefined
			: plainDecimal(
					{ node: context.getNode(), itemIndex },
					'Two People Above',
					above,
					`Write the amount with digits and at most one dot, for example 1000, or leave it empty. Nothing was sent or asked for item ${itemIndex}.`,
				);
	return { approvers, twoPeopleAbove };
}

export function readNoPersonLimits(context: IExecuteFunctions, itemIndex: number): NoPersonLimits {
	const raw = context.getNode().parameters.noPersonLimits;
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
	const values = (context.getNodeParameter('noPersonLimits', itemIndex, {}) ?? {}) as IDataObject;
	const limits: NoPersonLimits = {};
	for (const name of Object.keys(raw).filter((key): key is NoPersonLimit => key in ASK_LABELS))
		limits[name] = plainDecimal(
			{ node: context.getNode(), itemIndex },
			noPersonLabel(name),
			values[name],
			`Write the limit with digits and at most one dot, for example 100 or 0.5, or remove it. Nothing was sent or asked for item ${itemIndex}.`,
		);
	return limits;
}
