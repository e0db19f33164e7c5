import type { AttemptOutcome, CallKind } from '../../../../nodes/shared/delivery/retry';
import { backoffMs, decideAfter, systemErrorCode } from '../../../../nodes/shared/delivery/retry';

const policy = { readAttempts: 3 };
const decide = (kind: CallKind, attempt: number, outcome: AttemptOutcome) =>
	decideAfter(kind, attempt, outcome, policy).action;

describe('retry policy', () => {
	it('returns any answer that is not a server error or a 429, for reads and writes', () => {
		for (const status of [200, 400, 401, 404])
			for (const kind of ['read', 'write'] as const)
				expect(decide(kind, 1, { status })).toBe('return');
	});

	it('tries a read again on a server error until its attempts are used up, then returns the answer', () => {
		expect(decideAfter('read', 1, { status: 503 }, policy)).toEqual({
			action: 'retry',
			afterMs: 500,
		});
		expect(decideAfter('read', 2, { status: 500 }, policy)).toEqual({
			action: 'retry',
			afterMs: 1000,
		});
		expect(decide('read', 3, { status: 502 })).toBe('return');
	});

	it('never sends a write again after a server error that may have come after the work was done', () => {
		// Any 5xx, 503 and a CDN's 52x included, whatever the body: a proxy's page says nothing of the API.
		for (const status of [500, 502, 503, 504, 520, 522, 524])
			for (const apiRefusal of [false, true])
				expect(decideAfter('write', 1, { status, apiRefusal }, policy)).toEqual({
					action: 'failOutcomeUnknown',
					cause: `HTTP ${status}`,
				});
	});

	it("waits out the API's own 429 and sends again, even a write: the API did not process it", () => {
		expect(decide('write', 1, { status: 429, apiRefusal: true })).toBe('resendAfterRateLimit');
		expect(decide('read', 5, { status: 429 })).toBe('resendAfterRateLimit');
	});

	it("never sends a write again after a 429 that is not the API's own refusal (a proxy's)", () => {
		expect(decideAfter('write', 1, { status: 429, apiRefusal: false }, policy)).toEqual({
			action: 'failOutcomeUnknown',
			cause: 'HTTP 429',
		});
		expect(decide('write', 1, { status: 429 })).toBe('failOutcomeUnknown');
	});

	it('sends a write once more only when the connection was never made', () => {
		expect(decide('write', 1, { noAnswer: 'ECONNREFUSED' })).toBe('retry');
		expect(decide('write', 2, { noAnswer: 'ECONNREFUSED' })).toBe('failNoAnswer');
		expect(decideAfter('write', 1, { noAnswer: 'ETIMEDOUT' }, policy)).toEqual({
			action: 'failOutcomeUnknown',
			cause: 'ETIMEDOUT',
		});
		expect(decide('write', 1, { noAnswer: undefined })).toBe('failOutcomeUnknown');
	});

	it('tries a read again when no answer came, up to its attempts', () => {
		expect(decide('read', 1, { noAnswer: 'ETIMEDOUT' })).toBe('retry');
		expect(decide('read', 3, { noAnswer: 'ECONNRESET' })).toBe('failNoAnswer');
	});

	it('backs off 0.5 s, 1 s, 2 s … and never more than 8 s', () => {
		expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
	});

	it('finds the system error code wherever n8n put it', () => {
		expect(systemErrorCode({ code: 'ECONNREFUSED' })).toBe('ECONNREFUSED');
		expect(systemErrorCode({ messages: ['connect ECONNREFUSED 127.0.0.1:1'] })).toBe(
			'ECONNREFUSED',
		);
		expect(systemErrorCode({ message: 'socket hang up' })).toBe('ECONNRESET');
		expect(systemErrorCode({ message: 'timeout of 2000ms exceeded' })).toBe('ETIMEDOUT');
		expect(systemErrorCode(new Error('something else'))).toBeUndefined();
	});
});
