// Runs one operation of the action node against the simulator, under v1 or a legacy wallet, for
// the per-operation tests (test/unit/CoinRemitter/actions/<resource>/<operation>.test.ts).
import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';
import type { SimulatorInstance as Simulator } from '../fixtures/simulator';
import { LTC, TCN_LEGACY, legacyCredentials, v1Credentials } from '../fixtures/simulator';
import { expectMultipart } from './assertions';
import { editorParameters } from './editor';
import { runNode } from './engine';

type SimulatorHolder = { sim: Simulator };

const { description } = new CoinRemitter();

/** v1 runs with the TCN wallet's credential; each fails the test when the node fails. */
export function v1Operations(ctx: SimulatorHolder) {
	async function run(
		resource: string,
		operation: string,
		parameters: Record<string, unknown> = {},
	) {
		const result = await runNode({
			parameters: { apiVersion: 'v1', resource, operation, ...parameters } as never,
			credentials: v1Credentials(ctx.sim),
		});
		expect(result.error).toBeUndefined();
		return result.items;
	}

	/** A new deposit address of the wallet; the request log is emptied after it. */
	async function newAddress(label = '') {
		const [item] = await run('address', 'create', { label });
		ctx.sim.requests.length = 0;
		return item.json.address as string;
	}

	/** Runs one v1 operation with parameters built as the editor builds them from the node's description. */
	async function runAsEditor(choices: Record<string, unknown>) {
		const result = await runNode({
			parameters: editorParameters(description, { apiVersion: 'v1', ...choices }) as never,
			credentials: v1Credentials(ctx.sim),
		});
		expect(result.error).toBeUndefined();
		return result.items;
	}

	return { run, newAddress, runAsEditor, description };
}

/** One legacy wallet of each generation: every legacy operation is tried with both. */
export const LEGACY_WALLETS = [
	{ coin: 'TCN', generation: 'v3', keys: TCN_LEGACY, balance: '25.00000000' },
	{ coin: 'LTC', generation: 'v2', keys: LTC, balance: '40.00000000' },
] as const;

export type LegacyTestWallet = (typeof LEGACY_WALLETS)[number];

/** Legacy runs with `wallet`'s credential; each fails the test when the node fails. */
export function legacyOperations(
	ctx: SimulatorHolder,
	{ coin, generation, keys }: LegacyTestWallet,
) {
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

	/** A new deposit address of the wallet; the request log is emptied after it. */
	async function newAddress(label = '') {
		const [item] = await run('address', 'create', { label });
		ctx.sim.requests.length = 0;
		return item.json.address as string;
	}

	return { run, onlyLegacyRequest, newAddress };
}
