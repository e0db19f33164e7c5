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
