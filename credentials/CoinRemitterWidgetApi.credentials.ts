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
			displayName: `Widget orders cannot be looked up with CoinRemitter's API: this secret is the only proof that an order comes from your widget. Make one of at least ${MIN_WIDGET_SECRET_LENGTH} letters, digits, "-" or "_" (a password manager's), then end each widget's callback URL with it: the trigger's Production URL followed by ?secret= and the secret.`,
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
