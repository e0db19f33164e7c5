// The two sides of an approval, each one execution of the node in n8n's engine: "Pay or ask"
// (Withdrawal → Create with Ask a Person) and the person's side (Send and Wait → Send Approved).
import type { IDataObject } from 'n8n-workflow';

import type { SimulatorInstance as Simulator } from '../fixtures/simulator';
import type { Upstream } from './engine';
import { addressOf as addressIn, withdrawalRuns } from './withdrawals';

/** A Send and Wait node's parameters, as the Send Approved node reads them (Approval, the default). */
export const ASKER = { operation: 'sendAndWait' };

export function approvalRuns(ctx: { sim: Simulator }) {
	const { withdraw, sentTo } = withdrawalRuns(ctx);
	const addressOf = (n: number) => addressIn(n, '9');
	const withdrawals = () =>
		ctx.sim.requests.filter((request) => request.path === '/v1/wallet/withdraw');

	const NO_PERSON = { maxAmount: '1', maxTotalPerExecution: '2', maxTotalPerDay: '3' };
	const ALLOWED = Array.from({ length: 6 }, (_, n) => addressOf(n)).join('\n');

	/** One execution of "Pay or ask" (Create, Ask a Person) over `rows`. */
	const payOrAsk = async (workflowId: string, rows: IDataObject[], extra: IDataObject = {}) =>
		await withdraw(
			workflowId,
			{
				address: '={{ $json.address }}',
				amount: '={{ $json.amount }}',
				payoutKey: '={{ $json.payoutId }}',
				askAPerson: 'aboveLimits',
				noPersonLimits: NO_PERSON,
				guardrails: { allowedAddresses: ALLOWED, maxAmount: '5' },
				...extra,
			},
			{ items: rows, nodeId: 'pay-or-ask' },
		);

	const row = (n: number, amount: string, payoutId = `payout-${n}`): IDataObject => ({
		payoutId,
		address: addressOf(n),
		amount,
	});

	const asked = (run: Awaited<ReturnType<typeof payOrAsk>>) =>
		(run.outputs[1] ?? []).map((item) => item.json);
	const sentItems = (run: Awaited<ReturnType<typeof payOrAsk>>) =>
		(run.outputs[0] ?? []).map((item) => item.json);

	/**
	 * One execution of the person's side: "One payout to approve" output the asked item, the Send and
	 * Wait node output `answer`, and Send Approved runs on it under `payoutKey`.
	 */
	const sendApproved = async (
		workflowId: string,
		askedItem: IDataObject,
		answer: IDataObject,
		{
			payoutKey = String(askedItem.payoutKey),
			credentialId,
			asker = ASKER,
			upstream,
			staticData,
		}: {
			payoutKey?: string;
			credentialId?: string;
			asker?: IDataObject;
			upstream?: Upstream[];
			staticData?: IDataObject;
		} = {},
	) =>
		await withdraw(
			workflowId,
			{
				operation: 'sendApproved',
				payoutKey,
				guardrails: { allowedAddresses: ALLOWED, maxAmount: '5', maxTotalPerDay: '10' },
			},
			{
				items: [answer],
				nodeId: 'send-approved',
				credentialId,
				staticData,
				upstream: upstream ?? [
					{ name: 'One payout to approve', items: [askedItem] },
					{ name: 'Ask on Slack', items: [answer], parameters: asker as never },
				],
			},
		);

	return {
		withdraw,
		sentTo,
		addressOf,
		withdrawals,
		ALLOWED,
		payOrAsk,
		row,
		asked,
		sentItems,
		sendApproved,
	};
}
