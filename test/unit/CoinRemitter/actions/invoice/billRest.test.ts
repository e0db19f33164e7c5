// Invoice → Bill the Rest: a new invoice for exactly what an Under Paid invoice still owes, read
// from CoinRemitter's record, linked to the original by its ID in Custom Data 1; every other
// invoice is refused before anything is created.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../../../../nodes/CoinRemitter/CoinRemitter.node';
import { callbacks } from '../../../../../simulator/server';
import { runNode } from '../../../../helpers/engine';
import { LEGACY_WALLETS, legacyOperations } from '../../../../helpers/operations';
import {
	TCN,
	legacyCredentials,
	useSimulator,
	v1Credentials,
} from '../../../../fixtures/simulator';

const ctx = useSimulator();

type Record = { [field: string]: unknown; invoice_id: string };

/** A v1 invoice of the TCN wallet (10 USD = 20 TCN unless the fields say otherwise). */
const v1Invoice = (fields: { [name: string]: string } = {}) =>
	ctx.sim.createV1Invoice(TCN.apiKey, {
		amount: '10',
		fiat_currency: 'USD',
		...fields,
	}) as Record;

const createRequests = () =>
	ctx.sim.requests.filter((request) => /invoice\/create|create-invoice/.test(request.path));

/** Bill the Rest of `invoiceId`, on v1 or with a legacy `wallet`'s credential, over `items`. */
async function billRest(
	invoiceId: string,
	additionalFields: object = {},
	{ items, wallet }: { items?: IDataObject[]; wallet?: (typeof LEGACY_WALLETS)[number] } = {},
) {
	ctx.sim.requests.length = 0;
	return await runNode({
		parameters: {
			apiVersion: wallet ? 'legacy' : 'v1',
			resource: 'invoice',
			operation: 'billRest',
			invoiceId,
			additionalFields,
		} as never,
		credentials: wallet
			? legacyCredentials(ctx.sim, wallet.coin, wallet.keys)
			: v1Credentials(ctx.sim),
		items,
	});
}

describe('invoice: bill the rest', () => {
	describe('v1', () => {
		it('creates an invoice for exactly what is owed, in the original fiat, linked by its ID', async () => {
			const original = v1Invoice({
				notify_url: 'https://shop.example/notify',
				success_url: 'https://shop.example/ok',
				fail_url: 'https://shop.example/fail',
				description: 'Two mugs',
				custom_data1: 'order-42',
			});
			callbacks.payInvoice(ctx.sim, original.invoice_id, '12.34567891');
			const result = await billRest(original.invoice_id);
			expect(result.error).toBeUndefined();
			expect(ctx.sim.requests.map((request) => request.path)).toEqual([
				'/v1/invoice/get',
				'/v1/invoice/create',
			]);
			expect(ctx.sim.requests[1].fields).toEqual({
				amount: '3.82716055',
				fiat_currency: 'USD',
				name: 'tcn-wallet',
				notify_url: 'https://shop.example/notify',
				success_url: 'https://shop.example/ok',
				fail_url: 'https://shop.example/fail',
				description: 'Two mugs',
				custom_data1: original.invoice_id,
				custom_data2: 'order-42',
			});
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json).toMatchObject({
				status_code: 0,
				custom_data1: original.invoice_id,
				total_amount: { USD: '3.82716055', TCN: '7.65432110' },
			});
			expect(result.items[0].pairedItem).toEqual({ item: 0 });
		});

		it('bills in the fiat the original was priced in (EUR), and takes Additional Fields over the copy', async () => {
			const original = v1Invoice({ amount: '9', fiat_currency: 'EUR', custom_data1: 'o-1' });
			callbacks.payInvoice(ctx.sim, original.invoice_id, '15');
			const result = await billRest(original.invoice_id, {
				name: 'Rest of order 1',
				customData2: 'mine',
				expiryMinutes: 60,
			});
			expect(result.error).toBeUndefined();
			expect(createRequests()[0].fields).toMatchObject({
				amount: '2.25',
				fiat_currency: 'EUR',
				name: 'Rest of order 1',
				expiry_time_in_minutes: '60',
				custom_data1: original.invoice_id,
				custom_data2: 'mine',
			});
		});

		it('bills in USD when the original names no fiat currency (the service chose its default)', async () => {
			const original = ctx.sim.createV1Invoice(TCN.apiKey, { amount: '10' }) as Record;
			expect(original.fiat_currency).toBe('');
			callbacks.payInvoice(ctx.sim, original.invoice_id, '19');
			const result = await billRest(original.invoice_id);
			expect(result.error).toBeUndefined();
			expect(createRequests()[0].fields).toMatchObject({ amount: '0.5', fiat_currency: 'USD' });
		});

		it.each([
			['Pending', () => undefined],
			['Paid', (id: string) => callbacks.payInvoice(ctx.sim, id, '20')],
			['Over Paid', (id: string) => callbacks.payInvoice(ctx.sim, id, '21')],
			[
				'Expired',
				(id: string) => {
					ctx.sim.expireInvoice(id);
					callbacks.payInvoice(ctx.sim, id, '5');
				},
			],
		])('refuses an invoice that is %s, before creating anything', async (status, settle) => {
			const original = v1Invoice();
			settle(original.invoice_id);
			const result = await billRest(original.invoice_id);
			expect(result.error?.message).toBe(
				`Invoice ID: invoice ${original.invoice_id} is ${status}, not Under Paid`,
			);
			expect(result.error?.context?.itemIndex).toBe(0);
			expect(createRequests()).toEqual([]);
		});

		it('CoinRemitter under maintenance while the record is read: its error, and nothing is created', async () => {
			const original = v1Invoice();
			callbacks.payInvoice(ctx.sim, original.invoice_id, '12');
			ctx.sim.faults.maintenance = true;
			const result = await billRest(original.invoice_id);
			ctx.sim.faults.maintenance = false;
			expect(result.error?.message).toMatch(/^CoinRemitter/);
			expect(`${result.error?.message} ${result.error?.description}`).toMatch(/maintenance/i);
			expect(createRequests()).toHaveLength(0);
		});

		it('refuses a Cancelled invoice', async () => {
			const original = v1Invoice();
			Object.assign(ctx.sim.state.invoices.get(original.invoice_id)!, {
				status: 'Cancelled',
				status_code: 5,
			});
			const result = await billRest(original.invoice_id);
			expect(result.error?.message).toMatch(/is Cancelled, not Under Paid$/);
			expect(createRequests()).toEqual([]);
		});

		it('refuses an Under Paid record that owes nothing in the coin or in its fiat', async () => {
			const original = v1Invoice();
			const stored = ctx.sim.state.invoices.get(original.invoice_id)!;
			Object.assign(stored, {
				status: 'Under Paid',
				status_code: 2,
				paid_amount: { TCN: '20.00000000', USD: '9.00000000' },
			});
			const coin = await billRest(original.invoice_id);
			expect(coin.error?.message).toBe(
				`Invoice ID: invoice ${original.invoice_id} owes nothing in TCN by its record`,
			);
			stored.paid_amount = { TCN: '19.00000000', USD: '10.00000000' };
			const fiat = await billRest(original.invoice_id);
			expect(fiat.error?.message).toBe(
				`Invoice ID: invoice ${original.invoice_id} owes nothing in USD by its record`,
			);
			expect(createRequests()).toEqual([]);
		});

		it('reads the amounts from CoinRemitter, never from the item', async () => {
			const original = v1Invoice();
			callbacks.payInvoice(ctx.sim, original.invoice_id, '18');
			const result = await billRest(
				original.invoice_id,
				{},
				{ items: [{ ...original, status_code: 2, owed: { USD: '999' }, paid_amount: [] }] },
			);
			expect(result.error).toBeUndefined();
			expect(createRequests()[0].fields).toMatchObject({ amount: '1', fiat_currency: 'USD' });
		});

		it('an unknown invoice and an empty Invoice ID fail before any create', async () => {
			const unknown = await billRest('TCN9999');
			expect(unknown.error).toBeDefined();
			const empty = await billRest('  ');
			expect(empty.error?.message).toBe('Invoice ID: is required but empty');
			expect(createRequests()).toEqual([]);
		});
	});

	describe.each(LEGACY_WALLETS)('legacy $generation ($coin)', (wallet) => {
		const { run } = legacyOperations(ctx, wallet);
		const spelling = wallet.generation === 'v2' ? 'suceess_url' : 'success_url';

		it('bills the rest in the base currency with the generation’s spelling', async () => {
			const [created] = await run('invoice', 'create', {
				amount: '8',
				fiatCurrency: 'GBP',
				additionalFields: { successUrl: 'https://shop.example/ok', customData1: 'o-7' },
			});
			const invoiceId = String(created.json.invoice_id);
			const coinTotal = (created.json.total_amount as { [coin: string]: string })[wallet.coin];
			const half = (BigInt(coinTotal.replace('.', '')) / 2n).toString().padStart(9, '0');
			callbacks.payInvoice(ctx.sim, invoiceId, `${half.slice(0, -8)}.${half.slice(-8)}`);
			ctx.sim.requests.length = 0;
			const [item] = await run('invoice', 'billRest', { invoiceId });
			const paths = ctx.sim.requests.map((request) => request.path.split('/').pop());
			expect(paths).toEqual(['get-invoice', 'create-invoice']);
			expect(ctx.sim.requests[1].fields).toMatchObject({
				amount: '4',
				currency: 'GBP',
				[spelling]: 'https://shop.example/ok',
				custom_data1: invoiceId,
				custom_data2: 'o-7',
			});
			expect(item.json).toMatchObject({
				base_currency: 'GBP',
				success_url: 'https://shop.example/ok',
				total_amount: { GBP: '4.00000000' },
			});
		});

		it('refuses an invoice that is not Under Paid', async () => {
			const [created] = await run('invoice', 'create', { amount: '8', fiatCurrency: 'USD' });
			const result = await billRest(String(created.json.invoice_id), {}, { wallet });
			expect(result.error?.message).toMatch(/is Pending, not Under Paid$/);
			expect(createRequests()).toEqual([]);
		});
	});
});

describe('invoice: the operation list', () => {
	it('keeps Create the default operation, so saved workflows keep theirs', () => {
		const { properties } = new CoinRemitter().description;
		const selectors = properties.filter(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes('invoice'),
		);
		expect(selectors.map((selector) => selector.default)).toEqual(['create', 'create']);
		for (const selector of selectors)
			expect(selector.options?.map((option) => (option as { value: string }).value)).toContain(
				'billRest',
			);
	});
});
