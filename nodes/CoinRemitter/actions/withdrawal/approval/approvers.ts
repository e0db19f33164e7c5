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

/** True when the responder is on the list: by the app's user id, or by email. */
export function isListed(approvers: string[], responder: Responder | undefined): boolean {
	if (!responder) return false;
	const email = responder.email?.trim().toLowerCase();
	return approvers.includes(responder.id) || (email !== undefined && approvers.includes(email));
}

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

/** "Ana (U123)", or "whoever opened the link". */
export function whoText(approval: Approval): string {
	const { by } = approval;
	if (by.source === 'link') return LINK_ANSWERER;
	const responder = by as Responder;
	const name = responder.name ?? responder.username ?? responder.email;
	return name ? `${name} (${responder.id})` : responder.id;
}

/** The same person, for two-person approval: the same app and the same user id. */
export const samePerson = (a: Approval, b: Approval) =>
	a.by.source !== 'link' &&
	a.by.source === b.by.source &&
	(a.by as Responder).id === (b.by as Responder).id;

/** "Approved by Ana (U123) at … and Ben (U456) at …" */
export const approvedByText = (approvals: Approval[]) =>
	`Approved by ${approvals.map((approval) => `${whoText(approval)} at ${approval.at}`).join(' and ')}`;
