import type { IDataObject } from 'n8n-workflow';

import { useSimulator, v1Credentials } from '../../fixtures/simulator';
import { depositCallback as depositOn, TRIGGER, workflowOf } from '../../helpers/staticDataRow';
import { callWebhook, encode } from '../../helpers/webhook';

// A callback that starts the workflow, in the order n8n 2.x handles it (webhooks/live-webhooks.js
// and webhook-helpers.js, 2.41.1): the static data is loaded into a Workflow (n8n-workflow's
// observable object), webhook() runs, n8n starts the run, and only then answers the sender and
// saves the static data if it is marked changed. Starting the run builds another Workflow from the
// same static data object (WorkflowRunner.establishContextForPersistence), which marks it unchanged.
// n8n 2.x gives the node its n8n-workflow 2.x.
jest.mock('n8n-workflow/package.json', () => ({ version: '2.41.0' }));

const ctx = useSimulator();
let deposits = 0;
const depositCallback = () => depositOn(ctx.sim, 'T' + String(++deposits).padStart(33, 'b'));

/** One webhook request of one n8n process against the workflow's row; answers what the sender got. */
async function deliver(
	row: { staticData: string },
	callback: ReturnType<typeof encode>,
	options: IDataObject = {},
	process = `process-${Math.random()}`, // by default each delivery a new process: only the row remembers
) {
	const loaded = JSON.parse(row.staticData) as IDataObject;
	const webhookPhase = workflowOf(loaded);
	const result = await callWebhook(callback, {
		credentials: v1Credentials(ctx.sim),
		parameters: { options },
		staticData: webhookPhase.getStaticData('node', TRIGGER),
		workflowId: process,
	});
	// n8n reads the answer once before the run starts when it cleans up a multipart body's files.
	void result.response.webhookResponse;
	workflowOf(loaded); // the run starts
	const markedAfterRunStarted = webhookPhase.staticData.__dataChanged === true;
	const body = result.response.webhookResponse ?? result.body; // n8n reads the answer, then saves
	const saved = webhookPhase.staticData.__dataChanged === true;
	if (saved) row.staticData = JSON.stringify(webhookPhase.staticData);
	return { result, body, markedAfterRunStarted, saved };
}

describe('a callback that starts the workflow, answered by n8n after the run starts', () => {
	it('is answered 200 by n8n, and its delivery is saved although starting the run marked the static data unchanged', async () => {
		const row = { staticData: '{}' };
		const callback = depositCallback();

		const first = await deliver(row, callback);
		expect(first.result.items).toHaveLength(1);
		expect(first.result.response.noWebhookResponse).toBeUndefined();
		expect(first.body).toEqual({ received: true });
		expect(first.markedAfterRunStarted).toBe(false); // n8n's re-wrap, which the answer undoes
		expect(first.saved).toBe(true);
		expect(row.staticData).toContain('deliveries');

		// A restart: a new process, with only the row.
		const replay = await deliver(row, callback);
		expect(replay.result.items).toHaveLength(0);
		expect(replay.body).toEqual({ received: true, ignored: 'duplicate delivery' });
	});

	it('with Skip Duplicates off writes nothing: no save is due for a started callback', async () => {
		const row = {
			staticData: '{"node:CoinRemitter Trigger":{"webhookUrl":"https://n8n.example/w"}}',
		};
		const before = row.staticData;
		const first = await deliver(row, depositCallback(), { skipDuplicates: false });
		expect(first.result.items).toHaveLength(1);
		expect(first.body).toEqual({ received: true });
		expect(first.saved).toBe(false);
		expect(row.staticData).toBe(before);
	});

	it('callbacks at once, each written with its own copy: the row holds every delivery, whatever order n8n saves in', async () => {
		const row = { staticData: '{}' };
		const callbacks = Array.from({ length: 5 }, depositCallback);
		const at = await Promise.all(
			callbacks.map(async (one) => await deliver(row, one, {}, 'one-process')),
		);
		expect(at.every((one) => one.result.items.length === 1)).toBe(true);
		expect(at.every((one) => JSON.stringify(one.body) === '{"received":true}')).toBe(true);
		expect(at.every((one) => one.saved)).toBe(true);
		for (const one of callbacks) {
			const replay = await deliver(row, one);
			expect(replay.result.items).toHaveLength(0);
		}
	});
});
