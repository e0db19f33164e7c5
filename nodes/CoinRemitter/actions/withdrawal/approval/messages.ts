import type { Approval } from './approvers';
import { approvedByText } from './approvers';
import type { AskedPayout } from './askedPayout';

// What the person is told, in words: the question, and what became of the payout after their
// answer. One place, so that every Send and Wait and message node shows the same words.

const what = (payout: AskedPayout) =>
	`${payout.amount} ${payout.coin} to ${payout.address} (Payout Key "${payout.payoutKey}")`;

/** The question: exactly what is sent, where, from which wallet, under which key, and why it asks. */
export function askMessage(payout: AskedPayout, reason: string): string {
	const wallet = payout.walletName ? ` from the wallet ${payout.walletName}` : '';
	return `Send ${payout.amount} ${payout.coin} to ${payout.address}${wallet}? Payout Key "${payout.payoutKey}". It needs a person: ${reason}. Approve sends exactly this, once. Decline, or no answer in time, sends nothing.`;
}

/** What became of an asked payout, as Withdrawal → Send Approved outputs it (`outcome`). */
export type ApprovalOutcome =
	| 'sent'
	| 'declined'
	| 'timedOut'
	| 'notAnApproval'
	| 'declinedBefore'
	| 'alreadyAttempted'
	| 'notWaiting'
	| 'notAnApprover'
	| 'samePersonTwice'
	| 'secondPersonAsked'
	| 'refused'
	| 'notSent'
	| 'unknown';

const CAPTURE_RESPONDER =
	"To name who clicks, turn on Capture Who Responded in Slack's Send and Wait options, or approval in the chat in Telegram's (n8n 2.x).";

/** The question for the second person: who approved first, then the payout as the first was asked. */
export const secondAskMessage = (payout: AskedPayout, reason: string) =>
	`${approvedByText(payout.approvals)}. A second person must approve. ${askMessage(payout, reason)}`;

const CHECK_FIRST =
	"Check the wallet's transactions in the CoinRemitter dashboard before anything else.";

/** The message for the person once the payout's answer was acted on. */
export function outcomeMessage(
	outcome: ApprovalOutcome,
	payout: AskedPayout,
	detail: { id?: unknown; txid?: unknown; why?: string; approvals?: Approval[] } = {},
): string {
	const payoutText = what(payout);
	switch (outcome) {
		case 'sent':
			return `${payoutText}: sent. ${approvedByText(detail.approvals ?? [])}. CoinRemitter transaction id ${String(detail.id)}, blockchain txid ${String(detail.txid)}.`;
		case 'notAnApprover':
		case 'samePersonTwice':
			return `${payoutText}: not sent: ${detail.why ?? ''} It counts as a decline and stays declined. ${CAPTURE_RESPONDER}`;
		case 'secondPersonAsked':
			return `${payoutText}: ${approvedByText(detail.approvals ?? [])}. A second person must approve it.`;
		case 'declined':
			return `${payoutText}: declined. Nothing was sent, and it stays declined.`;
		case 'timedOut':
			return `${payoutText}: no answer came in time. Nothing was sent, and it stays declined.`;
		case 'notAnApproval':
			return `${payoutText}: the answer was not a click on Approve, so it counts as a decline. Nothing was sent, and it stays declined.`;
		case 'declinedBefore':
			return `${payoutText}: not sent: it was declined before, and the first decision holds.`;
		case 'alreadyAttempted':
			return `${payoutText}: not sent now: it was already sent, or started to be (another run, workflow or copy). ${CHECK_FIRST}`;
		case 'refused':
			return `${payoutText}: not sent: a guardrail refused it: ${detail.why ?? ''}`;
		case 'notSent':
			return `${payoutText}: not sent: CoinRemitter refused it: ${detail.why ?? ''}`;
		case 'unknown':
			return `${payoutText}: MAY HAVE BEEN SENT: the outcome is unknown. ${CHECK_FIRST}`;
		case 'notWaiting':
			return `Payout Key "${payout.payoutKey}": nothing was sent: ${detail.why ?? ''}`;
	}
}
