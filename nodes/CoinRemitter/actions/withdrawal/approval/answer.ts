import type { IDataObject } from 'n8n-workflow';

import { looksAsked } from './askedPayout';

// What a person answered, read from the item an n8n Send and Wait node set to Approval outputs
// (Slack, Email, Gmail, Telegram, Teams, Discord...). A click on its approve or decline button gives
// exactly `{ data: { approved: true | false } }` (n8n 2.x adds the time, `respondedAt`); when Limit
// Wait Time runs out first, n8n passes the node's input on unchanged. Only the exact approval shape
// approves: anything else is not a yes.

export type Answer = 'approved' | 'declined' | 'timedOut' | 'notAnApproval';

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const exactly = (json: IDataObject, approved: boolean) => {
	const data = json.data;
	if (Object.keys(json).length !== 1 || !isObject(data) || data.approved !== approved) return false;
	const onlyApprovalKeys = Object.keys(data).every(
		(name) => name === 'approved' || name === 'respondedAt',
	);
	return (
		onlyApprovalKeys && (data.respondedAt === undefined || typeof data.respondedAt === 'string')
	);
};

/** The person's answer in `json`, the whole item a Send and Wait node output. */
export function readAnswer(json: unknown): Answer {
	if (!isObject(json)) return 'notAnApproval';
	if (exactly(json, true)) return 'approved';
	if (exactly(json, false)) return 'declined';
	// The asked payout itself, passed on by a Send and Wait node whose Limit Wait Time ran out.
	if (looksAsked(json)) return 'timedOut';
	return 'notAnApproval';
}
