// Every answer n8n's own Send and Wait nodes give for a click, on each line the package supports,
// with each field of the type n8n gives it (n8n-nodes-base's sources: utils/sendAndWait/utils.js,
// Slack/V2/SlackHitlWebhook.js, Telegram/hitl/webhook.js). Anything else is not a click.
import type { IDataObject } from 'n8n-workflow';

import { readAnswer } from '../../../../../../nodes/CoinRemitter/actions/withdrawal/approval/answer';

const AT = '2026-12-06T10:00:00.000Z';
const SLACK_RESPONDER = {
	id: 'U024BE7LH',
	name: 'ana',
	username: 'ana',
	source: 'slack',
	email: 'ana@example.com',
};
const TELEGRAM_RESPONDER = { id: '4242', username: 'ana_b', name: 'Ana B', source: 'telegram' };

describe('an answer n8n gives for a click', () => {
	it.each([
		['n8n 1.x, any app: a link', { data: { approved: true } }, undefined],
		['n8n 2.x, any app: a link', { data: { approved: true, respondedAt: AT } }, undefined],
		[
			'n8n 2.x, Slack with Capture Who Responded',
			{
				data: {
					approved: true,
					responder: SLACK_RESPONDER,
					respondedAt: AT,
					channel: 'C0PAYOUTS',
					messageId: '1733476800.000100',
				},
			},
			SLACK_RESPONDER,
		],
		[
			'n8n 2.x, Slack, no email scope and no channel',
			{
				data: {
					approved: true,
					responder: { id: 'U1', name: 'bo', source: 'slack' },
					respondedAt: AT,
				},
			},
			{ id: 'U1', name: 'bo', source: 'slack' },
		],
		[
			'n8n 2.x, Telegram approval in the chat',
			{
				data: {
					approved: true,
					responder: TELEGRAM_RESPONDER,
					chatId: -1001234567890,
					messageId: 77,
					respondedAt: AT,
				},
			},
			TELEGRAM_RESPONDER,
		],
		[
			'n8n 2.x, Telegram, a tap with no sender',
			{ data: { approved: true, chatId: 5, messageId: 6, respondedAt: AT } },
			undefined,
		],
	])('%s: approved, with who n8n says clicked', (_, json, responder) => {
		expect(readAnswer(json)).toEqual({
			answer: 'approved',
			responder,
			respondedAt: (json.data as IDataObject).respondedAt,
		});
		const declined = { data: { ...json.data, approved: false } };
		expect(readAnswer(declined).answer).toBe('declined');
	});

	it.each([
		['a responder id as a number', { responder: { id: 42, source: 'telegram' } }],
		['a responder with no id', { responder: { name: 'ana', source: 'slack' } }],
		['an empty responder id', { responder: { id: ' ', source: 'slack' } }],
		['a responder with no source', { responder: { id: 'U1' } }],
		[
			'a responder with a field n8n never gives',
			{ responder: { ...SLACK_RESPONDER, admin: true } },
		],
		['a responder name as an object', { responder: { id: 'U1', source: 'slack', name: {} } }],
		['a responder as text', { responder: 'U024BE7LH' }],
		['a channel as a number', { channel: 5 }],
		['a message id as an object', { messageId: {} }],
		['a time as a number', { respondedAt: 1 }],
		['a field n8n never gives', { text: 'ok' }],
	])('%s is not a click: not an approval', (_, beside) => {
		expect(readAnswer({ data: { approved: true, ...beside } }).answer).toBe('notAnApproval');
	});

	it('approved as text, beside data, or at the top is not a click', () => {
		expect(readAnswer({ data: { approved: 'true' } }).answer).toBe('notAnApproval');
		expect(readAnswer({ data: { approved: true }, extra: 1 }).answer).toBe('notAnApproval');
		expect(readAnswer({ approved: true }).answer).toBe('notAnApproval');
		expect(readAnswer([{ data: { approved: true } }]).answer).toBe('notAnApproval');
	});

	it('a time-out (n8n passes the asked payout on) never approves, whatever the row carries', () => {
		const asked = {
			status: 'waitingForPerson',
			payoutKey: 'p-1',
			address: 'T1',
			amount: '2',
			coin: 'TCN',
			withdrawalSpeed: '',
			api: 'v1',
			seal: 'v2.x',
			data: { approved: true, responder: SLACK_RESPONDER, respondedAt: AT },
		};
		expect(readAnswer(asked)).toEqual({ answer: 'timedOut' });
	});
});
