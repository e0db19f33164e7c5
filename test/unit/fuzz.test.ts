import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	addressLabel,
	asText,
	oneOf,
	optionalEmail,
	optionalPositiveInteger,
	optionalUrl,
	positiveAmount,
} from '../../nodes/CoinRemitter/actions/validation';
import { WITHDRAWAL_SPEEDS } from '../../nodes/CoinRemitter/actions/withdrawal/fields';
import { runNode } from '../helpers/engine';
import { useSimulator, v1Credentials } from '../fixtures/simulator';
import { seeded } from '../helpers/random';
import { callWebhook, encode, rawBody } from '../helpers/webhook';

const ctx = useSimulator({ rateLimit: 100000 });

const KEYS = [
	'id',
	'txid',
	'type',
	'amount',
	'address',
	'confirmations',
	'required_confirmations',
	'status_code',
	'coin_symbol',
	'coin_short_name',
	'merchant_id',
	'invoice_id',
	'payment_history',
	'total_amount',
	'paid_amount',
	'order_data',
	'conversion_rate',
	'widget_type',
	'widget_id',
	'order_id',
	'transaction_timestamp',
	'__proto__',
	'constructor',
	'prototype',
	'a[b]',
	'payment_history[0][amount]',
	'order_data[__proto__][x]',
	'x[0][1][2][3][4][5][6]',
	'k'.repeat(300),
	'',
];
const AMOUNTISH = [
	'1',
	'0.1',
	'1e-7',
	'1E5',
	'-1',
	'1,5',
	'١٢',
	'NaN',
	'Infinity',
	'0x10',
	' 2 ',
	'00.5',
	'9'.repeat(40),
];

function randomValue(random: ReturnType<typeof seeded>, depth = 0): unknown {
	switch (random.int(depth > 3 ? 6 : 9)) {
		case 0:
			return random.pick(AMOUNTISH);
		case 1:
			return random.pick(['receive', 'send', 'pricing', 'presale', 'payment_button', '']);
		case 2:
			return random.next() * 10 ** random.int(30) * (random.next() < 0.3 ? -1 : 1);
		case 3:
			return String.fromCharCode(
				...Array.from({ length: random.int(40) }, () => random.int(0xffff)),
			);
		case 4:
			return random.pick([null, true, false, 0, -0, Number.MAX_SAFE_INTEGER + 2]);
		case 5:
			return 'x'.repeat(random.pick([1, 1000, 70000]));
		case 6:
			return Object.fromEntries(
				Array.from({ length: random.int(5) }, () => [
					random.pick(KEYS),
					randomValue(random, depth + 1),
				]),
			);
		case 7:
			return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
		default:
			return JSON.stringify(randomValue(random, depth + 1));
	}
}

function randomPayload(random: ReturnType<typeof seeded>): IDataObject {
	const payload: IDataObject = {};
	if (random.next() < 0.6)
		Object.assign(
			payload,
			random.pick([
				{ id: 'tx1', type: 'receive' },
				{ invoice_id: 'I1' },
				{ widget_type: 'pricing', order_id: 'o1' },
			]),
		);
	for (let i = random.int(12); i > 0; i--)
		payload[random.pick(KEYS)] = randomValue(random) as IDataObject[string];
	return payload;
}

function randomRequest(random: ReturnType<typeof seeded>, payload: IDataObject) {
	switch (random.int(5)) {
		case 0:
			return rawBody(JSON.stringify(payload) ?? 'null', 'application/json');
		case 1:
			return rawBody(
				new URLSearchParams(flatStrings(payload)).toString(),
				'application/x-www-form-urlencoded',
			);
		case 2:
			return encode(flatStrings(payload), 'multipart');
		case 3: {
			const bytes = Buffer.from(Array.from({ length: random.int(400) }, () => random.int(256)));
			return {
				body: bytes,
				contentType: random.pick([
					'application/json',
					'application/x-www-form-urlencoded',
					'text/plain',
				]),
			};
		}
		default:
			return rawBody(JSON.stringify(payload).slice(0, random.int(200)), 'application/json');
	}
}

function flatStrings(payload: IDataObject): Record<string, string> {
	return Object.fromEntries(
		Object.entries(payload).map(([key, value]) => [
			key,
			typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
		]),
	);
}

describe('fuzzing the trigger with hostile bodies', () => {
	it('answers 3000 generated bodies with 200 or a clear 400, never crashes, never pollutes objects', async () => {
		const random = seeded(20261122);
		const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
		let accepted = 0;
		let rejected = 0;
		for (let i = 0; i < 3000; i++) {
			const payload = randomPayload(random);
			const request = randomRequest(random, payload);
			const result = await callWebhook(request, {
				parameters: { options: { skipDuplicates: false } },
			});
			if (result.status === 200) {
				accepted++;
				for (const item of result.items) {
					expect(['deposit', 'withdrawal', 'invoice', 'widgetOrder']).toContain(item.event);
					const transaction = item.event === 'deposit' || item.event === 'withdrawal';
					const integers = !transaction
						? ['status_code']
						: item.interface === 'v1'
							? ['confirmations', 'status_code', 'required_confirmations']
							: ['confirmations'];
					for (const key of integers) {
						if (item[key] !== undefined && item[key] !== null)
							expect(Number.isSafeInteger(item[key])).toBe(true);
					}
					if (transaction && typeof item.amount === 'string' && item.amount !== '')
						expect(item.amount).toMatch(/^-?\d+(\.\d+)?$/);
				}
			} else {
				rejected++;
				expect(result.status).toBe(400);
				expect(result.body).toEqual({ received: false, error: expect.any(String) });
				expect(((result.body as IDataObject).error as string).length).toBeLessThan(200);
			}
			expect(({} as IDataObject).x).toBeUndefined();
		}
		expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
		expect(accepted).toBeGreaterThan(50);
		expect(rejected).toBeGreaterThan(1000);
	}, 60000);
});

/** `{"a":{"a":…1…}}` nested `depth` levels, or `[[…]]` when `list`. */
function nested(depth: number, list = false): string {
	return list
		? '['.repeat(depth) + ']'.repeat(depth)
		: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe('malformed bodies are answered 4xx and start nothing', () => {
	const deposit = (inner: string) =>
		`{"id":"t1","type":"receive","coin_symbol":"TCN","x":${inner}}`;
	const expectRefused = (result: Awaited<ReturnType<typeof callWebhook>>) => {
		expect(result.status).toBeGreaterThanOrEqual(400);
		expect(result.status).toBeLessThan(500);
		expect(result.items).toHaveLength(0);
		expect(result.response.workflowData).toBeUndefined();
		expect(result.body).toEqual({ received: false, error: expect.any(String) });
	};

	it.each([
		['objects, 10 deep', nested(10)],
		['objects, 100 000 deep', nested(100_000)],
		['lists, 100 000 deep', nested(100_000, true)],
		['lists, 1 000 000 deep', nested(1_000_000, true)],
	])('a JSON body nested %s', async (_name, inner) => {
		const result = await callWebhook(rawBody(deposit(inner), 'application/json'));
		expectRefused(result);
		expect((result.body as IDataObject).error).toBe('The body is nested too deeply');
	});

	it('a nested field sent as deeply nested JSON text (multipart, urlencoded); a text field keeps it as text', async () => {
		const invoice = { invoice_id: 'I1', coin_symbol: 'TCN', status_code: '1' };
		for (const encoding of ['multipart', 'urlencoded'] as const) {
			for (const field of ['payment_history', 'total_amount', 'paid_amount']) {
				const body = { ...invoice, [field]: nested(30_000, true) };
				expectRefused(await callWebhook(encode(body, encoding)));
			}
			const text = nested(30_000, true);
			const [item] = (await callWebhook(encode({ ...invoice, name: text }, encoding))).items;
			expect(item.name).toBe(text);
		}
	});

	it('a widget order whose order_data is JSON text with deep values inside', async () => {
		const order = { widget_type: 'pricing', order_id: 'o1', order_data: `{"x":${nested(5000)}}` };
		expectRefused(await callWebhook(encode(order)));
	});

	it('a huge body: 5 MB in one field, 100 000 fields', async () => {
		const big = { id: 't1', type: 'receive', amount: '1', note: 'x'.repeat(5_000_000) };
		expectRefused(await callWebhook(rawBody(JSON.stringify(big), 'application/json')));
		const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, '1']));
		expectRefused(await callWebhook(encode({ id: 't1', type: 'receive', ...many }, 'urlencoded')));
	});

	it('bytes that are not text, and JSON that is cut off', async () => {
		const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0x00, 0xc3, 0x28, 0x7d]);
		expectRefused(await callWebhook({ body: bytes, contentType: 'application/json' }));
		expectRefused(
			await callWebhook(rawBody(deposit(nested(50)).slice(0, -30), 'application/json')),
		);
	});

	it('300 seeded bodies of random depth and shape: never a 5xx', async () => {
		const random = seeded(24_7);
		for (let i = 0; i < 300; i++) {
			const depth = 1 + random.int(random.next() < 0.5 ? 12 : 50_000);
			const inner = nested(depth, random.next() < 0.5);
			const key = random.pick([
				'payment_history',
				'order_data',
				'conversion_rate',
				'total_amount',
				'x',
			]);
			const payload = { ...randomPayload(random), [key]: inner };
			const request =
				random.next() < 0.5
					? rawBody(
							JSON.stringify(payload).replace(JSON.stringify(inner), inner),
							'application/json',
						)
					: encode(flatStrings(payload), random.pick(['multipart', 'urlencoded'] as const));
			const result = await callWebhook(request, {
				parameters: { options: { skipDuplicates: false } },
			});
			expect(result.status).toBeLessThan(500);
			if (depth > 8) expect(result.items).toHaveLength(0);
		}
	}, 60000);
});

describe('fuzzing the validators', () => {
	const context = {
		node: {
			id: 'n',
			name: 'CoinRemitter',
			type: 't',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		} as never,
		itemIndex: 3,
	};
	const validators = [
		(value: unknown) => positiveAmount(context, 'Amount', value),
		(value: unknown) => addressLabel(context, 'Label', value, 20),
		(value: unknown) => asText(context, 'Address', value),
		(value: unknown) =>
			oneOf(context, 'Withdrawal Speed', value, WITHDRAWAL_SPEEDS, { optional: true }),
		(value: unknown) => optionalEmail(context, 'Email', value),
		(value: unknown) => optionalUrl(context, 'Notify URL', value),
		(value: unknown) => optionalPositiveInteger(context, 'Expiry (Minutes)', value),
	];

	it('either return text or throw a NodeOperationError naming the field and item, for 5000 values', () => {
		const random = seeded(7);
		for (let i = 0; i < 5000; i++) {
			const value = randomValue(random);
			const validate = validators[i % validators.length];
			try {
				expect(typeof validate(value)).toBe('string');
			} catch (error) {
				expect(error).toBeInstanceOf(NodeOperationError);
				expect((error as NodeOperationError).message).toMatch(
					/^(Amount|Label|Address|Withdrawal Speed|Email|Notify URL|Expiry \(Minutes\)): /,
				);
				expect((error as NodeOperationError).context.itemIndex).toBe(3);
			}
		}
	});

	it('lets through only plain positive decimals as amounts, sent exactly as written', () => {
		const random = seeded(11);
		for (let i = 0; i < 3000; i++) {
			const value = random.next() < 0.5 ? random.pick(AMOUNTISH) : String(randomValue(random));
			try {
				const amount = positiveAmount(context, 'Amount', value);
				expect(amount).toMatch(/^\d+(\.\d+)?$/);
				expect(amount).not.toMatch(/^[0.]+$/);
				expect(amount).toBe(String(value).trim());
			} catch (error) {
				expect(error).toBeInstanceOf(NodeOperationError);
			}
		}
	});

	it('through the engine, random amounts are either refused before sending or sent unchanged', async () => {
		const random = seeded(5);
		const amounts = Array.from({ length: 60 }, () =>
			random.next() < 0.5 ? random.pick(AMOUNTISH) : String(randomValue(random)),
		);
		const result = await runNode({
			parameters: {
				apiVersion: 'v1',
				resource: 'withdrawal',
				operation: 'estimate',
				amount: '={{ $json.amount }}',
			},
			credentials: v1Credentials(ctx.sim),
			items: amounts.map((amount) => ({ amount })),
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(60);
		const sent = ctx.sim.requests.map((request) => request.fields.amount);
		const valid = amounts.filter(
			(amount) => /^\d+(\.\d+)?$/.test(amount.trim()) && !/^[0.]+$/.test(amount.trim()),
		);
		expect(sent).toEqual(valid.map((amount) => amount.trim()));
		result.items.forEach((item, index) => expect(item.pairedItem).toEqual({ item: index }));
	});
});
