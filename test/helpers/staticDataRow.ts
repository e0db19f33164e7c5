import type { IDataObject } from 'n8n-workflow';

import { callbacks, type Simulator } from '../../simulator/server';
import { TCN, walletAddress } from '../fixtures/simulator';
import { encode } from './webhook';

export { TRIGGER, workflowOf } from './workflowRow';

/** A confirmed deposit's callback, on `address` of the simulator's TCN wallet. */
export function depositCallback(sim: Simulator, address: string) {
	walletAddress(sim, address, { apiKey: TCN.apiKey, label: 'l1', lifetimeMs: 60_000 });
	const tx = sim.deposit(TCN.apiKey, address, '0.42000000', 3);
	return encode(callbacks.v1TransactionWebhook(sim, tx.id) as IDataObject);
}
