import type { IExecuteFunctions } from 'n8n-workflow';

import { canonicalDecimal } from '../../../shared/decimal';
import { runsAsTool } from './guardrails';
import { PayoutRefused } from './outcome';
import type { Payout } from './payout';
import { DEFAULT_KEY_DAYS, PERSON_CHECKS } from './payout';

// Why a payout was refused because of what was recorded for its key before: nothing was sent now.

export function declinedBefore(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	return new PayoutRefused(
		context.getNode(),
		`This payout was declined (Payout Key "${payout.key}"), so it was not sent`,
		{
			itemIndex,
			description: `A Withdrawal node on this wallet with Decision set to Decline recorded this Payout Key first, for example a person declined it, or its approval timed out. The first decision recorded holds. To pay it after all, send it under a Payout Key that was never used (for example "${payout.key}-2").`,
		},
		'declined',
	);
}

export function waitingForPerson(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	return new PayoutRefused(
		context.getNode(),
		`A person was asked about this payout (Payout Key "${payout.key}"), so it is not sent here`,
		{
			itemIndex,
			description:
				'A Withdrawal node on this wallet with Ask a Person sent this payout to a person. Only their click on Approve sends it, through Withdrawal → Send Approved, once; a decline, or no answer in time, keeps it unsent. To pay it another way, send it under a Payout Key that was never used.',
		},
		'waitingForPerson',
	);
}

export function askedBefore(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	return new PayoutRefused(
		context.getNode(),
		`A person was already asked about this payout (Payout Key "${payout.key}"), so they are not asked again`,
		{
			itemIndex,
			description: `Their answer decides it, once, through Withdrawal → Send Approved: look for that run's message. To pay it after a decline or a time-out, send it under a Payout Key that was never used (for example "${payout.key}-2").`,
		},
		'waitingForPerson',
	);
}

export function sentBeforeDecline(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	return new PayoutRefused(
		context.getNode(),
		`This payout was already sent, or started to be, before this decline (Payout Key "${payout.key}"): the decline changes nothing`,
		{
			itemIndex,
			description:
				"A Withdrawal node on this wallet recorded it as sent, or being sent, before the decline came. Check whether it went out: that run's Withdraw output, or the wallet's transactions in the CoinRemitter dashboard.",
		},
		'alreadyAttempted',
	);
}

export function alreadyAttempted(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	const node = context.getNode();
	if (runsAsTool(context) && !payout.key)
		return new PayoutRefused(
			node,
			`A withdrawal to ${payout.address} was already attempted through this tool in the last ${DEFAULT_KEY_DAYS} days, so nothing was sent now`,
			{
				itemIndex,
				description: `${PERSON_CHECKS} As a tool, one withdrawal per address is allowed in ${DEFAULT_KEY_DAYS} days (UTC), whatever the amount, unless the workflow sets the Payout Key.`,
			},
			'alreadyAttempted',
		);
	const which = payout.key
		? `Payout Key "${payout.key}"`
		: `${canonicalDecimal(payout.amount)} to ${payout.address.trim()} in the last ${DEFAULT_KEY_DAYS} days`;
	const message = `This withdrawal was already attempted (${which}), so it was not sent again`;
	if (runsAsTool(context))
		return new PayoutRefused(
			node,
			message,
			{ itemIndex, description: PERSON_CHECKS },
			'alreadyAttempted',
		);
	const description = `A Withdrawal node on this wallet already sent this payout, or started to (an earlier or retried run, another workflow or a copy), so nothing was sent now. Check the wallet's transactions in the CoinRemitter dashboard; send a new payout under a Payout Key never used before.`;
	return new PayoutRefused(node, message, { itemIndex, description }, 'alreadyAttempted');
}
