import type { INodeProperties } from 'n8n-workflow';

import { CALLBACKS } from './callbacks';

/** Status names of invoices and widget orders, by status_code. */
export const ORDER_STATUSES: Record<number, string> = {
	0: 'Pending',
	1: 'Paid',
	2: 'Under Paid',
	3: 'Over Paid',
	4: 'Expired',
	5: 'Cancelled',
};

const eventsField: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	default: [],
	description: 'The callbacks that start the workflow',
	options: CALLBACKS.flatMap((kind) => kind.events.map((event) => ({ ...event }))).sort((a, b) =>
		a.name.localeCompare(b.name),
	),
};

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"CoinRemitter has no API to register webhooks: paste the Production URL into the wallet's webhook setting, an invoice's Notify URL (Invoice → Create → Additional Fields) or a widget's callback URL.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'Callbacks are not signed: pick your wallet\'s credential above (V1 or Legacy V2/V3, not both) so each one is checked with the API. Without one, anyone who knows the URL can start this workflow. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#what-verified-means">More</a>',
		name: 'verificationNotice',
		type: 'notice',
		default: '',
	},
	// Saved triggers (typeVersions 1 and 2) keep every event selected by default; from 3 on, widget
	// orders (which no API can confirm) are off until chosen, and start nothing without a secret.
	{
		...eventsField,
		default: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'],
		displayOptions: { show: { '@version': [1, 2] } },
	},
	{
		...eventsField,
		default: ['deposit', 'withdrawal', 'invoice'],
		displayOptions: { show: { '@version': [3] } },
	},
	{
		displayName: `This trigger version runs on widget orders without a Widget Secret: anyone who knows the URL can send one. Set Options → Widget Secret, or use a new CoinRemitter Trigger. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#widget-orders">More</a>`,
		name: 'widgetOrdersUnguardedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [1, 2], events: ['widgetOrder'] } },
	},
	{
		displayName: `Widget orders start the workflow only with a CoinRemitter Widget API credential (above): end each widget's callback URL with ?secret= and that secret. Without one, they are answered 403 and start nothing.`,
		name: 'widgetSecretNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [3], events: ['widgetOrder'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Confirmations Needed (Legacy)',
				name: 'legacyConfirmations',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 3,
				description:
					'Legacy webhooks do not say how many confirmations the coin needs; with Only Confirmed on, a legacy transaction counts as confirmed from this many',
			},
			{
				displayName: 'Only Confirmed Transactions',
				name: 'confirmedOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to start the workflow only once a deposit or withdrawal has its required confirmations (pending deliveries are answered and ignored)',
			},
			{
				displayName: 'Order Statuses',
				name: 'statuses',
				type: 'multiOptions',
				default: [],
				description:
					'Invoice and widget order statuses that start the workflow; none selected means all',
				options: Object.entries(ORDER_STATUSES).map(([code, name]) => ({
					name,
					value: Number(code),
				})),
			},
			{
				displayName: 'Skip Duplicates',
				name: 'skipDuplicates',
				type: 'boolean',
				default: true,
				description:
					'Whether to start the workflow once per transaction state (pending, confirmed) or invoice/order status, although CoinRemitter delivers the same callback several times',
			},
			{
				displayName: 'Verification Wait (Seconds)',
				name: 'verificationWait',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 25 },
				default: 5,
				description:
					"How long a callback may wait for the wallet's rate limit. Past this, it is answered 202 and verified in the background; the workflow starts only if the API confirms it.",
			},
			{
				displayName: 'Verify With the API',
				name: 'verify',
				type: 'boolean',
				default: true,
				description:
					"Whether to fetch the transaction or invoice again with the credential and start only for records that exist and match (callbacks are not signed). Needs the credential of the callback's interface; widget orders cannot be looked up.",
			},
			{
				displayName: 'Widget Secret',
				name: 'widgetSecret',
				displayOptions: { show: { '@version': [1, 2] } },
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					"Widget orders cannot be verified with the API. Set a secret and add it to the widget's callback URL as ?secret=…; orders without it are refused.",
			},
		],
	},
];
