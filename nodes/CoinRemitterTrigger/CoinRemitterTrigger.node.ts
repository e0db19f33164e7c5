import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { CallbackRejection } from './callbacks/parse';
import type { TriggerEvent } from './callbacks/schemas';
import { triggerProperties } from './description';
import type { TriggerOptions } from './receive';
import { receiveCallback } from './receive';

export class CoinRemitterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CoinRemitter Trigger',
		name: 'coinRemitterTrigger',
		icon: { light: 'file:../../icons/coinremitter.svg', dark: 'file:../../icons/coinremitter.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when CoinRemitter reports a deposit, a withdrawal, an invoice payment or a widget order',
		defaults: { name: 'CoinRemitter Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'coinRemitterApi', required: false },
			{ name: 'coinRemitterLegacyApi', required: false },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	// CoinRemitter has no API to register a webhook URL: the user pastes it in the dashboard. The
	// node remembers the URL it was activated with, so n8n can tell whether it is set up.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				return data.webhookUrl !== undefined && data.webhookUrl === this.getNodeWebhookUrl('default');
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				data.webhookUrl = this.getNodeWebhookUrl('default');
				data.activatedAt = new Date().toISOString();
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				delete data.webhookUrl;
				delete data.activatedAt;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const events = this.getNodeParameter('events', []) as TriggerEvent[];
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		// The node answers the sender itself, before any workflow runs, the same way in every n8n version.
		const answer = (status: number, body: IDataObject) => this.getResponseObject().status(status).json(body);
		try {
			const outcome = await receiveCallback.call(this, events, options);
			if ('ignored' in outcome) {
				this.logger.info(`CoinRemitter Trigger: callback ignored: ${outcome.ignored}`);
				answer(200, { received: true, ignored: outcome.ignored });
				return { noWebhookResponse: true };
			}
			answer(200, { received: true });
			return { noWebhookResponse: true, workflowData: [[{ json: outcome.item }]] };
		} catch (error) {
			if (!(error instanceof CallbackRejection)) throw new NodeOperationError(this.getNode(), error as Error);
			this.logger.warn(`CoinRemitter Trigger: callback refused with ${error.status}: ${error.message}`);
			answer(error.status, { received: false, error: error.message });
			return { noWebhookResponse: true };
		}
	}
}
