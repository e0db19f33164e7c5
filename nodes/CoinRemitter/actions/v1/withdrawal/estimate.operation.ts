import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { WITHDRAWAL_SPEEDS } from '../../../helpers/constants';
import { asText, oneOf, positiveAmount, withoutEmpty } from '../../../helpers/validation';
import { v1Request } from '../../../transport';
import { amountField, fieldContext, showForV1, withdrawalSpeedField } from '../../shared/fields';

const properties: INodeProperties[] = [
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

export const description = showForV1('withdrawal', 'estimate', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields = withoutEmpty({
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
		address: asText(ctx, 'Address', additional.address),
		withdrawal_speed: oneOf(
			ctx,
			'Withdrawal Speed',
			this.getNodeParameter('withdrawalSpeed', itemIndex, ''),
			WITHDRAWAL_SPEEDS,
			{
				optional: true,
			},
		),
	});
	return await v1Request.call(this, '/v1/wallet/withdraw/estimate', fields, itemIndex);
}
