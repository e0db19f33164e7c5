import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { WITHDRAWAL_SPEEDS } from '../../../helpers/constants';
import {
	asText,
	oneOf,
	positiveAmount,
	requiredText,
	withoutEmpty,
} from '../../../helpers/validation';
import { guardrailsFields, withGuardrails } from '../../../helpers/guardrails';
import { payOnce } from '../../../helpers/payoutOnce';
import { V1_CREDENTIAL, v1Request } from '../../../transport';
import {
	addressField,
	amountField,
	fieldContext,
	payoutKeyField,
	showForV1,
	withdrawalSpeedField,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField('Destination address that receives the coins'),
	amountField(
		'Amount of the wallet coin to send; the fees are deducted from the wallet on top of it',
	),
	withdrawalSpeedField,
	payoutKeyField,
	...guardrailsFields,
];

export const description = showForV1('withdrawal', 'create', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const fields = withoutEmpty({
		address: requiredText(ctx, 'Address', this.getNodeParameter('address', itemIndex)),
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
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
	const payout = {
		key: asText(ctx, 'Payout Key', this.getNodeParameter('payoutKey', itemIndex, '')),
		credentialType: V1_CREDENTIAL,
		address: String(fields.address),
		amount: String(fields.amount),
	};
	return await withGuardrails.call(this, itemIndex, payout, async () =>
		payOnce.call(
			this,
			itemIndex,
			payout,
			async () => await v1Request.call(this, '/v1/wallet/withdraw', fields, itemIndex),
		),
	);
}
