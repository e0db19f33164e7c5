import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { fieldContext, showForV1 } from '../fields';

const properties: INodeProperties[] = [
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

export const description = showForV1('transaction', 'get', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = requiredText(fieldContext(this, itemIndex), 'Transaction ID', this.getNodeParameter('transactionId', itemIndex));
	return await v1Request.call(this, '/v1/wallet/transaction', { id }, itemIndex);
}
