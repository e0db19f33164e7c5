import { NodeApiError } from 'n8n-workflow';

import { legacyApiError } from '../../../nodes/shared/client/legacyErrors';
import { v1ApiError } from '../../../nodes/shared/client/v1Errors';
import {
	networkError,
	outcomeUnknownError,
	rateLimitWaitError,
} from '../../../nodes/shared/delivery/errors';
import { isLegacyRefusal, isNotFound, isOutcomeUnknown } from '../../../nodes/shared/errors';
import { coinRemitterNode } from '../../fixtures/node';

const node = coinRemitterNode;

describe('API errors', () => {
	it.each([
		[1001, 'CoinRemitter rejected a field of the request [1001]'],
		[1002, 'CoinRemitter had an internal server error [1002]'],
		[1003, 'The CoinRemitter API key or API password is wrong [1003]'],
		[1004, 'The CoinRemitter account is inactive or its API access is not enabled [1004]'],
		[1005, 'CoinRemitter could not find what was asked for [1005]'],
		[1006, 'CoinRemitter rate limit reached [1006]'],
		[1007, 'CoinRemitter is under maintenance [1007]'],
	])('explains v1 error code %i in plain words', (errorCode, message) => {
		expect(v1ApiError(node, { httpCode: 400, errorCode }).message).toBe(message);
	});

	it('quotes an unknown v1 code instead of guessing its meaning', () => {
		const error = v1ApiError(node, { httpCode: 400, errorCode: 4242, serviceMessage: 'odd' });
		expect(error.message).toBe('CoinRemitter answered with an unexpected error (HTTP 400) [4242]');
		expect(error.description).toBe('The service said: "odd".');
		expect(isNotFound(error)).toBe(false);
	});

	it('gives legacy rate limits and server errors the same words as v1, without a v1 code', () => {
		expect(legacyApiError(node, { httpCode: 429, sentFields: [] }).message).toBe(
			'CoinRemitter rate limit reached',
		);
		expect(legacyApiError(node, { httpCode: 502, sentFields: [] }).message).toBe(
			'CoinRemitter had an internal server error',
		);
		expect(legacyApiError(node, { httpCode: 503, sentFields: [] }).message).toBe(
			'CoinRemitter is under maintenance',
		);
	});

	it('answers each predicate for its own errors only', () => {
		const unknown = outcomeUnknownError(node, 'ETIMEDOUT', 0);
		const notFound = v1ApiError(node, { httpCode: 404 });
		const refused = legacyApiError(node, { httpCode: 200, flag: 0, sentFields: [] });
		const errors = [unknown, notFound, refused, networkError(node, 'ECONNREFUSED', 0)];
		expect(errors.map(isOutcomeUnknown)).toEqual([true, false, false, false]);
		expect(errors.map(isNotFound)).toEqual([false, true, false, false]);
		expect(errors.map(isLegacyRefusal)).toEqual([false, false, true, false]);
	});

	it('answers no to errors the client did not raise, whatever their text', () => {
		const lookalike = new NodeApiError(node, { failure: 'outcome unknown', errorCode: 1005 });
		expect(isOutcomeUnknown(lookalike)).toBe(false);
		expect(isNotFound(lookalike)).toBe(false);
		expect(isOutcomeUnknown(new Error('outcome unknown'))).toBe(false);
	});

	it('says how long the rate limit would have needed, rounded up to seconds', () => {
		const error = rateLimitWaitError(node, 61_200, 3);
		expect(error.message).toBe('CoinRemitter rate limit reached [1006]');
		expect(error.description).toContain('about 62 s of waiting');
		expect(error.context.itemIndex).toBe(3);
	});
});
