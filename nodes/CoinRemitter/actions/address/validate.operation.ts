import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../../shared/client';
import { addressField } from '../fields';
import type { ItemContext, OperationFacts } from '../operation';
import { requiredParameter } from '../validation';

export const option = {
	name: 'Validate',
	value: 'validate',
	description: 'Check whether an address is valid for the wallet coin before sending to it',
	action: 'Validate an address',
};

export const facts: OperationFacts = { apis: ['v1', 'legacy'] };

export const endpoint: Endpoint = { v1: '/v1/wallet/address/validate', legacy: 'validate-address' };

export const properties: INodeProperties[] = [
	addressField("The address to check against the wallet coin's address format"),
];

export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<IDataObject | IDataObject[]> {
	const address = requiredParameter(this, item.field, 'address', 'Address');
	return await item.send(endpoint, { address });
}
