// Who may approve a payout, as sealed at the ask (Ask a Person → Approvers), and who did: each
// approval as it is kept with the payout's decision and shown to the person.

/** Who clicked, as n8n's Slack or Telegram node says it. */
export interface Responder {
	id: string;
	source: string;
	name?: string;
	username?: string;
	email?: string;
}

/** One person's click on Approve: who (a link answer names no one), when, through which node. */
export interface Approval {
	by: Responder | { source: 'link'; name: string };
	at: string;
	node: string;
}

export const LINK_ANSWERER = 'whoever opened the link';

/** The approvers list as written (commas or lines), each entry trimmed, emails in lower case. */
export function parseApprovers(text: string): string[] {
	const entries = text
		.split(/[,\n]/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '')
		.map((entry) => (entry.includes('@') ? entry.toLowerCase() : entry));
	return [...new Set(entries)];
}

const emailOf = (responder: Responder) => responder.email?.trim().toLowerCase() || undefined;

/** The entry of the list the responder is on: their app's user id, or their email. */
function listedAs(approvers: string[], responder: Responder): string | undefined {
	const email = emailOf(responder);
	if (approvers.includes(responder.id)) return responder.id;
	return email !== undefined && approvers.includes(email) ? email : undefined;
}

/** True when the responder is on the list: by the app's user id, or by email. */
export const isListed = (approvers: string[], responder: Responder | undefined): boolean =>
	responder !== undefined && listedAs(approvers, responder) !== undefined;

/** The approval of one answer: the responder n8n gave, or the link's anonymous answerer. */
export const approvalOf = (
	responder: Responder | undefined,
	at: string | undefined,
	node: string,
): Approval => ({
	by: responder ?? { source: 'link', name: LINK_ANSWERER },
	at: at ?? new Date().toISOString(),
	node,
});

/** The answer's click as an approval record (Approve or Decline alike); none for a time-out or another answer. */
export const clickOf = (
	read: { answer: string; responder?: Responder; respondedAt?: string },
	node: string,
): Approval | undefined =>
	read.answer === 'approved' || read.answer === 'declined'
		? approvalOf(read.responder, read.respondedAt, node)
		: undefined;

/** "Ana (U123)", or "whoever opened the link". */
export function whoText(approval: Approval): string {
	const { by } = approval;
	if (by.source === 'link') return LINK_ANSWERER;
	const responder = by as Responder;
	const name = responder.name ?? responder.username ?? responder.email;
	return name ? `${name} (${responder.id})` : responder.id;
}

/**
 * The same person, for two-person approval: the same app and user id, the same email, or the same
 * entry of the Approvers list (one person clicking from two accounts of one email is one person).
 */
export function samePerson(a: Approval, b: Approval, approvers: string[] = []): boolean {
	if (a.by.source === 'link' || b.by.source === 'link') return true;
	const [first, second] = [a.by as Responder, b.by as Responder];
	if (first.source === second.source && first.id === second.id) return true;
	if (emailOf(first) !== undefined && emailOf(first) === emailOf(second)) return true;
	const entry = listedAs(approvers, first);
	return entry !== undefined && entry === listedAs(approvers, second);
}

/** "Approved by Ana (U123) at … and Ben (U456) at …" */
export const approvedByText = (approvals: Approval[]) =>
	`Approved by ${approvals.map((approval) => `${whoText(approval)} at ${approval.at}`).join(' and ')}`;
