import type { IDataObject } from 'n8n-workflow';

/** v2 spells the field `suceess_url`; outputs carry `success_url` as well so flows read one name. */
export function withSuccessUrl(invoice: IDataObject | IDataObject[]): IDataObject | IDataObject[] {
	if (
		Array.isArray(invoice) ||
		invoice.success_url !== undefined ||
		invoice.suceess_url === undefined
	)
		return invoice;
	return { ...invoice, success_url: invoice.suceess_url };
}
