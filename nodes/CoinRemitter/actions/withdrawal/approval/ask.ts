import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { legacyWallet } from '../../../../shared/client';
import { compareDecimals } from '../../../../shared/decimal';
import type { ItemContext } from '../../operation';
import { ToOutput } from '../../operation';
import { walletOfRun } from '../../wallet/walletOfRun';
import { refusal, runsAsTool } from '../guardrails';
import type { Payout } from '../payout';
import { askOnce } from '../payoutOnce';
import type { AskedPayout } from './askedPayout';
import { askedPayoutItem } from './askedPayout';
import { readApproverRules } from './fields';
import { askMessage } from './messages';

/** The output of Withdrawal → Create that payouts waiting for a person leave on. */
export const ASK_OUTPUT = 1;

/** The wallet's coin and name, as the person is shown them: read from the wallet itself. */
async function walletShown(context: IExecuteFunctions, item: ItemContext) {
	const balance = await walletOfRun(context, item);
	const coin =
		item.api === 'v1'
			? String(balance.coin_symbol ?? '')
			: (await legacyWallet.call(context, item.itemIndex)).coin;
	return { coin, walletName: String(balance.wallet_name ?? '') };
}

/** Line breaks and control characters: a person's message shows each field as written. */
const unshowable = (text: string) =>
	[...text].some((char) => {
		const code = char.charCodeAt(0);
		return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
	});
const LONGEST_KEY = 100;

/** The Payout Key and the address go into the person's message: only what shows as it is. */
function requireShowable(context: IExecuteFunctions, itemIndex: number, payout: Payout) {
	for (const [label, value, longest] of [
		['Payout Key', payout.key, LONGEST_KEY],
		['Address', payout.address, Infinity],
	] as const)
		if (unshowable(value) || value.length > longest)
			throw new NodeOperationError(
				context.getNode(),
				`${label}: cannot be shown to a person as written (line breaks, control characters${longest === Infinity ? '' : `, or over ${longest} characters`})`,
				{
					itemIndex,
					description:
						'The person sees the Payout Key and the address in their message exactly as written, so that nothing in them can pass for another question. Nothing was sent or asked.',
				},
			);
}

/**
 * Sends the payout to a person instead of out: records it as waiting for a person under its Payout
 * Key (the wallet's, like every payout record), then gives the item for the Ask a Person output:
 * the payout, sealed, with the message for the person (after `about`, when given).
 */
export async function askAPerson(
	this: IExecuteFunctions,
	item: ItemContext,
	payout: Payout & { withdrawalSpeed: string },
	reason: string,
	/** What the person is told first about where the payout comes from (a refund's invoice). */
	about = '',
): Promise<ToOutput> {
	if (runsAsTool(this))
		throw refusal(
			this,
			item.itemIndex,
			`This withdrawal needs a person (${reason}), and a tool cannot ask one: nothing was sent`,
			"Put n8n's human review between this tool and the agent, or raise the limits under Sent With No Person.",
		);
	requireShowable(this, item.itemIndex, payout);
	const { approvers, twoPeopleAbove } = readApproverRules(this, item.itemIndex);
	const { coin, walletName } = await walletShown(this, item);
	await askOnce.call(this, item.itemIndex, payout);
	const asked: AskedPayout = {
		payoutKey: payout.key,
		address: payout.address,
		amount: payout.amount,
		coin,
		walletName,
		withdrawalSpeed: payout.withdrawalSpeed,
		api: item.api,
		approvers,
		approvalsNeeded:
			twoPeopleAbove !== undefined && compareDecimals(payout.amount, twoPeopleAbove) > 0 ? 2 : 1,
		approvals: [],
	};
	const json = await askedPayoutItem(this, asked, item.itemIndex, {
		reason,
		message: `${about ? `${about} ` : ''}${askMessage(asked, reason)}`,
	});
	return new ToOutput(ASK_OUTPUT, json);
}
