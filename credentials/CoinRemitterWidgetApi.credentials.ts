import type { ICredentialType, INodeProperties } from 'n8n-workflow';

import { MIN_WIDGET_SECRET_LENGTH } from '../nodes/shared/widgetSecret';

/**
 * The secret that guards a CoinRemitter Trigger's widget orders. A credential rather than a node
 * parameter: n8n keeps it encrypted, shows it to nobody who can merely open or export the workflow,
 * and keeps it out of the workflow's JSON. It is tested by the trigger (length and characters).
 */
export class CoinRemitterWidgetApi implements ICredentialType {
	name = 'coinRemitterWidgetApi';

	displayName = 'CoinRemitter Widget API';

	icon = {
		light: 'file:../icons/coinremitter.svg',
		dark: 'file:../icons/coinremitter.dark.svg',
	} as const;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-coinremitter#widget-orders';

	properties: INodeProperties[] = [
		{
			displayName: `This secret is the only proof that an order comes from your widget: at least ${MIN_WIDGET_SECRET_LENGTH} letters, digits, - or _. End each widget's callback URL with ?secret= and the secret. <a href="https://www.npmjs.com/package/n8n-nodes-coinremitter#widget-orders">More</a>`,
			name: 'whereNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Widget Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: `At least ${MIN_WIDGET_SECRET_LENGTH} characters: letters, digits, "-" and "_"`,
		},
	];
}
