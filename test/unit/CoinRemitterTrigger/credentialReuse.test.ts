// The trigger reads its credential from n8n once for a run of callbacks it verifies, and again
// after CALLBACK_CREDENTIAL_REUSE_MS or after any callback the credential did not verify.
import type { IDataObject } from 'n8n-workflow';

import { CALLBACK_CREDENTIAL_REUSE_MS } from '../../../nodes/shared/client/credentials';
import { callbacks } from '../../../simulator/server';
import { TCN, WRONG, useSimulator, v1Credentials, walletAddress } from '../../fixtures/simulator';
import { callWebhook, encode } from '../../helpers/webhook';

const ctx = useSimulator();

function genuineDeposit(): IDataObject {
	const address = 'T' + Math.random().toString(16).slice(2).padEnd(33, 'a').slice(0, 33);
	walletAddress(ctx.sim, address, { label: 'reuse', lifetimeMs: 600_000 });
	const tx = ctx.sim.deposit(TCN.apiKey, address, '0.5', 3);
	return callbacks.v1TransactionWebhook(ctx.sim, tx.id) as IDataObject;
}

describe('the trigger reads its credential once for a run of callbacks', () => {
	const reads: Record<string, number> = {};
	const send = async (
		callback: IDataObject,
		{ workflowId = 'wf-reuse', keys = TCN }: { workflowId?: string; keys?: typeof TCN } = {},
	) =>
		await callWebhook(encode(callback), {
			credentials: v1Credentials(ctx.sim, keys),
			workflowId,
			credentialReads: reads,
		});

	beforeEach(() => {
		reads.coinRemitterApi = 0;
	});
	afterEach(() => jest.restoreAllMocks());

	it('callbacks verified one after another, and at once, read it once', async () => {
		const first = await send(genuineDeposit());
		const second = await send(genuineDeposit());
		const atOnce = await Promise.all(
			Array.from({ length: 5 }, async () => await send(genuineDeposit())),
		);
		for (const result of [first, second, ...atOnce]) {
			expect(result.status).toBe(200);
			expect(result.items[0].verified).toBe(true);
		}
		expect(reads.coinRemitterApi).toBe(1);
	});

	it('each trigger node reads its own', async () => {
		await send(genuineDeposit(), { workflowId: 'wf-a' });
		await send(genuineDeposit(), { workflowId: 'wf-b' });
		expect(reads.coinRemitterApi).toBe(2);
	});

	it(`it is read again ${CALLBACK_CREDENTIAL_REUSE_MS / 1000} s after the last read`, async () => {
		await send(genuineDeposit());
		const readAt = Date.now();
		jest.spyOn(Date, 'now').mockReturnValue(readAt + CALLBACK_CREDENTIAL_REUSE_MS - 1_000);
		await send(genuineDeposit());
		expect(reads.coinRemitterApi).toBe(1);
		jest.spyOn(Date, 'now').mockReturnValue(readAt + CALLBACK_CREDENTIAL_REUSE_MS + 1_000);
		await send(genuineDeposit());
		expect(reads.coinRemitterApi).toBe(2);
	});

	it('a credential the API refuses is read again for the next callback: the fixed one verifies it', async () => {
		const refused = await send(genuineDeposit(), { keys: WRONG });
		expect(refused.status).toBe(503);
		const fixed = await send(genuineDeposit());
		expect(fixed.status).toBe(200);
		expect(fixed.items[0].verified).toBe(true);
		expect(reads.coinRemitterApi).toBe(2);
	});

	it('a forged callback makes the next callback read it again', async () => {
		await send(genuineDeposit());
		const forged = await send({ ...genuineDeposit(), id: 'f'.repeat(24), amount: '9' });
		expect(forged.status).toBe(403);
		await send(genuineDeposit());
		expect(reads.coinRemitterApi).toBe(2);
	});
});
