import type { IDataObject } from 'n8n-workflow';

import type { Responder } from './approvers';
import { looksAsked } from './askedPayout';

// What a person answered, read from the item an n8n Send and Wait node set to Approval outputs.
// A click gives `{ data: { approved: true | false, ... } }` and nothing else beside `data`:
// - a link (Email, Gmail, Slack or Telegram link buttons...): `approved`, and on n8n 2.x
//   `respondedAt` (utils/sendAndWait/utils.js);
// - Slack with Capture Who Responded (n8n 2.x, Slack/V2/SlackHitlWebhook.js): also `responder`
//   { id, name?, username?, email?, source: 'slack' }, `channel` and `messageId` (strings);
// - Telegram with approval in the chat (n8n 2.x, Telegram/hitl/webhook.js): also `responder`
//   { id, name?, username?, source: 'telegram' }, `chatId` and `messageId` (numbers).
// When Limit Wait Time runs out first, n8n passes the node's input on unchanged. Only these shapes,
// with these types, count as a click: anything else is not a yes.

export type Answer = 'approved' | 'declined' | 'timedOut' | 'notAnApproval';

export interface ReadAnswer {
	answer: Answer;
	/** Only for an interactive click: a link answer says nothing of who opened it. */
	responder?: Responder;
	respondedAt?: string;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown) => typeof value === 'string';
const isId = (value: unknown) => typeof value === 'string' || typeof value === 'number';
const optional = (check: (value: unknown) => boolean) => (value: unknown) =>
	value === undefined || check(value);

/** Each field n8n's answers carry beside `approved`, and the type n8n gives it. */
const ANSWER_FIELDS: Record<string, (value: unknown) => boolean> = {
	respondedAt: isText,
	responder: (value) => readResponder(value) !== undefined,
	channel: isText,
	chatId: isId,
	messageId: isId,
};

const RESPONDER_FIELDS: Record<string, (value: unknown) => boolean> = {
	id: (value) => typeof value === 'string' && value.trim() !== '',
	source: (value) => typeof value === 'string' && value.trim() !== '',
	name: optional(isText),
	username: optional(isText),
	email: optional(isText),
};

function readResponder(value: unknown): Responder | undefined {
	if (!isObject(value)) return undefined;
	const known = Object.keys(value).every((name) => name in RESPONDER_FIELDS);
	const typed = Object.entries(RESPONDER_FIELDS).every(([name, check]) => check(value[name]));
	return known && typed ? (value as unknown as Responder) : undefined;
}

/** `data` of a click, if `json` is exactly one: `{ data }` with `approved` and n8n's own fields. */
function clickData(json: IDataObject): IDataObject | undefined {
	const data = json.data;
	if (Object.keys(json).length !== 1 || !isObject(data) || typeof data.approved !== 'boolean')
		return undefined;
	const fieldsAsN8nGives = Object.entries(data).every(
		([name, value]) => name === 'approved' || ANSWER_FIELDS[name]?.(value) === true,
	);
	return fieldsAsN8nGives ? data : undefined;
}

/** The person's answer in `json`, the whole item a Send and Wait node output. */
export function readAnswer(json: unknown): ReadAnswer {
	if (!isObject(json)) return { answer: 'notAnApproval' };
	const data = clickData(json);
	if (data)
		return {
			answer: data.approved ? 'approved' : 'declined',
			responder: readResponder(data.responder),
			respondedAt: data.respondedAt as string | undefined,
		};
	// The asked payout itself, passed on by a Send and Wait node whose Limit Wait Time ran out.
	if (looksAsked(json)) return { answer: 'timedOut' };
	return { answer: 'notAnApproval' };
}
