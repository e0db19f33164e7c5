import type { IDataObject, INode, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { callbacks, type Simulator } from '../../simulator/server';
import { TCN, walletAddress } from '../fixtures/simulator';
import { encode } from './webhook';

// A trigger's static data as n8n keeps it: loaded from the workflow's row into a Workflow
// (n8n-workflow's observable object) for each webhook request, written back whole.

export const TRIGGER = { name: 'CoinRemitter Trigger' } as INode;
const nodeTypes = {} as INodeTypes;

/** A Workflow over `staticData`, as n8n builds one for a webhook request or a run. */
export const workflowOf = (staticData: IDataObject) =>
	new Workflow({ id: 'wf', nodes: [], connections: {}, active: true, nodeTypes, staticData });

/** A confirmed deposit's callback, on `address` of the simulator's TCN wallet. */
export function depositCallback(sim: Simulator, address: string) {
	walletAddress(sim, address, { apiKey: TCN.apiKey, label: 'l1', lifetimeMs: 60_000 });
	const tx = sim.deposit(TCN.apiKey, address, '0.42000000', 3);
	return encode(callbacks.v1TransactionWebhook(sim, tx.id) as IDataObject);
}
