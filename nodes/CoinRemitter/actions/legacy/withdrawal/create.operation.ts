import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { guardrailsFields, withGuardrails } from '../../../helpers/guardrails';
import { payOnce } from '../../../helpers/payoutOnce';
import { asText, positiveAmount, requiredText } from '../../../helpers/validation';
import { LEGACY_CREDENTIAL, legacyRequest } from '../../../transport';
import {
	addressField,
	amountField,
	fieldContext,
	payoutKeyField,
	showForLegacy,
} from '../../shared/fields';

const properties: INodeProperties[] = [
	addressField('Destination address that receives the coins'),
	amountField('Amount of the coin to send; the fees are deducted from the wallet on top of it'),
	payoutKeyField,
	...guardrailsFields,
];

export const description = showForLegacy('withdrawal', 'create', properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const ctx = fieldContext(this, itemIndex);
	const fields = {
		to_address: requiredText(ctx, 'Address', this.getNodeParameter('address', itemIndex)),
		amount: positiveAmount(ctx, 'Amount', this.getNodeParameter('amount', itemIndex)),
	};
	const payout = {
		key: asText(ctx, 'Payout Key', this.getNodeParameter('payoutKey', itemIndex, '')),
		credentialType: LEGACY_CREDENTIAL,
		address: fields.to_address,
		amount: fields.amount,
	};
	return await withGuardrails.call(this, itemIndex, payout, async () =>
		payOnce.call(
			this,
			itemIndex,
			payout,
			async () => await legacyRequest.call(this, 'withdraw', fields, itemIndex),
		),
	);
}
