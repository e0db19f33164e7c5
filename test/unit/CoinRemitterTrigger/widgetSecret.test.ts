// Widget orders cannot be looked up with the API. From typeVersion 3 they start nothing until a
// CoinRemitter Widget Secret credential guards them; the secret has a minimum length, is compared
// in constant time and never appears in an answer, an item or a log line. Saved triggers
// (typeVersions 1 and 2) keep their behaviour and say so in the editor.
import { CoinRemitterTrigger } from '../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import {
	MIN_WIDGET_SECRET_LENGTH,
	secretProblem,
	testWidgetSecret,
} from '../../../nodes/CoinRemitterTrigger/widgetSecret';
import { callbacks } from '../../../simulator/server';
import { callWebhook, encode, loggedLines } from '../../helpers/webhook';

const ORDER_GUARD = 'wS3cret-of-the-shop_0123456789';
const order = () => encode(callbacks.widgetOrders.pricing(1));
const v3 = (extra: Record<string, unknown> = {}) => ({ typeVersion: 3, ...extra });
const withSecret = (secret = ORDER_GUARD) => ({ coinRemitterWidgetApi: { secret } });

describe('widget orders on a new trigger (typeVersion 3)', () => {
	it('start nothing without a Widget Secret credential: 403', async () => {
		const result = await callWebhook(order(), v3());
		expect(result.status).toBe(403);
		expect(result.items).toEqual([]);
		expect(JSON.stringify(result.body)).toMatch(/Widget orders are off/);
	});

	it('start the workflow with the secret at the end of the URL; a wrong or missing one is answered 401', async () => {
		const good = await callWebhook(
			order(),
			v3({ credentials: withSecret(), query: { secret: ORDER_GUARD } }),
		);
		expect(good.items).toHaveLength(1);
		expect(good.items[0].verification).toMatch(/the widget secret matched/);
		for (const query of [{}, { secret: `${ORDER_GUARD}x` }, { secret: ORDER_GUARD.slice(0, -1) }]) {
			const bad = await callWebhook(order(), v3({ credentials: withSecret(), query }));
			expect([bad.status, bad.items.length]).toEqual([401, 0]);
		}
	});

	it('a secret shorter than the minimum guards nothing: widget orders stay off (403), even with it in the URL', async () => {
		const short = 'x'.repeat(MIN_WIDGET_SECRET_LENGTH - 1);
		const result = await callWebhook(
			order(),
			v3({ credentials: withSecret(short), query: { secret: short } }),
		);
		expect([result.status, result.items.length]).toEqual([403, 0]);
	});

	it('never shows the secret in an answer, an item or a log line', async () => {
		loggedLines.length = 0;
		const results = [
			await callWebhook(order(), v3({ credentials: withSecret(), query: { secret: ORDER_GUARD } })),
			await callWebhook(order(), v3({ credentials: withSecret(), query: { secret: 'wrong' } })),
		];
		const seen = JSON.stringify([results.map((r) => [r.body, r.items]), loggedLines]);
		expect(seen).not.toContain(ORDER_GUARD);
	});

	it('are not among the events a new trigger selects by default; a saved one keeps them all', () => {
		const events = new CoinRemitterTrigger().description.properties.filter(
			(p) => p.name === 'events',
		);
		const byVersion = Object.fromEntries(
			events.map((p) => [JSON.stringify(p.displayOptions?.show?.['@version']), p.default]),
		);
		expect(byVersion['[3]']).toEqual(['deposit', 'withdrawal', 'invoice']);
		expect(byVersion['[1,2]']).toEqual(['deposit', 'withdrawal', 'invoice', 'widgetOrder']);
	});
});

describe('saved triggers (typeVersions 1 and 2)', () => {
	it('keep their behaviour: without a Widget Secret option a widget order starts the workflow, unverified', async () => {
		const result = await callWebhook(order(), { typeVersion: 2 });
		expect(result.items).toMatchObject([{ event: 'widgetOrder', verified: false }]);
	});

	it('show a notice in the editor where widget orders are selected', () => {
		const notice = new CoinRemitterTrigger().description.properties.find(
			(p) => p.name === 'widgetOrdersUnguardedNotice',
		);
		expect(notice?.displayOptions?.show).toEqual({ '@version': [1, 2], events: ['widgetOrder'] });
	});
});

describe("the Widget Secret credential's test", () => {
	it.each([
		['x'.repeat(MIN_WIDGET_SECRET_LENGTH - 1), 'Error'],
		['has a space in it, long enough!!', 'Error'],
		[ORDER_GUARD, 'OK'],
	])('%s → %s', async (secret, status) => {
		const result = await testWidgetSecret.call({} as never, {
			id: 'c',
			name: 'c',
			type: 'coinRemitterWidgetApi',
			data: { secret },
		});
		expect(result.status).toBe(status);
		expect(result.message).not.toContain(secret);
		expect(secretProblem(secret) === undefined).toBe(status === 'OK');
	});
});
