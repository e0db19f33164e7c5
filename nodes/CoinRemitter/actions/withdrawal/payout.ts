// A payout as every Withdrawal operation names it, and the words its refusals share.

/**
 * How long the default key (no Payout Key) remembers a payout: the UTC day it was sent and the
 * days after it, this many in all. n8n's Retry of a failed run within that time never pays an item
 * of it again; the same amount to the same address is refused until then.
 */
export const DEFAULT_KEY_DAYS = 7;

export interface Payout {
	/** The user's Payout Key, or empty for the default (wallet, address, amount, within DEFAULT_KEY_DAYS). */
	key: string;
	credentialType: string;
	address: string;
	amount: string;
}

/** The Payout Key of an invoice's n-th refund (Invoice → Refund): the invoice's refunds count it. */
export const refundKey = (invoiceId: string, n: number) => `refund:${invoiceId}:${n}`;
export const isRefundKey = (key: string) => key.startsWith('refund:');

export const PERSON_CHECKS = `Do not send it again, under any amount: a person must first check the wallet's transactions in the CoinRemitter dashboard, and send it by hand if it was not made.`;
