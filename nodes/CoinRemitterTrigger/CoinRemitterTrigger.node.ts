import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import type { TriggerEvent, TriggerOptions } from './callbacks';
import { triggerProperties } from './description';
import { receiveCallback } from './receive';
import { CallbackRejection } from './rejection';
import { answerAfter, nodeAnswersFirst, STARTED_BODY, startedAnswer } from './startedAnswer';
import { testWidgetSecret } from './widgetSecret';

/** What a 503 asks the sender to wait before sending again: one window of the wallet's rate limit. */
const RETRY_AFTER_S = 60;

export class CoinRemitterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CoinRemitter Trigger',
		name: 'coinRemitterTrigger',
		icon: {
			light: 'file:../../icons/coinremitter.svg',
			dark: 'file:../../icons/coinremitter.dark.svg',
		},
		group: ['trigger'],
		// Versions 1 and 2 behave the same in this node. n8n treats a version-1 webhook node's body
		// differently: it evaluates an expression (binaryData) for every request before parsing, which
		// costs an expression isolate per callback on n8n 2.x. Version 3: widget orders are not
		// selected by default and start nothing until a CoinRemitter Widget API credential guards
		// them. New triggers are version 3; 1 and 2 stay for saved workflows.
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["events"].join(", ")}}',
		// n8n's node creator shows CoinRemitter and CoinRemitter Trigger as one entry and gives it the
		// trigger's description, so this one speaks for both nodes.
		description:
			'Crypto payments with CoinRemitter: start workflows on deposits, withdrawals, invoice payments and widget orders; manage wallets, addresses, withdrawals, invoices and rates',
		defaults: { name: 'CoinRemitter Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Both optional, each labelled as its credential type is (n8n labels both "Credential to connect with" otherwise).
		credentials: [
			{
				name: 'coinRemitterApi',
				displayName: 'CoinRemitter V1 API',
				required: false,
			},
			{
				name: 'coinRemitterLegacyApi',
				displayName: 'CoinRemitter Legacy V2/V3 API',
				required: false,
			},
			{
				name: 'coinRemitterWidgetApi',
				displayName: 'CoinRemitter Widget API',
				required: false,
				testedBy: 'coinRemitterWidgetSecretTest',
				displayOptions: { show: { '@version': [3] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty: n8n answers a started callback with the node's own webhookResponse (n8n's
				// default, 'firstEntryJson', would send that word as the body).
				responseData: '',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = { credentialTest: { coinRemitterWidgetSecretTest: testWidgetSecret } };

	// CoinRemitter has no API to register a webhook URL: the user pastes it in the dashboard. The
	// node remembers the URL it was activated with, so n8n can tell whether it is set up.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				return (
					data.webhookUrl !== undefined && data.webhookUrl === this.getNodeWebhookUrl('default')
				);
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
		const loadedAt = Date.now(); // about when n8n loaded the static data this call sees
		// The node answers refusals, ignored callbacks and the early 202 itself, once; n8n answers a
		// callback that starts the workflow (startedAnswer), unless it would save first (n8n 1.x).
		let answered = false;
		const answer = (status: number, body: IDataObject) => {
			if (answered) return;
			answered = true;
			const response = this.getResponseObject();
			// 503: the wallet's rate limit, or the callbacks this process holds open, are full for now.
			if (status === 503) response.setHeader('Retry-After', String(RETRY_AFTER_S));
			response.status(status).json(body);
		};
		const acknowledge = () => {
			answer(202, { received: true, verification: 'pending' });
			this.logger.warn(
				"CoinRemitter Trigger: the wallet's rate limit is busy; a callback was answered 202 and is verified in the background. If n8n stops before that ends, a catch-up run finds it (README: Never miss a payment).",
			);
		};
		try {
			const outcome = await receiveCallback.call(this, events, options, acknowledge);
			if ('ignored' in outcome) {
				this.logger.info(`CoinRemitter Trigger: callback ignored: ${outcome.ignored}`);
				answer(200, { received: true, ignored: outcome.ignored });
				return { noWebhookResponse: true };
			}
			const workflowData = [[{ json: outcome.item }]];
			if (!answered && !(await nodeAnswersFirst()))
				return startedAnswer(workflowData, outcome.memory);
			// Unless answered already (202). n8n saves the static data and starts the run as soon as
			// this returns; while its writes are behind, the sender waits for its answer.
			const holdMs = answered ? 0 : (outcome.memory?.paceMs(loadedAt) ?? 0);
			if (holdMs > 0) answerAfter(holdMs, this.getResponseObject(), this.logger);
			else answer(200, STARTED_BODY);
			await outcome.memory?.writeInBatch();
			return { noWebhookResponse: true, workflowData };
		} catch (error) {
			if (!(error instanceof CallbackRejection))
				throw new NodeOperationError(this.getNode(), error as Error);
			this.logger.warn(
				`CoinRemitter Trigger: callback refused with ${error.status}${answered ? ' after it was acknowledged' : ''}: ${error.message}`,
			);
			answer(error.status, { received: false, error: error.message });
			return { noWebhookResponse: true };
		}
	}
}
