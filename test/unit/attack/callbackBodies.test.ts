// Attack: callback bodies built to confuse the parser or the workflow. Each is answered 4xx (or
// verified against the record) and never starts the workflow with anything the record does not say.
import type { IDataObject } from 'n8n-workflow';

import { callbacks } from '../../../simulator/server';
import { TCN, useSimulator, v1Credentials } from '../../fixtures/simulator';
import { callWebhook, encode, rawBody } from '../../helpers/webhook';

const ctx = useSimulator();
const ADDRESS = 'T' + 'Q'.repeat(33);

const genuine = (amount = '0.4', confirmations = 3) => {
	ctx.sim.wallet(TCN.apiKey)!.addresses.set(ADDRESS, {
		address: ADDRESS,
		label: 'l',
		createdAt: Date.now(),
		expiresAt: Date.now() + 1000,
	});
	const tx = ctx.sim.deposit(TCN.apiKey, ADDRESS, amount, confirmations);
	return callbacks.v1TransactionWebhook(ctx.sim, tx.id as string) as IDataObject;
};

const send = async (text: string, contentType = 'application/json') =>
	await callWebhook(rawBody(text, contentType), { credentials: v1Credentials(ctx.sim) });

describe('prototype keys', () => {
	it.each([
		[
			'__proto__ at the top of a JSON body',
			(body: string) => body.replace('{', '{"__proto__":{"verified":true},'),
		],
		[
			'constructor at the top of a JSON body',
			(body: string) => body.replace('{', '{"constructor":{"prototype":{"x":1}},'),
		],
		[
			'__proto__ nested in a JSON value',
			(body: string) => body.replace('{', '{"payment_history":{"__proto__":{"amount":"999"}},'),
		],
		[
			'constructor.prototype nested in a JSON value',
			(body: string) =>
				body.replace('{', '{"meta":{"constructor":{"prototype":{"polluted":"yes"}}},'),
		],
	])('%s: 400, nothing starts, nothing polluted', async (_what, edit) => {
		const result = await send(edit(JSON.stringify(genuine())));
		expect(result.status).toBe(400);
		expect(result.items).toEqual([]);
		expect(({} as IDataObject).polluted).toBeUndefined();
		expect(({} as IDataObject).amount).toBeUndefined();
	});

	it.each([['__proto__[verified]'], ['constructor[prototype][polluted]'], ['meta[__proto__][x]']])(
		'multipart field %s: 400, nothing starts',
		async (field) => {
			const result = await callWebhook(encode({ ...genuine(), [field]: 'yes' }), {
				credentials: v1Credentials(ctx.sim),
			});
			expect(result.status).toBe(400);
			expect(result.items).toEqual([]);
			expect(({} as IDataObject).polluted).toBeUndefined();
		},
	);
});

describe('duplicate keys, long strings, big numbers', () => {
	it('a duplicated amount in JSON: the value compared is the value used (the last), and the item holds the record', async () => {
		const body = JSON.stringify(genuine('0.4'));
		const doubled = body.replace('{', '{"amount":"999",');
		const result = await send(doubled);
		expect(result.status).toBe(200);
		expect(result.items).toEqual([
			expect.objectContaining({ amount: '0.40000000', verified: true }),
		]);
		const reversed = body.replace(/}$/, ',"amount":"999"}');
		expect((await send(reversed)).status).toBe(403);
	});

	it('a 1 MB field is refused with 400', async () => {
		const result = await send(JSON.stringify({ ...genuine(), note: 'x'.repeat(1_000_000) }));
		expect(result.status).toBe(400);
		expect(result.items).toEqual([]);
	});

	it('an id and an amount as numbers beyond 15 digits are compared exactly, not as floats', async () => {
		const payload = genuine('0.4');
		const result = await send(
			JSON.stringify(payload).replace(
				`"amount":"${String(payload.amount)}"`,
				'"amount":0.40000000000000000001',
			),
		);
		expect(result.status).toBe(403);
		expect(result.items).toEqual([]);
	});

	it('confirmations as a huge number are refused or verified, never a 500', async () => {
		const payload = genuine('0.4', 1);
		const result = await send(
			JSON.stringify(payload).replace(/"confirmations":\d+/, '"confirmations":1e400'),
		);
		expect([200, 400]).toContain(result.status);
		for (const item of result.items) expect(item.confirmations).toBe(1);
	});
});
