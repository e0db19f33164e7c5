import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { unwrapLegacy, unwrapV1 } from '../../../../nodes/shared/client/envelopes';
import { failureOf, isLegacyRefusal, isNotFound } from '../../../../nodes/shared/errors';
import { coinRemitterNode } from '../../../fixtures/node';

const node = coinRemitterNode;

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
		expect(unwrapV1(node, answer(200, { success: true, data: { balance: '1.5' } }), 0)).toEqual({
			balance: '1.5',
		});
		expect(unwrapV1(node, answer(200, { success: true, data: [{ code: 'USD' }] }), 0)).toEqual([
			{ code: 'USD' },
		]);
	});

	it('keeps amounts exactly as the service wrote them', () => {
		const body = '{"success":true,"data":{"balance":0.10000000000000001,"count":3}}';
		expect(unwrapV1(node, answer(200, body), 0)).toEqual({
			balance: '0.10000000000000001',
			count: 3,
		});
	});

	it('turns error code 1005 into a not-found error, whatever the HTTP status', () => {
		const error = thrown(() =>
			unwrapV1(
				node,
				answer(200, { success: false, error_code: 1005, msg: 'Transaction not found' }),
				2,
			),
		);
		expect(isNotFound(error)).toBe(true);
		expect(error.message).toBe('CoinRemitter could not find what was asked for [1005]');
		expect(error.description).toContain('Transaction not found');
		expect(error.context.itemIndex).toBe(2);
	});

	it('reads the meaning from the HTTP status when the body carries no code', () => {
		const error = thrown(() => unwrapV1(node, answer(404, { success: false }), 0));
		expect(isNotFound(error)).toBe(true);
		expect(failureOf(thrown(() => unwrapV1(node, answer(401, { success: false }), 0)))).toEqual({
			reason: 'inactive',
			api: 'v1',
			httpCode: 401,
		});
	});

	it('does not take a success without data, or a success at an error status, for an answer', () => {
		expect(() => unwrapV1(node, answer(200, { success: true }), 0)).toThrow(NodeApiError);
		expect(() => unwrapV1(node, answer(500, { success: true, data: {} }), 0)).toThrow(NodeApiError);
	});

	it('says so when the body is not JSON', () => {
		const error = thrown(() => unwrapV1(node, answer(502, '<html>Bad gateway</html>'), 0));
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
	) => unwrapLegacy(node, response, fields, 0, operation);

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
