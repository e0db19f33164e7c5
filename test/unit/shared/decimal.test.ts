import {
	addDecimals,
	compareDecimals,
	isPlainDecimal,
	isSignedDecimal,
	isWholeNumber,
	sameAmount,
} from '../../../nodes/shared/decimal';

describe('decimal amounts', () => {
	it('tells plain, signed and whole numbers written in digits from anything else', () => {
		for (const text of ['0', '0.015', '12.50'])
			expect([isPlainDecimal(text), isSignedDecimal(text)]).toEqual([true, true]);
		expect([isPlainDecimal('-0.5'), isSignedDecimal('-0.5')]).toEqual([false, true]);
		for (const text of ['', '.5', '5.', '1e3', '1,5', ' 1', '--1', '-', '0x10'])
			expect([isPlainDecimal(text), isSignedDecimal(text)]).toEqual([false, false]);
		expect(['3', '-3', '123456789012345'].map(isWholeNumber)).toEqual([true, true, true]);
		expect(['1234567890123456', '3.0', '', ' 3', '+3'].map(isWholeNumber)).toEqual([
			false,
			false,
			false,
			false,
			false,
		]);
	});

	it('compares by value, exactly, at any number of decimals', () => {
		expect(compareDecimals('1.5', '1.50000000')).toBe(0);
		expect(compareDecimals('0.30000001', '0.3')).toBe(1);
		expect(compareDecimals('99999999999999999.00000001', '99999999999999999.00000002')).toBe(-1);
	});

	it('adds without float error and subtracts never below zero', () => {
		expect(addDecimals('0.1', '0.2')).toBe('0.3');
		expect(addDecimals('1', '0.00000001')).toBe('1.00000001');
		expect(addDecimals('0.5', '0.75', -1)).toBe('0.00');
	});

	it('tells whether a callback and a record state the same amount', () => {
		expect(sameAmount('1.50000000', '1.5')).toBe(true);
		expect(sameAmount(' 2 ', '2.0')).toBe(true);
		expect(sameAmount('-2', '-2.00')).toBe(true);
		expect(sameAmount('-2', '2')).toBe(false);
		expect(sameAmount('1.5', '1.50000001')).toBe(false);
		expect(sameAmount('abc', 'abc')).toBe(true);
		expect(sameAmount('abc', 'abd')).toBe(false);
	});
});
