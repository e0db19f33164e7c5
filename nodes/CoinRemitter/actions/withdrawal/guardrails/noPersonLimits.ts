// The limits under Ask a Person → Sent With No Person: what Withdrawal → Create may send with no
// person. The guardrails weigh a payout against them; approval/ reads them from the node.

export const ASK_LABELS = {
	maxAmount: 'Most per Payout',
	maxTotalPerExecution: 'Most per Execution',
	maxTotalPerDay: 'Most per Day',
} as const;
export type NoPersonLimit = keyof typeof ASK_LABELS;
export type NoPersonLimits = Partial<Record<NoPersonLimit, string>>;

export const NO_PERSON = 'Sent With No Person';
export const noPersonLabel = (name: NoPersonLimit) => `${NO_PERSON} → ${ASK_LABELS[name]}`;
