import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { amountField } from '../fields';
import { readWithdrawalSpeed, withdrawalSpeedField } from './fields';
import type { ItemContext, OperationFacts } from '../operation';
import { asText, positiveAmount, withoutEmpty } from '../validation';

export const option = {
	name: 'Estimate',
	value: 'estimate',
	description:
		'Get the network and processing fees and the total a withdrawal would cost, without sending anything',
	action: 'Estimate a withdrawal',
};

export const facts: OperationFacts = { apis: ['v1'] };

export const endpoint: Endpoint = { v1: '/v1/wallet/withdraw/estimate' };

export const properties: INodeProperties[] = [
	amountField('Amount of the wallet coin to send, before fees'),
	withdrawalSpeedField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Address',
				name: 'address',
				type: 'string',
				default: '',
				description: 'Destination address, for a more precise fee on some networks',
			},
		],
	},
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const { field: ctx, itemIndex } = item;
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields = withoutEmpty({
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
		address: asText(ctx, 'Address', additional.address),
		withdrawal_speed: readWithdrawalSpeed(this, ctx, itemIndex),
	});
	return await item.send(endpoint, fields);
}
