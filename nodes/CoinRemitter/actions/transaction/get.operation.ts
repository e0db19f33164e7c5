import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { withTransactionKey } from '../../../shared/deliveryKey';
import { isPlainObject } from '../../../shared/json';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredParameter } from '../validation';

export const option = {
	name: 'Get',
	value: 'get',
	description: 'Get one deposit or withdrawal by its CoinRemitter ID, with its confirmations',
	action: 'Get a transaction',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = { v1: '/v1/wallet/transaction', legacy: 'get-transaction' };

export const properties: INodeProperties[] = [
	{
		displayName: 'Transaction ID',
		name: 'transactionId',
		type: 'string',
		default: '',
		required: true,
		description:
			'The CoinRemitter ID of the transaction (the "ID" of a webhook or withdrawal), not the blockchain TXID',
	},
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const id = requiredParameter(this, item.field, 'transactionId', 'Transaction ID');
	const record = await item.send(endpoint, { id });
	// The key the trigger gives the same state of this transaction, for catching up missed webhooks.
	return isPlainObject(record) ? withTransactionKey(record, item.api) : record;
}
