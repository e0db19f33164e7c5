import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { addressField } from '../fields';
import { withTransactionKey } from '../../../shared/deliveryKey';
import { isPlainObject } from '../../../shared/json';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredParameter } from '../validation';

export const option = {
	name: 'Get Transactions',
	value: 'getTransactions',
	description:
		'List the deposits received by one address; on V1 they are in transactions, each with its deliveryKey: split them out for a catch-up',
	action: 'Get the transactions of an address',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = {
	v1: '/v1/wallet/address/transactions',
	legacy: 'get-transaction-by-address',
};

export const properties: INodeProperties[] = [
	addressField('A deposit address created by this wallet whose transactions to list'),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredParameter(this, item.field, 'address', 'Address');
	const answer = await item.send(endpoint, { address });
	return withDeliveryKeys(answer, item.api);
}

/**
 * Each transaction gets the key the trigger gives the same state of it (for catching up missed
 * webhooks): legacy answers are a list of transactions, v1 one summary with a `transactions` list
 * and the confirmations they need.
 */
function withDeliveryKeys(answer: IDataObject | IDataObject[], api: ItemContext['api']) {
	if (Array.isArray(answer))
		return answer.map((transaction) => withTransactionKey(transaction, api));
	if (!Array.isArray(answer.transactions)) return answer;
	const transactions = answer.transactions.map((transaction) =>
		isPlainObject(transaction)
			? withTransactionKey(transaction, api, answer.required_confirmations)
			: transaction,
	);
	return { ...answer, transactions };
}
