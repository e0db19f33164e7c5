import { CREDENTIAL_TEST_HEADER } from '../../../nodes/shared/client/ownRequests';
import { expectNoSecrets } from '../../helpers/assertions';
import { testCredential } from '../../helpers/credentialTester';
import { INACTIVE, TCN, WRONG, useSimulator } from '../../fixtures/simulator';

const ctx = useSimulator();

describe('credential coinRemitterApi: test', () => {
	it('passes with the right key and password, sending them as headers to /v1/wallet/balance', async () => {
		const result = await testCredential('coinRemitterApi', { ...TCN, baseUrl: `${ctx.sim.url}/` });
		expect(result).toEqual({ status: 'OK', message: 'Connection tested successfully' });
		expect(ctx.sim.requests).toHaveLength(1);
		expect(ctx.sim.requests[0]).toMatchObject({ method: 'POST', path: '/v1/wallet/balance' });
		expect(ctx.sim.requests[0].headers).toMatchObject({
			'x-api-key': TCN.apiKey,
			'x-api-password': TCN.apiPassword,
		});
		// The header that tells the credential it is its own Test is never sent.
		expect(Object.keys(ctx.sim.requests[0].headers ?? {})).not.toContain(CREDENTIAL_TEST_HEADER);
	});

	it('fails on a wrong password although the service answers HTTP 200 (error 1003)', async () => {
		const result = await testCredential('coinRemitterApi', { ...WRONG, baseUrl: ctx.sim.url });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused the API key or API password/);
		expectNoSecrets(result, [WRONG.apiPassword, WRONG.apiKey]);
	});

	it('fails on an unknown key', async () => {
		const result = await testCredential('coinRemitterApi', {
			apiKey: 'nobody',
			apiPassword: 'x',
			baseUrl: ctx.sim.url,
		});
		expect(result.status).toBe('Error');
	});

	it('fails on an inactive account (HTTP 401, error 1004)', async () => {
		const result = await testCredential('coinRemitterApi', { ...INACTIVE, baseUrl: ctx.sim.url });
		expect(result.status).toBe('Error');
		expectNoSecrets(result, [INACTIVE.apiPassword, INACTIVE.apiKey]);
	});
});
