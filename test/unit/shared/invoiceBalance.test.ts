import { invoiceBalance, isPositive } from '../../../nodes/shared/invoiceBalance';
import { legacyInvoice, v1Invoice } from '../../fixtures/recorded';

/** A v1 record (coin_symbol, fiat_currency) with the given status and maps. */
const v1Record = (status_code: number, total: unknown, paid: unknown) => ({
	...v1Invoice,
	status_code,
	total_amount: total,
	paid_amount: paid,
});
/** A legacy record (coin is the symbol, base_currency) with the given status and maps. */
const legacyRecord = (status_code: number, total: unknown, paid: unknown) => ({
	...legacyInvoice,
	status_code,
	total_amount: total,
	paid_amount: paid,
});
const balanceOf = (record: { total_amount: unknown; paid_amount: unknown }) =>
	invoiceBalance(record.total_amount, record.paid_amount);

const BTC_TOTAL = { BTC: '0.03000000', USD: '1830.00000000', EUR: '1647.00000000' };

describe('invoice balance: every status, v1 record', () => {
	it('Pending, nothing paid ([]): the whole amount is owed in every currency, nothing overpaid', () => {
		expect(balanceOf(v1Record(0, BTC_TOTAL, []))).toEqual({
			owed: { BTC: '0.03', USD: '1830', EUR: '1647' },
			overpaid: { BTC: '0', USD: '0', EUR: '0' },
		});
	});

	it('Paid exactly: nothing owed, nothing overpaid', () => {
		expect(balanceOf(v1Record(1, BTC_TOTAL, { ...BTC_TOTAL }))).toEqual({
			owed: { BTC: '0', USD: '0', EUR: '0' },
			overpaid: { BTC: '0', USD: '0', EUR: '0' },
		});
	});

	it('Under Paid: the shortfall in the coin, USD and the fiat', () => {
		const paid = { BTC: '0.02990000', USD: '1823.90000000', EUR: '1641.51000000' };
		expect(balanceOf(v1Record(2, BTC_TOTAL, paid))).toEqual({
			owed: { BTC: '0.0001', USD: '6.1', EUR: '5.49' },
			overpaid: { BTC: '0', USD: '0', EUR: '0' },
		});
	});

	it('Over Paid: the excess, nothing owed', () => {
		const paid = { BTC: '0.03500000', USD: '2135.00000000', EUR: '1921.50000000' };
		expect(balanceOf(v1Record(3, BTC_TOTAL, paid))).toEqual({
			owed: { BTC: '0', USD: '0', EUR: '0' },
			overpaid: { BTC: '0.005', USD: '305', EUR: '274.5' },
		});
	});

	it('Expired with a payment: the arithmetic of the record, the status aside', () => {
		const partly = { BTC: '0.01000000', USD: '610.00000000', EUR: '549.00000000' };
		expect(balanceOf(v1Record(4, BTC_TOTAL, partly))).toEqual({
			owed: { BTC: '0.02', USD: '1220', EUR: '1098' },
			overpaid: { BTC: '0', USD: '0', EUR: '0' },
		});
		expect(balanceOf(v1Record(4, BTC_TOTAL, { BTC: '0.04', USD: '2440', EUR: '2196' }))).toEqual({
			owed: { BTC: '0', USD: '0', EUR: '0' },
			overpaid: { BTC: '0.01', USD: '610', EUR: '549' },
		});
	});

	it('Expired or Cancelled with nothing paid: the whole amount, nothing overpaid', () => {
		for (const status of [4, 5])
			expect(balanceOf(v1Record(status, BTC_TOTAL, []))).toEqual({
				owed: { BTC: '0.03', USD: '1830', EUR: '1647' },
				overpaid: { BTC: '0', USD: '0', EUR: '0' },
			});
	});
});

describe('invoice balance: every status, legacy record', () => {
	const total = { LTC: '0.50000000', USD: '40.00000000' };
	it.each([
		[0, [], { LTC: '0.5', USD: '40' }, { LTC: '0', USD: '0' }],
		[1, { LTC: '0.50000000', USD: '40.00000000' }, { LTC: '0', USD: '0' }, { LTC: '0', USD: '0' }],
		[
			2,
			{ LTC: '0.45000000', USD: '36.00000000' },
			{ LTC: '0.05', USD: '4' },
			{ LTC: '0', USD: '0' },
		],
		[
			3,
			{ LTC: '0.60000000', USD: '48.00000000' },
			{ LTC: '0', USD: '0' },
			{ LTC: '0.1', USD: '8' },
		],
		[
			4,
			{ LTC: '0.20000000', USD: '16.00000000' },
			{ LTC: '0.3', USD: '24' },
			{ LTC: '0', USD: '0' },
		],
		[5, [], { LTC: '0.5', USD: '40' }, { LTC: '0', USD: '0' }],
	])('status %i', (status, paid, owed, overpaid) => {
		expect(balanceOf(legacyRecord(status, total, paid))).toEqual({ owed, overpaid });
	});

	it('reads the recorded legacy invoice (Pending, paid_amount [])', () => {
		expect(balanceOf(legacyInvoice)).toEqual({
			owed: { LTC: '0.5', USD: '40' },
			overpaid: { LTC: '0', USD: '0' },
		});
	});

	it('reads the recorded v1 invoice (Paid)', () => {
		expect(balanceOf(v1Invoice)).toEqual({
			owed: { BTC: '0', USD: '0' },
			overpaid: { BTC: '0', USD: '0' },
		});
	});
});

describe('invoice balance: amounts as written', () => {
	it('compares values, not text: trailing zeros and short forms are equal', () => {
		expect(invoiceBalance({ TCN: '20.00000000' }, { TCN: '20' })).toEqual({
			owed: { TCN: '0' },
			overpaid: { TCN: '0' },
		});
		expect(invoiceBalance({ TCN: '20.1' }, { TCN: '20.09999999' })).toEqual({
			owed: { TCN: '0.00000001' },
			overpaid: { TCN: '0' },
		});
	});

	it('keeps 18 decimals exactly (no float on the way)', () => {
		expect(
			invoiceBalance({ ETH: '1.000000000000000001' }, { ETH: '0.123456789012345678' }),
		).toEqual({ owed: { ETH: '0.876543210987654323' }, overpaid: { ETH: '0' } });
		expect(invoiceBalance({ ETH: '0.1' }, { ETH: '0.100000000000000001' })).toEqual({
			owed: { ETH: '0' },
			overpaid: { ETH: '0.000000000000000001' },
		});
	});

	it('handles large amounts beyond float precision', () => {
		expect(invoiceBalance({ KOIN: '123456789012345678.5' }, { KOIN: '1' })).toEqual({
			owed: { KOIN: '123456789012345677.5' },
			overpaid: { KOIN: '0' },
		});
	});

	it('reads whole JSON numbers exactly and leaves out values it cannot read exactly', () => {
		expect(invoiceBalance({ USD: 10, TCN: '20' }, { USD: 4, TCN: 1.5 })).toEqual({
			owed: { USD: '6', TCN: '20' },
			overpaid: { USD: '0', TCN: '0' },
		});
		expect(invoiceBalance({ TCN: '', USD: '-1', EUR: 'ten', GBP: null }, [])).toEqual({
			owed: {},
			overpaid: {},
		});
	});

	it('trims spaces around an amount', () => {
		expect(invoiceBalance({ TCN: ' 2.5 ' }, { TCN: '1 ' }).owed).toEqual({ TCN: '1.5' });
	});
});

describe('invoice balance: currencies on one side only, nothing paid', () => {
	it('a currency in the total but not paid: all of it is owed', () => {
		expect(invoiceBalance({ TCN: '20', USD: '10', EUR: '9' }, { TCN: '5', USD: '2.5' })).toEqual({
			owed: { TCN: '15', USD: '7.5', EUR: '9' },
			overpaid: { TCN: '0', USD: '0', EUR: '0' },
		});
	});

	it('a currency paid but not in the total: all of it is overpaid', () => {
		expect(invoiceBalance({ TCN: '20' }, { TCN: '20', USD: '10' })).toEqual({
			owed: { TCN: '0', USD: '0' },
			overpaid: { TCN: '0', USD: '10' },
		});
	});

	it.each([[[]], [{}], [undefined], [null], ['']])('nothing paid written as %p', (paid) => {
		expect(invoiceBalance({ TCN: '20.00000000', USD: '10.00' }, paid)).toEqual({
			owed: { TCN: '20', USD: '10' },
			overpaid: { TCN: '0', USD: '0' },
		});
	});

	it('no total at all: nothing to say', () => {
		expect(invoiceBalance([], [])).toEqual({ owed: {}, overpaid: {} });
		expect(invoiceBalance(undefined, undefined)).toEqual({ owed: {}, overpaid: {} });
	});
});

describe('isPositive', () => {
	it('is true only for a plain decimal above zero', () => {
		expect(['0.00000001', '1', '10.5'].map(isPositive)).toEqual([true, true, true]);
		expect(['0', '0.000', '', 'x', '-1', undefined].map(isPositive)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false,
		]);
	});
});
