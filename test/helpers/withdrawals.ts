// Withdrawal → Create runs for the payout tests, each one execution of the node as the editor
// builds its parameters, under the simulator's v1 TCN wallet, a failed item kept as an item.
import type { IDataObject } from 'n8n-workflow';

import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';
import type { SimulatorInstance as Simulator } from '../fixtures/simulator';
import { v1Credentials } from '../fixtures/simulator';
import { editorParameters, shown } from './editor';
import type { Upstream } from './engine';
import { runNode } from './engine';

const { description } = new CoinRemitter();
type Credentials = ReturnType<typeof v1Credentials>;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The n-th of a family of valid TRON-style addresses (`digit` tells families apart). */
export const addressOf = (n: number, digit = '7') =>
	'T' + digit.repeat(31) + BASE58[Math.floor(n / 58)] + BASE58[n % 58];

export function withdrawalRuns(ctx: { sim: Simulator }) {
	/**
	 * One execution of Withdrawal → Create in workflow `workflowId` with the editor's `choices`
	 * (v1 unless they say otherwise), over `items`, under `credentials` (the v1 wallet's).
	 */
	const withdraw = async (
		workflowId: string,
		choices: Record<string, unknown>,
		{
			items,
			credentials,
			nodeId,
			credentialId,
			upstream,
			staticData,
			typeVersion = 1,
		}: {
			items?: IDataObject[];
			credentials?: Credentials;
			/** Another Withdrawal node of the workflow (default: the node under test). */
			nodeId?: string;
			/** Another saved credential: another wallet. */
			credentialId?: string;
			/** Nodes that ran before it in the execution (test/helpers/engine.ts). */
			upstream?: Upstream[];
			/** The workflow's static data as n8n saved it after an earlier run. */
			staticData?: IDataObject;
			/** The node's version (default 1). */
			typeVersion?: number;
		} = {},
	) =>
		await runNode({
			parameters: editorParameters(
				description,
				{
					apiVersion: 'v1',
					resource: shown('Withdrawal'),
					operation: shown('Create'),
					...choices,
				},
				typeVersion,
			) as never,
			credentials: credentials ?? v1Credentials(ctx.sim),
			items,
			workflowId,
			nodeId,
			credentialId,
			upstream,
			staticData,
			typeVersion,
			continueOnFail: true,
		});

	/** The withdrawals the simulator carried out to `address`. */
	const sentTo = (address: string) =>
		[...ctx.sim.state.transactions.values()].filter(
			(tx) => tx.type === 'send' && tx.address === address,
		).length;

	return { withdraw, sentTo };
}
