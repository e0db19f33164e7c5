import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	refusedByLegacy,
	refusedByV1,
	unwrapLegacy,
	unwrapV1,
} from '../../../../nodes/shared/client/envelopes';
import { failureOf, isLegacyRefusal, isNotFound } from '../../../../nodes/shared/errors';
import { coinRemitterNode } from '../../../fixtures/node';

const node = coinRemitterNode;
const READ = { itemIndex: 0, kind: 'read' as const };

const answer = (statusCode: number, body: unknown): IN8nHttpFullResponse => ({
	statusCode,
	headers: {},
	body: typeof body === 'string' ? body : JSON.stringify(body),
});

function thrown(fn: () => unknown): NodeApiError {
	let caught: unknown;
	try {
		fn();
	} catch (error) {
		caught = error;
	}
	expect(caught).toBeInstanceOf(NodeApiError);
	return caught as NodeApiError;
}

describe('v1 envelope', () => {
	it('gives `data`, an object or a list of objects', () => {
		expect(unwrapV1(node, answer(200, { success: true, data: { balance: '1.5' } }), READ)).toEqual({
			balance: '1.5',
		});
		expect(unwrapV1(node, answer(200, { success: true, data: [{ code: 'USD' }] }), READ)).toEqual([
			{ code: 'USD' },
		]);
	});

	it('keeps amounts exactly as the service wrote them', () => {
		const body = '{"success":true,"data":{"balance":0.10000000000000001,"count":3}}';
		expect(unwrapV1(node, answer(200, body), READ)).toEqual({
			balance: '0.10000000000000001',
			count: 3,
		});
	});

	it('turns error code 1005 into a not-found error, whatever the HTTP status', () => {
		const error = thrown(() =>
			unwrapV1(
				node,
				answer(200, { success: false, error_code: 1005, msg: 'Transaction not found' }),
				{ itemIndex: 2, kind: 'read' },
			),
		);
		expect(isNotFound(error)).toBe(true);
		expect(error.message).toBe('CoinRemitter could not find what was asked for [1005]');
		expect(error.description).toContain('Transaction not found');
		expect(error.context.itemIndex).toBe(2);
	});

	it('reads the meaning from the HTTP status when the body carries no code', () => {
		const error = thrown(() => unwrapV1(node, answer(404, { success: false }), READ));
		expect(isNotFound(error)).toBe(true);
		expect(failureOf(thrown(() => unwrapV1(node, answer(401, { success: false }), READ)))).toEqual({
			reason: 'inactive',
			api: 'v1',
			httpCode: 401,
		});
	});

	it('does not take a success without data, or a success at an error status, for an answer', () => {
		expect(() => unwrapV1(node, answer(200, { success: true }), READ)).toThrow(NodeApiError);
		expect(() => unwrapV1(node, answer(500, { success: true, data: {} }), READ)).toThrow(
			NodeApiError,
		);
	});

	it('says so when the body is not JSON', () => {
		const error = thrown(() => unwrapV1(node, answer(502, '<html>Bad gateway</html>'), READ));
		expect(error.message).toBe(
			'CoinRemitter answered HTTP 502 with a body that is not the expected JSON',
		);
		expect(failureOf(error)?.reason).toBe('unreadable');
	});
});

describe('legacy envelope', () => {
	const unwrap = (
		response: IN8nHttpFullResponse,
		operation = 'get-balance',
		fields: string[] = [],
	) => unwrapLegacy(node, response, { ...READ, operation, sentFields: fields });

	it('gives `data` when flag is 1', () => {
		expect(unwrap(answer(200, { flag: 1, msg: 'ok', data: { balance: 2.25 } }))).toEqual({
			balance: '2.25',
		});
	});

	it('marks a flag 0 at HTTP 200 as a legacy refusal', () => {
		const error = thrown(() => unwrap(answer(200, { flag: 0, msg: 'Invalid id', data: [] })));
		expect(isLegacyRefusal(error)).toBe(true);
		expect(error.message).toBe('CoinRemitter refused the request');
		expect(error.description).toContain('"Invalid id"');
	});

	it('names the field a flag 2 answer complains about, when it is one that was sent', () => {
		const error = thrown(() =>
			unwrap(answer(200, { flag: 2, msg: 'to address is required' }), 'withdraw', [
				'to_address',
				'amount',
			]),
		);
		expect(error.message).toBe('CoinRemitter rejected the "to_address" field');
	});

	it('takes an invalid address answered with flag 0 and valid: false as an answer', () => {
		expect(
			unwrap(answer(200, { flag: 0, msg: 'invalid', data: { valid: false } }), 'validate-address'),
		).toEqual({ valid: false });
	});

	it('explains a 404 as a missing endpoint and a 429 as the rate limit, without a body', () => {
		expect(thrown(() => unwrap(answer(404, ''))).message).toBe(
			'CoinRemitter has no such legacy endpoint for this coin (HTTP 404)',
		);
		const limited = thrown(() => unwrap(answer(429, '')));
		expect(limited.message).toBe('CoinRemitter rate limit reached');
		expect(isLegacyRefusal(limited)).toBe(false);
	});
});

describe("after a write, only the API's own refusal is a refusal", () => {
	const WRITE = { itemIndex: 0, kind: 'write' as const };
	const v1 = (response: IN8nHttpFullResponse) => unwrapV1(node, response, WRITE);
	const legacy = (response: IN8nHttpFullResponse) =>
		unwrapLegacy(node, response, { ...WRITE, operation: 'withdraw', sentFields: ['amount'] });
	const v1Refusal = { success: false, error: 'validation', error_code: 1001, msg: 'Too much.' };

	it.each([
		['an HTML page at 200', answer(200, '<html>ok</html>')],
		['JSON without the envelope at 200', answer(200, { status: 'ok' })],
		['success without data', answer(200, { success: true })],
		['a non-JSON 404', answer(404, 'Not Found')],
		["the refusal's shape at a 5xx", answer(503, v1Refusal)],
		['an error without its code', answer(400, { success: false, msg: 'no' })],
	])('v1: %s is outcome unknown', (_what, response) => {
		const error = thrown(() => v1(response));
		expect(failureOf(error)?.reason).toBe('outcomeUnknown');
		expect(error.description).not.toMatch(/try again/i);
	});

	it.each([
		['an HTML page at 200', answer(200, '<html>ok</html>')],
		['flag 0 without a message', answer(200, { flag: 0 })],
		['flag 0 at a 5xx', answer(502, { flag: 0, msg: 'Bad gateway' })],
		['a non-JSON 429', answer(429, '')],
	])('legacy: %s is outcome unknown', (_what, response) => {
		expect(failureOf(thrown(() => legacy(response)))?.reason).toBe('outcomeUnknown');
	});

	it("takes the API's refusal as a refusal, and its success as success", () => {
		expect(failureOf(thrown(() => v1(answer(400, v1Refusal))))?.reason).toBe('rejectedField');
		expect(
			failureOf(thrown(() => legacy(answer(200, { flag: 0, msg: 'Insufficient balance.' })))),
		).toMatchObject({ reason: 'legacyRefused' });
		expect(
			failureOf(thrown(() => legacy(answer(200, { flag: 2, msg: 'amount is required' })))),
		).toMatchObject({ reason: 'rejectedField' });
		expect(v1(answer(200, { success: true, data: { id: 't1' } }))).toEqual({ id: 't1' });
		expect(legacy(answer(200, { flag: 1, msg: 'ok', data: { id: 't1' } }))).toEqual({ id: 't1' });
	});

	it('says whose answer a response is, for the retry policy', () => {
		expect(refusedByV1(answer(429, { success: false, error_code: 1006, msg: 'Too Many' }))).toBe(
			true,
		);
		expect(refusedByV1(answer(429, '<html>slow down</html>'))).toBe(false);
		expect(refusedByLegacy(answer(429, { flag: 0, msg: 'Too Many Attempts.' }))).toBe(true);
		expect(refusedByLegacy(answer(429, { message: 'rate limited' }))).toBe(false);
	});
});
