// Fields the invoice operations share.
import type { INodeProperties } from 'n8n-workflow';

/** The Invoice ID of an operation on an existing invoice; `description` says what the node reads. */
export const invoiceIdField = (description: string): INodeProperties => ({
	displayName: 'Invoice ID',
	name: 'invoiceId',
	type: 'string',
	default: '',
	required: true,
	description,
});

const invoiceOptions: INodeProperties[] = [
	{
		displayName: 'Custom Data 1',
		name: 'customData1',
		type: 'string',
		default: '',
		description: 'Your own reference, for example an order ID, returned with the invoice',
	},
	{
		displayName: 'Custom Data 2',
		name: 'customData2',
		type: 'string',
		default: '',
		description: 'A second reference of your own, returned with the invoice',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Text shown to the customer on the invoice',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Customer email address the invoice is sent to',
	},
	{
		displayName: 'Expiry (Minutes)',
		name: 'expiryMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1440,
		description: 'Minutes until the invoice expires',
	},
	{
		displayName: 'Fail URL',
		name: 'failUrl',
		type: 'string',
		default: '',
		description: 'Page the customer is sent to when the invoice is cancelled',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Name shown on the invoice; the wallet name is shown when empty',
	},
	{
		displayName: 'Notify URL',
		name: 'notifyUrl',
		type: 'string',
		default: '',
		description:
			'URL that receives payment notifications, such as the URL of a CoinRemitter Trigger node',
	},
	{
		displayName: 'Success URL',
		name: 'successUrl',
		type: 'string',
		default: '',
		description: 'Page the customer is sent to after paying',
	},
];

/** The optional invoice fields, but those named in `without`, in an "Additional Fields" collection. */
export const invoiceAdditionalFields = (without: string[] = []): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: invoiceOptions.filter((option) => !without.includes(option.name)),
});
