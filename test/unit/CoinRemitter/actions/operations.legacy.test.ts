import { runNode } from '../../../helpers/engine';
import { expectMultipart } from '../../../helpers/assertions';
import { LTC, TCN_LEGACY, legacyCredentials, useSimulator } from '../../../fixtures/simulator';

const ctx = useSimulator();

const wallets = [
	{ coin: 'TCN', generation: 'v3', keys: TCN_LEGACY, balance: '25.00000000' },
	{ coin: 'LTC', generation: 'v2', keys: LTC, balance: '40.00000000' },
] as const;

describe.each(wallets)('legacy $generation ($coin)', ({ coin, generation, keys }) => {
	async function run(
		resource: string,
		operation: string,
		parameters: Record<string, unknown> = {},
	) {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource, operation, ...parameters } as never,
			credentials: legacyCredentials(ctx.sim, coin, keys),
		});
		expect(result.error).toBeUndefined();
		return result.items;
	}

	/** The single request of the run: a multipart POST to the coin's path that carries the credentials. */
	function onlyLegacyRequest(operationPath: string) {
		expect(ctx.sim.requests).toHaveLength(1);
		const [request] = ctx.sim.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/api/${generation}/${coin}/${operationPath}`);
		expectMultipart(request);
		expect(request.fields.api_key).toBe(keys.apiKey);
		expect(request.fields.password).toBe(keys.password);
		expect(request.headers['x-api-key']).toBeUndefined();
		const fields = { ...request.fields };
		delete fields.api_key;
		delete fields.password;
		return fields;
	}

	async function newAddress(label = '') {
		const [item] = await run('address', 'create', { label });
		ctx.sim.requests.length = 0;
		return item.json.address as string;
	}

	it('withdrawal: create sends to_address and the exact amount', async () => {
		const address = await newAddress();
		const items = await run('withdrawal', 'create', { address, amount: '1.23456789' });
		expect(onlyLegacyRequest('withdraw')).toEqual({ to_address: address, amount: '1.23456789' });
		expect(items[0].json).toMatchObject({
			amount: '1.23456789',
			transaction_fees: '0.00010000',
			processing_fees: '0.00308641',
			total_amount: '1.23775430',
			to_address: address,
			coin_short_name: coin,
		});
	});
});
