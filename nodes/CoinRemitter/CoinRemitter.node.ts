import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { OUTPUTS_EXPRESSION, properties, subtitleExpression } from './actions/description';
import { router } from './actions/router';

export class CoinRemitter implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CoinRemitter',
		name: 'coinRemitter',
		icon: {
			light: 'file:../../icons/coinremitter.svg',
			dark: 'file:../../icons/coinremitter.dark.svg',
		},
		group: ['transform'],
		// Version 2: Withdrawal → Create without Decision (Ask a Person is the way to approve).
		// Version 1 stays for saved workflows, Decision included.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: subtitleExpression(),
		description:
			'Accept and send crypto payments with CoinRemitter: addresses, withdrawals, transactions, wallet balance, invoices and rates',
		defaults: { name: 'CoinRemitter' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: OUTPUTS_EXPRESSION,
		// `hide`, not `show`: n8n's editor takes a parameter named in the credentials' `show` conditions
		// for the node's authentication selector, hides it and lets the credential picked decide it. API
		// Version stays a visible field (V1 by default) and picks the credential.
		credentials: [
			{
				name: 'coinRemitterApi',
				displayName: 'CoinRemitter V1 API',
				required: true,
				displayOptions: { hide: { apiVersion: ['legacy'] } },
			},
			{
				name: 'coinRemitterLegacyApi',
				displayName: 'CoinRemitter Legacy V2/V3 API',
				required: true,
				displayOptions: { hide: { apiVersion: ['v1'] } },
			},
		],
		properties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
