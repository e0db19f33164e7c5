import { findDeposit } from '../../../../nodes/CoinRemitterTrigger/verify/addressList';

const entry = (id: string, amount: string) => ({
	id,
	txid: `tx-${id}`,
	type: 'receive',
	amount,
	confirm_amount: amount,
	pending_amount: '0.00000000',
	confirmations: 3,
	status: 'confirm',
	status_code: 1,
});

const summary = (transactions: object[], confirm: string, pending = '0.00000000') => ({
	coin: 'Tether USD TRC20',
	coin_symbol: 'USDTTRC20',
	wallet_id: 'w1',
	wallet_name: 'shop',
	address: 'TAddr',
	label: 'order-1',
	required_confirmations: 3,
	confirm_amount: confirm,
	pending_amount: pending,
	transactions,
});

describe('findDeposit', () => {
	it('builds the record from the entry and the address fields, without the per-entry totals', () => {
		const found = findDeposit(summary([entry('a', '1.50000000')], '1.50000000'), 'a');
		expect(found).toEqual({
			record: {
				coin: 'Tether USD TRC20',
				coin_symbol: 'USDTTRC20',
				wallet_id: 'w1',
				wallet_name: 'shop',
				address: 'TAddr',
				label: 'order-1',
				required_confirmations: 3,
				id: 'a',
				txid: 'tx-a',
				type: 'receive',
				amount: '1.50000000',
				confirmations: 3,
				status: 'confirm',
				status_code: 1,
			},
		});
	});

	it('refutes an id only when the entries add up to the address total (the list is whole)', () => {
		const whole = summary([entry('a', '1.5'), entry('b', '0.25')], '1.5', '0.25000000');
		expect(findDeposit(whole, 'zzz')).toBe('absent');
		expect(findDeposit(summary([], '0.00000000'), 'zzz')).toBe('absent');
	});

	it.each([
		['entries short of the total (cut short)', summary([entry('a', '1.5')], '2.00000000')],
		['a total that is not a decimal', summary([entry('a', '1.5')], '')],
		['no transactions list', { confirm_amount: '0', pending_amount: '0' }],
		['not an object', [entry('a', '1')]],
	])('with %s, an id not listed is unproven, never refuted', (_case, answer) => {
		expect(findDeposit(answer, 'zzz')).toBe('unproven');
	});

	it('a listed entry that is not a receive is left to the per-id lookup', () => {
		const send = { ...entry('a', '1'), type: 'send' };
		expect(findDeposit(summary([send], '1'), 'a')).toBe('unproven');
	});
});
