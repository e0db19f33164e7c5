import type { IDataObject } from 'n8n-workflow';

import { useSimulator, v1Credentials } from '../../fixtures/simulator';
import { depositCallback as depositOn, TRIGGER, workflowOf } from '../../helpers/staticDataRow';
import { callWebhook, encode } from '../../helpers/webhook';
import { MAX_UNWRITTEN_CLAIMS } from '../../../nodes/CoinRemitterTrigger/startedAnswer';

// A callback that starts the workflow, in the order n8n 1.x handles it (webhooks/live-webhooks.js
// and webhook-helpers.js, 1.123.81): the static data is loaded into a Workflow (n8n-workflow's
// observable object), webhook() runs, n8n reads the answer, saves the static data if it is marked
// changed and only then answers the sender; the run starts after. n8n 1.x gives the node its
// n8n-workflow 1.x.
jest.mock('n8n-workflow/package.json', () => ({ version: '1.120.31' }));

const ctx = useSimulator();
const WIDTH = 12;
let deposits = 0;
const depositCallback = () => depositOn(ctx.sim, 'T' + String(++deposits).padStart(33, 'b'));

/**
 * One webhook request against the workflow's row, in n8n 1.x's order; each reads the row when it
 * arrives and writes the whole row back when n8n saves (the last writer wins). `process`: the n8n
 * process (one delivery memory each).
 */
async function deliver(
	row: { staticData: string },
	callback: ReturnType<typeof encode>,
	process: string,
	{ written = true } = {},
) {
	const loaded = JSON.parse(row.staticData) as IDataObject;
	const webhookPhase = workflowOf(loaded);
	const result = await callWebhook(callback, {
		credentials: v1Credentials(ctx.sim),
		staticData: webhookPhase.getStaticData('node', TRIGGER),
		workflowId: process,
	});
	const byNode = result.response.noWebhookResponse === true;
	const body = byNode ? result.body : result.response.webhookResponse; // n8n reads it, then saves
	const saved = webhookPhase.staticData.__dataChanged === true;
	if (saved && written) row.staticData = JSON.stringify(webhookPhase.staticData);
	workflowOf(loaded); // the run starts
	return { result, body, byNode, saved };
}

const remembered = (row: { staticData: string }) =>
	String(
		(JSON.parse(row.staticData) as Record<string, IDataObject>)['node:CoinRemitter Trigger']
			?.deliveries ?? '',
	).length / WIDTH;

describe('a callback that starts the workflow where n8n saves before it answers (n8n 1.x)', () => {
	it('is answered by the node before n8n saves, and every delivery is still saved', async () => {
		const row = { staticData: '{}' };

		const first = await deliver(row, depositCallback(), 'p1');
		expect(first.byNode).toBe(true);
		expect(first.saved).toBe(true);

		const second = depositCallback();
		const answered = await deliver(row, second, 'p1');
		expect(answered.byNode).toBe(true);
		expect(answered.result.status).toBe(200);
		expect(answered.body).toEqual({ received: true });
		expect(answered.result.items).toHaveLength(1);
		expect(answered.saved).toBe(true); // n8n still saves the claim, after the answer
		expect(remembered(row)).toBe(2);

		// A restart: another process, with only the row.
		const replay = await deliver(row, second, 'p2');
		expect(replay.result.items).toHaveLength(0);
		expect(replay.body).toEqual({ received: true, ignored: 'duplicate delivery' });
	});

	it('answers callers at once itself, and the last whole-row write still holds every claim', async () => {
		const row = { staticData: '{}' };
		const at = await Promise.all(
			Array.from({ length: 5 }, async () => await deliver(row, depositCallback(), 'p3')),
		);
		expect(at.map((one) => one.byNode)).toEqual([true, true, true, true, true]);
		expect(at.every((one) => one.result.items.length === 1)).toBe(true);
		expect(remembered(row)).toBe(5);
	});

	it("answers first only while n8n's writes keep up: past MAX_UNWRITTEN_CLAIMS unwritten, n8n answers after its write", async () => {
		const row = { staticData: '{}' };
		// n8n has not written these claims yet (its writes queue behind each other under a flood).
		for (let i = 0; i < MAX_UNWRITTEN_CLAIMS; i++)
			expect((await deliver(row, depositCallback(), 'p4', { written: false })).byNode).toBe(true);
		const behind = await deliver(row, depositCallback(), 'p4');
		expect(behind.byNode).toBe(false);
		expect(behind.body).toEqual({ received: true });
		expect(behind.result.items).toHaveLength(1);
		// Its write carried every claim of the process: the writes have caught up.
		expect(remembered(row)).toBe(MAX_UNWRITTEN_CLAIMS + 1);
		expect((await deliver(row, depositCallback(), 'p4')).byNode).toBe(true);
	});
});
