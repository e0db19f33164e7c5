import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { credentialTypeOf } from '../../../shared/client';
import { addressField, amountField } from '../fields';
import { readWithdrawalSpeed, withdrawalSpeedField } from './fields';
import type { ItemContext, OperationFacts, OperationResult } from '../operation';
import { onlyFor } from '../operation';
import { asText, oneOf, positiveAmount, requiredParameter, withoutEmpty } from '../validation';
import { guardrailsFields, refuseModelWrittenGuardrails, withGuardrails } from './guardrails';
import { DEFAULT_KEY_DAYS } from './payout';
import { declineOnce, payOnce } from './payoutOnce';
import { askAPerson } from './approval/ask';
import {
	approverFields,
	askAPersonFields,
	asksAPerson,
	readNoPersonLimits,
} from './approval/fields';

export const option = {
	name: 'Create',
	value: 'create',
	description:
		'Send coins from the wallet to an external address. Moves real funds: the wallet is charged the amount plus fees.',
	action: 'Withdraw coins to an address',
};

/** Withdrawals draw on one balance: one at a time, in input order, so it runs out on a predictable item. */
export const facts: OperationFacts = { apis: ['v1', 'legacy'], writes: true, oneAtATime: true };

export const endpoint: Endpoint = { v1: '/v1/wallet/withdraw', legacy: 'withdraw' };

export const properties: INodeProperties[] = [
	addressField('Destination address that receives the coins'),
	amountField(
		'Amount of the wallet coin to send; the fees are deducted from the wallet on top of it',
	),
	onlyFor('v1', withdrawalSpeedField),
	{
		displayName: 'Payout Key',
		name: 'payoutKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. order-1042',
		description: `A value unique to this payout, such as your payout ID. A key this node sent, started to send or declined is never sent again, even on Retry. Empty: the wallet, address and amount, for ${DEFAULT_KEY_DAYS} days. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#guardrails">More</a>`,
	},
	{
		displayName: 'Decision',
		name: 'decision',
		type: 'options',
		default: 'send',
		// Version 1 only: Ask a Person and Send Approved are the one way to approve from version 2.
		displayOptions: { show: { '@version': [1] } },
		description:
			"Whether this payout goes out, for workflows that set it from a person's answer. Decline records the Payout Key, so no later approval, re-run or retry sends it; the first decision recorded holds.",
		options: [
			{
				name: 'Decline (Send Nothing)',
				value: 'decline',
				description:
					'Send nothing and record the Payout Key as declined. Needs a Payout Key. Outputs the payout with sent: false.',
			},
			{ name: 'Send', value: 'send', description: 'Send the payout (within the guardrails)' },
		],
	},
	...guardrailsFields,
	...askAPersonFields,
	...approverFields,
];

const DECISIONS = ['send', 'decline'] as const;
/** Decision is version 1's: from version 2, Ask a Person and Send Approved decide. */
const decidesHere = (context: IExecuteFunctions) => context.getNode().typeVersion < 2;

/** An expression's "Decline" means decline: a decision is never lost to its case. */
const lowerCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<OperationResult> {
	const { field: ctx, itemIndex } = item;
	const address = requiredParameter(this, ctx, 'address', 'Address');
	const amount = positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex));
	const withdrawalSpeed = item.api === 'v1' ? readWithdrawalSpeed(this, ctx, itemIndex) : '';
	const payout = {
		key: asText(ctx, 'Payout Key', this.getNodeParameter('payoutKey', itemIndex, '')),
		credentialType: credentialTypeOf(item.api),
		address,
		amount,
	};
	// A decision or key the model writes is refused before either is read (a decline sends nothing,
	// but would block a payout of yours).
	refuseModelWrittenGuardrails(this, itemIndex);
	const decision = decidesHere(this)
		? oneOf(
				ctx,
				'Decision',
				lowerCase(this.getNodeParameter('decision', itemIndex, 'send')),
				DECISIONS,
			)
		: 'send';
	if (decision === 'decline') return await declineOnce.call(this, itemIndex, payout);
	const toPerson = asksAPerson(this)
		? {
				limits: readNoPersonLimits(this, itemIndex),
				ask: async (reason: string) =>
					await askAPerson.call(this, item, { ...payout, withdrawalSpeed }, reason),
			}
		: undefined;
	// The guardrails first: a refused withdrawal is neither sent nor recorded as attempted.
	return await withGuardrails.call(
		this,
		itemIndex,
		payout,
		async () =>
			await payOnce.call(
				this,
				itemIndex,
				payout,
				async () => await item.send(endpoint, withdrawalFields(item.api, payout, withdrawalSpeed)),
			),
		toPerson,
	);
}

/** What the withdrawal endpoint of `api` is sent for a payout. */
export const withdrawalFields = (
	api: ItemContext['api'],
	payout: { address: string; amount: string },
	withdrawalSpeed: string,
): IDataObject =>
	api === 'v1'
		? withoutEmpty({
				address: payout.address,
				amount: payout.amount,
				withdrawal_speed: withdrawalSpeed,
			})
		: { to_address: payout.address, amount: payout.amount };
