import packageJson from '../../../../package.json';

import { runNode } from '../../../helpers/engine';
import { onlyRequest } from '../../../helpers/assertions';
import { v1Operations } from '../../../helpers/operations';
import { TCN, TCN_LEGACY, legacyCredentials, useSimulator } from '../../../fixtures/simulator';

const ctx = useSimulator();
const { runAsEditor } = v1Operations(ctx);

describe('every request', () => {
	it('carries a User-Agent naming this package and its version', async () => {
		await runAsEditor({ resource: 'wallet', operation: 'getBalance' });
		const { version } = packageJson;
		expect(onlyRequest(ctx.sim, TCN).headers['user-agent']).toBe(
			`n8n-nodes-coinremitter/${version}`,
		);
	});
});

describe('legacy generation', () => {
	it('a forced generation overrides the automatic one', async () => {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance' },
			credentials: legacyCredentials(ctx.sim, 'TCN', TCN_LEGACY, 'v2'),
		});
		expect(ctx.sim.requests[0].path).toBe('/api/v2/TCN/get-balance');
		expect(result.error?.message).toBe(
			'CoinRemitter has no such legacy endpoint for this coin (HTTP 404)',
		);
		expect(result.error?.description).toMatch(/API generation of the credential/);
	});

	it('does not send v1 headers and v1 keys do not open the legacy interface with another coin', async () => {
		const result = await runNode({
			parameters: { apiVersion: 'legacy', resource: 'wallet', operation: 'getBalance' },
			credentials: legacyCredentials(ctx.sim, 'BTC', {
				apiKey: TCN.apiKey,
				password: TCN.apiPassword,
			}),
		});
		expect(result.error?.message).toBe('CoinRemitter refused the request');
	});
});
