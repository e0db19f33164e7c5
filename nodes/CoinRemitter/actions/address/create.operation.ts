import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import type { ItemContext, OperationFacts } from '../operation';
import { addressLabel, withoutEmpty } from '../validation';

/** The longest label the service accepts. */
const LABEL_MAX_LENGTH = 20;

export const option = {
	name: 'Create',
	value: 'create',
	description: 'Create a new deposit address in the wallet, optionally labelled',
	action: 'Create an address',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'], writes: true };

export const endpoint: Endpoint = { v1: '/v1/wallet/address/create', legacy: 'get-new-address' };

export const properties: INodeProperties[] = [
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		default: '',
		placeholder: 'order1234',
		description:
			'Optional name for the new deposit address, for example an order or customer number: letters and digits only, at most 20 characters',
	},
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const label = addressLabel(
		item.field,
		'Label',
		this.getNodeParameter('label', item.itemIndex, ''),
		LABEL_MAX_LENGTH,
	);
	return await item.send(endpoint, withoutEmpty({ label }));
}
