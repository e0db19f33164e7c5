import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { positiveAmount, requiredText } from '../../../helpers/validation';
import { legacyRequest } from '../../../transport';
import { addressField, amountField, fieldContext, showForLegacy } from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField('Destination address that receives the coins'),
	amountField('Amount of the coin to send; the fees are deducted from the wallet on top of it'),
];

export const description = showForLegacy('withdrawal', 'create', properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const fields = {
		to_address: requiredText(ctx, 'Address', this.getNodeParameter('address', itemIndex)),
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
	};
	return await legacyRequest.call(this, 'withdraw', fields, itemIndex);
}
