import type { IDataObject } from 'n8n-workflow';

import packageJson from '../../../../package.json';

import { CoinRemitter } from '../../../../nodes/CoinRemitter/CoinRemitter.node';
import { editorParameters, shown } from '../../../helpers/editor';
import { runNode } from '../../../helpers/engine';
import { expectMultipart, onlyRequest } from '../../../helpers/assertions';
import { TCN, useSimulator, v1Credentials } from '../../../fixtures/simulator';

const ctx = useSimulator();

async function run(resource: string, operation: string, parameters: Record<string, unknown> = {}) {
	const result = await runNode({
		parameters: { apiVersion: 'v1', resource, operation, ...parameters } as never,
		credentials: v1Credentials(ctx.sim),
	});
	expect(result.error).toBeUndefined();
	return result.items;
}

async function newAddress(label = '') {
	const [item] = await run('address', 'create', { label });
	ctx.sim.requests.length = 0;
	return item.json.address as string;
}

describe('address: create', () => {
	it('sends the label as a multipart field to /v1/wallet/address/create and outputs the address', async () => {
		const items = await run('address', 'create', { label: 'order1234' });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/address/create');
		expectMultipart(request);
		expect(request.fields).toEqual({ label: 'order1234' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			label: 'order1234',
			coin_symbol: 'TCN',
			remaining_address_limit: -1,
		});
		expect(items[0].json.address).toMatch(/^T\w{33}$/);
		expect(items[0].json.minimum_deposit_amount).toBe('0.01000000');
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends no label field when the label is empty', async () => {
		await run('address', 'create', { label: '' });
		expect(onlyRequest(ctx.sim, TCN).fields).toEqual({});
	});
});

describe('address: validate', () => {
	it('outputs valid true for a well-formed address', async () => {
		const address = await newAddress();
		const items = await run('address', 'validate', { address });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/address/validate');
		expectMultipart(request);
		expect(request.fields).toEqual({ address });
		expect(items[0].json).toEqual({ valid: true });
	});

	it('outputs valid false, not an error, for a malformed address', async () => {
		const items = await run('address', 'validate', { address: 'not-an-address' });
		expect(items[0].json).toEqual({ valid: false });
	});
});

describe('address: getTransactions', () => {
	it('lists the deposits of the address with exact string amounts', async () => {
		const address = await newAddress('shop');
		ctx.sim.deposit(TCN.apiKey, address, '0.12345678', 5);
		ctx.sim.deposit(TCN.apiKey, address, '1.00000001', 1);
		const items = await run('address', 'getTransactions', { address });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/address/transactions');
		expect(request.fields).toEqual({ address });
		const summary = items[0].json;
		expect(summary).toMatchObject({
			address,
			label: 'shop',
			confirm_amount: '0.12345678',
			pending_amount: '1.00000001',
			required_confirmations: 3,
		});
		expect(summary.transactions).toEqual([
			expect.objectContaining({
				amount: '0.12345678',
				status: 'confirm',
				status_code: 1,
				confirmations: 5,
			}),
			expect.objectContaining({
				amount: '1.00000001',
				status: 'pending',
				status_code: 0,
				confirmations: 1,
			}),
		]);
	});
});

describe('withdrawal: estimate', () => {
	it('sends amount, speed and the optional address, and outputs the fees', async () => {
		const address = await newAddress();
		const items = await run('withdrawal', 'estimate', {
			amount: '2.5',
			withdrawalSpeed: 'priority',
			additionalFields: { address },
		});
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/withdraw/estimate');
		expectMultipart(request);
		expect(request.fields).toEqual({ amount: '2.5', withdrawal_speed: 'priority', address });
		expect(items[0].json).toEqual({
			amount: '2.50000000',
			transaction_fee: '0.00010000',
			processing_fee: '0.00625000',
			total_amount: '2.50635000',
			fees_structure: { transaction_fee: '0.00010000', processing_fee: '0.25%' },
		});
	});

	it('leaves withdrawal_speed out when the wallet default is chosen', async () => {
		await run('withdrawal', 'estimate', { amount: '1', withdrawalSpeed: '' });
		expect(onlyRequest(ctx.sim, TCN).fields).toEqual({ amount: '1' });
	});
});

describe('withdrawal: create', () => {
	it('withdraws the exact amount and the wallet is charged amount plus fees', async () => {
		const address = await newAddress();
		const items = await run('withdrawal', 'create', {
			address,
			amount: '0.30000001',
			withdrawalSpeed: 'low',
		});
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/withdraw');
		expectMultipart(request);
		expect(request.fields).toEqual({ address, amount: '0.30000001', withdrawal_speed: 'low' });
		expect(items[0].json).toMatchObject({
			amount: '0.30000001',
			transaction_fees: '0.00010000',
			processing_fees: '0.00075000',
			total_amount: '0.30085001',
			to_address: address,
		});
		const [balance] = await run('wallet', 'getBalance');
		expect(balance.json.balance).toBe('24.69914999');
	});
});

describe('transaction: get', () => {
	it('sends the id and outputs the transaction', async () => {
		const address = await newAddress('tx');
		const deposit = ctx.sim.deposit(TCN.apiKey, address, '0.5', 4);
		const items = await run('transaction', 'get', { transactionId: deposit.id });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/transaction');
		expectMultipart(request);
		expect(request.fields).toEqual({ id: deposit.id });
		expect(items[0].json).toEqual({ ...deposit, deliveryKey: `v1:tx:${deposit.id}:confirmed` });
		expect(items[0].json).toMatchObject({ type: 'receive', amount: '0.50000000', status_code: 1 });
	});
});

describe('wallet: getBalance', () => {
	it('posts no body to /v1/wallet/balance and outputs the balance as a string', async () => {
		const items = await run('wallet', 'getBalance');
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/wallet/balance');
		expect(request.fields).toEqual({});
		expect(items[0].json).toMatchObject({
			balance: '25.00000000',
			coin_symbol: 'TCN',
			remaining_withdraw_limit_24h: '100.00000000',
		});
	});
});

describe('invoice: create', () => {
	it('sends every field under its API name', async () => {
		const items = await run('invoice', 'create', {
			amount: '19.99',
			fiatCurrency: 'EUR',
			additionalFields: {
				name: 'Order 42',
				email: 'buyer@example.com',
				expiryMinutes: 30,
				notifyUrl: 'https://example.com/hook',
				successUrl: 'https://example.com/ok',
				failUrl: 'https://example.com/fail',
				description: 'Two mugs',
				customData1: 'order-42',
				customData2: 'customer-7',
			},
		});
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/invoice/create');
		expectMultipart(request);
		expect(request.fields).toEqual({
			amount: '19.99',
			fiat_currency: 'EUR',
			name: 'Order 42',
			email: 'buyer@example.com',
			expiry_time_in_minutes: '30',
			notify_url: 'https://example.com/hook',
			success_url: 'https://example.com/ok',
			fail_url: 'https://example.com/fail',
			description: 'Two mugs',
			custom_data1: 'order-42',
			custom_data2: 'customer-7',
		});
		expect(items[0].json).toMatchObject({
			status: 'Pending',
			status_code: 0,
			name: 'Order 42',
			custom_data1: 'order-42',
			total_amount: { EUR: '19.99000000', USD: '22.21111111', TCN: '44.42222222' },
		});
	});
});

describe('invoice: get', () => {
	it('sends invoice_id and outputs the invoice', async () => {
		const [created] = await run('invoice', 'create', { amount: '5', fiatCurrency: 'USD' });
		ctx.sim.requests.length = 0;
		const items = await run('invoice', 'get', { invoiceId: created.json.invoice_id });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/invoice/get');
		expect(request.fields).toEqual({ invoice_id: created.json.invoice_id });
		expect(items[0].json).toEqual({
			...created.json,
			deliveryKey: `v1:invoice:${String(created.json.invoice_id)}:0:0`,
		});
	});
});

const { description: nodeDescription } = new CoinRemitter();

/** Runs one v1 operation with parameters built as the editor builds them from the node's description. */
async function runAsEditor(choices: Record<string, unknown>) {
	const result = await runNode({
		parameters: editorParameters(nodeDescription, { apiVersion: 'v1', ...choices }) as never,
		credentials: v1Credentials(ctx.sim),
	});
	expect(result.error).toBeUndefined();
	return result.items;
}

describe('rate: fiatToCrypto', () => {
	it('sends fiat, fiat_amount and crypto and outputs one item per element of the answer, paired to its input', async () => {
		const items = await runAsEditor({
			resource: 'rate',
			operation: 'fiatToCrypto',
			fiatCurrency: shown('USD'),
			fiatAmount: '100',
			coin: shown('BTC'),
		});
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/rate/fiat-to-crypto');
		expectMultipart(request);
		expect(request.fields).toEqual({ fiat: 'USD', fiat_amount: '100', crypto: 'BTC' });
		expect(items.map((item) => item.json)).toEqual([
			{ short_name: 'BTC', name: 'Bitcoin', price: '0.00166666' },
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('without a coin (Every Coin) sends no crypto field and gives one item per coin', async () => {
		const items = await runAsEditor({
			resource: 'rate',
			operation: 'fiatToCrypto',
			fiatCurrency: shown('EUR'),
			fiatAmount: '50',
			coin: shown('Every Coin'),
		});
		expect(onlyRequest(ctx.sim, TCN).fields).toEqual({ fiat: 'EUR', fiat_amount: '50' });
		expect(items.length).toBeGreaterThan(3);
		for (const item of items) {
			expect(Object.keys(item.json).sort()).toEqual(['name', 'price', 'short_name']);
			expect(item.json.price).toMatch(/^\d+\.\d{8}$/);
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(items.map((item) => item.json.short_name)).toContain('TCN');
	});
});

describe('rate: cryptoToFiat', () => {
	it('sends crypto, crypto_amount and fiat and outputs one item per fiat with exact amounts', async () => {
		const items = await runAsEditor({
			resource: 'rate',
			operation: 'cryptoToFiat',
			coin: shown('BTC'),
			cryptoAmount: '0.5',
			fiatCurrency: shown('EUR'),
		});
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/rate/crypto-to-fiat');
		expect(request.fields).toEqual({ crypto: 'BTC', crypto_amount: '0.5', fiat: 'EUR' });
		expect(items.map((item) => item.json)).toEqual([
			{ code: 'EUR', currency: 'Euro', amount: '27000.00' },
			{ code: 'USD', currency: 'United States Dollar', amount: '30000.00' },
		]);
	});
});

describe('rate: getSupportedCurrencies', () => {
	it('sends no field and outputs one item per coin with its fee levels as strings', async () => {
		const items = await runAsEditor({ resource: 'rate', operation: 'getSupportedCurrencies' });
		const request = onlyRequest(ctx.sim, TCN);
		expect(request.path).toBe('/v1/rate/supported-currency');
		expect(request.fields).toEqual({});
		const tcn = items.find((item) => item.json.coin_symbol === 'TCN')?.json as IDataObject;
		expect(tcn).toMatchObject({
			coin: 'Tcoin',
			price_in_usd: '0.50000000',
			minimum_deposit_amount: '0.01000000',
		});
		expect((tcn.fees as IDataObject).priority).toMatchObject({
			transaction_fees_type: 'flat',
			transaction_fee: '0.00030000',
		});
	});

	it('pairs every element with its input item when several items run', async () => {
		const result = await runNode({
			parameters: editorParameters(nodeDescription, {
				apiVersion: 'v1',
				resource: 'rate',
				operation: 'getSupportedCurrencies',
			}) as never,
			credentials: v1Credentials(ctx.sim),
			items: [{}, {}],
		});
		const perCall = result.items.length / 2;
		expect(
			result.items
				.slice(0, perCall)
				.every((item) => (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
		expect(
			result.items.slice(perCall).every((item) => (item.pairedItem as { item: number }).item === 1),
		).toBe(true);
	});
});

describe('every request', () => {
	it('carries a User-Agent naming this package and its version', async () => {
		await runAsEditor({ resource: 'wallet', operation: 'getBalance' });
		const { version } = packageJson;
		expect(onlyRequest(ctx.sim, TCN).headers['user-agent']).toBe(
			`n8n-nodes-coinremitter/${version}`,
		);
	});
});
