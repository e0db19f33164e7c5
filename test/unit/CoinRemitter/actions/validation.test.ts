import { runNode } from '../../../helpers/engine';
import { TCN, useSimulator, v1Credentials } from '../../../fixtures/simulator';

const ctx = useSimulator();

const ADDRESS = 'T' + '2'.repeat(33);

interface Case {
	name: string;
	parameters: Record<string, unknown>;
	message: string;
}

const cases: Case[] = [
	{
		name: 'a label with a space',
		parameters: { resource: 'address', operation: 'create', label: 'order 12' },
		message: 'Label: may contain only letters A-Z and digits 0-9 (no spaces or symbols)',
	},
	{
		name: 'a label of 21 characters',
		parameters: { resource: 'address', operation: 'create', label: 'a'.repeat(21) },
		message: 'Label: is 21 characters long; the most allowed is 20',
	},
	{
		name: 'an empty address',
		parameters: { resource: 'address', operation: 'validate', address: '  ' },
		message: 'Address: is required but empty',
	},
	{
		name: 'an amount with a thousands separator',
		parameters: {
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1,000.5',
		},
		message: 'Amount: "1,000.5" is not a plain decimal number',
	},
	{
		name: 'an amount with a decimal comma',
		parameters: { resource: 'withdrawal', operation: 'estimate', amount: '0,5' },
		message: 'Amount: "0,5" is not a plain decimal number',
	},
	{
		name: 'an amount in exponent form',
		parameters: { resource: 'withdrawal', operation: 'create', address: ADDRESS, amount: '1e-7' },
		message: 'Amount: "1e-7" is not a plain decimal number',
	},
	{
		name: 'a negative amount',
		parameters: { resource: 'withdrawal', operation: 'create', address: ADDRESS, amount: '-1' },
		message: 'Amount: "-1" is not a plain decimal number',
	},
	{
		name: 'a zero amount',
		parameters: { resource: 'withdrawal', operation: 'create', address: ADDRESS, amount: '0.000' },
		message: 'Amount: must be greater than zero',
	},
	{
		name: 'an amount that resolves to nothing',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '={{ $json.missing }}',
			fiatCurrency: 'USD',
		},
		message: 'Amount: is required but empty',
	},
	{
		name: 'a float from an expression written in exponent form',
		parameters: { resource: 'withdrawal', operation: 'estimate', amount: '={{ 0.0000001 }}' },
		message: 'Amount: "1e-7" is not a plain decimal number',
	},
	{
		name: 'an invoice name of 31 characters',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: 'USD',
			additionalFields: { name: 'n'.repeat(31) },
		},
		message: 'Name: is 31 characters long; the most allowed is 30',
	},
	{
		name: 'custom data of 31 characters',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: 'USD',
			additionalFields: { customData2: 'c'.repeat(31) },
		},
		message: 'Custom Data 2: is 31 characters long; the most allowed is 30',
	},
	{
		name: 'an unknown fiat currency',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: '={{ "XYZ" }}',
		},
		message:
			'Fiat Currency: "XYZ" is not one of AED, AFN, ALL, AMD, ANG, AOA, ARS, AUD, AWG, AZN, BAM, BBD, ...',
	},
	{
		name: 'an invalid email',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: 'USD',
			additionalFields: { email: 'buyer-at-example' },
		},
		message: 'Email: "buyer-at-example" is not an email address',
	},
	{
		name: 'a notify URL that is not http(s)',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: 'USD',
			additionalFields: { notifyUrl: 'ftp://x.example' },
		},
		message: 'Notify URL: "ftp://x.example" is not an http(s) URL',
	},
	{
		name: 'a fractional expiry',
		parameters: {
			resource: 'invoice',
			operation: 'create',
			amount: '1',
			fiatCurrency: 'USD',
			additionalFields: { expiryMinutes: 1.5 },
		},
		message: 'Expiry (Minutes): "1.5" is not a whole number of 1 or more',
	},
	{
		name: 'an unknown withdrawal speed',
		parameters: {
			resource: 'withdrawal',
			operation: 'create',
			address: ADDRESS,
			amount: '1',
			withdrawalSpeed: '={{ "fast" }}',
		},
		message: 'Withdrawal Speed: "fast" is not one of low, medium, priority',
	},
	{
		name: 'a fiat amount with a comma',
		parameters: {
			resource: 'rate',
			operation: 'fiatToCrypto',
			fiatCurrency: 'USD',
			fiatAmount: '1,5',
			coin: 'BTC',
		},
		message: 'Fiat Amount: "1,5" is not a plain decimal number',
	},
	{
		name: 'an unknown coin',
		parameters: {
			resource: 'rate',
			operation: 'fiatToCrypto',
			fiatCurrency: 'USD',
			fiatAmount: '1',
			coin: '={{ "DOGGO" }}',
		},
		message:
			'Coin: "DOGGO" is not one of BCH, BNB, BTC, DASH, DOGE, ETH, KOIN, LTC, TCN, TRX, USDCERC20, USDT, ...',
	},
	{
		name: 'an empty transaction id',
		parameters: { resource: 'transaction', operation: 'get', transactionId: '={{ "" }}' },
		message: 'Transaction ID: is required but empty',
	},
	{
		name: 'an empty invoice id',
		parameters: { resource: 'invoice', operation: 'get', invoiceId: '={{ $json.none }}' },
		message: 'Invoice ID: is required but empty',
	},
];

describe('validation before any request', () => {
	it.each(cases)('refuses $name', async ({ parameters, message }) => {
		const result = await runNode({
			parameters: { apiVersion: 'v1', ...parameters } as never,
			credentials: v1Credentials(ctx.sim),
			items: [{}, {}],
		});
		expect(result.error?.message).toBe(message);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(result.error?.description).toBeTruthy();
		expect(ctx.sim.requests).toHaveLength(0);
	});

	it('names the item that failed when earlier items were fine', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'withdrawal',
				operation: 'estimate',
				amount: '={{ $json.amount }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: [{ amount: '1' }, { amount: '2.5' }, { amount: '3,0' }],
		});
		expect(result.error?.message).toBe('Amount: "3,0" is not a plain decimal number');
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.error?.description).toMatch(/no thousands separator/);
		expect(ctx.sim.requests).toHaveLength(2);
	});
});

describe('expressions and several items', () => {
	it('resolves expressions per item, keeps amounts exact and pairs every output', async () => {
		const amounts = ['0.1', '0.20000001', '123456789.12345678'];
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'withdrawal',
				operation: 'estimate',
				amount: '={{ $json.amount }}',
				withdrawalSpeed: 'medium',
			},
			credentials: v1Credentials(ctx.sim),
			items: amounts.map((amount) => ({ amount })),
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.requests.map((request) => request.fields.amount)).toEqual(amounts);
		expect(result.items.map((item) => item.json.amount)).toEqual([
			'0.10000000',
			'0.20000001',
			'123456789.12345678',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('accepts a plain number from an expression as its decimal text', async () => {
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'rate',
				operation: 'fiatToCrypto',
				fiatCurrency: 'usd',
				fiatAmount: '={{ 250 }}',
				coin: 'TCN',
			},
			credentials: v1Credentials(ctx.sim),
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.requests[0].fields).toEqual({ fiat: 'USD', fiat_amount: '250', crypto: 'TCN' });
		expect(result.items[0].json).toEqual({
			short_name: 'TCN',
			name: 'Tcoin',
			price: '500.00000000',
		});
	});

	it('sends each item with the same credential headers', async () => {
		await runNode({
			parameters: { apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' },
			credentials: v1Credentials(ctx.sim),
			items: [{}, {}, {}],
		});
		expect(ctx.sim.requests).toHaveLength(3);
		for (const request of ctx.sim.requests) expect(request.headers['x-api-key']).toBe(TCN.apiKey);
	});
});
