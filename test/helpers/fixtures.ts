/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- Jest test code, never loaded by n8n: simulator test keys (not secrets) are fine here */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { forgetRateLimits } from '../../nodes/shared/delivery';
import type { Simulator } from '../../simulator/server';
import { startSimulator } from '../../simulator/server';

export type SimulatorInstance = Simulator;

export const TCN: { apiKey: string; apiPassword: string } = {
	apiKey: 'sim_tcn_key',
	apiPassword: 'sim_tcn_password',
};
export const INACTIVE = { apiKey: 'sim_inactive_key', apiPassword: 'sim_inactive_password' };
export const WRONG = { apiKey: 'sim_tcn_key', apiPassword: 'not-the-password-7Qx' };

/** Starts one simulator for the test file and resets it before each test. */
export function useSimulator(options: Record<string, unknown> = {}) {
	const holder = {} as { sim: Simulator };
	beforeAll(async () => {
		holder.sim = await startSimulator(options);
	});
	// The node's rate limiters live as long as the process; a reset simulator is a new gateway.
	beforeEach(() => {
		holder.sim.reset();
		forgetRateLimits();
	});
	afterAll(async () => await holder.sim.stop());
	return holder;
}

export function v1Credentials(
	sim: Simulator,
	keys = TCN,
): Record<string, ICredentialDataDecryptedObject> {
	return { coinRemitterApi: { ...keys, baseUrl: sim.url } };
}

export const LTC = { apiKey: 'sim_ltc_key', password: 'sim_ltc_password' };
export const KOIN = { apiKey: 'sim_koin_key', password: 'sim_koin_password' };
export const TCN_LEGACY = { apiKey: TCN.apiKey, password: TCN.apiPassword };

export function legacyCredentials(
	sim: Simulator,
	coin: string,
	keys: { apiKey: string; password: string },
	apiGeneration = 'auto',
): Record<string, ICredentialDataDecryptedObject> {
	return { coinRemitterLegacyApi: { coin, ...keys, baseUrl: sim.url, apiGeneration } };
}
