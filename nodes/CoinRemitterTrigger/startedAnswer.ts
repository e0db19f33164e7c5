import {
	sleep,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import type { DeliveryMemory } from './dedupe';

/** What the sender gets once the workflow has started. */
export const STARTED_BODY = { received: true };

/**
 * Whether the node answers a started callback itself: where n8n would save the static data before
 * it answers, and answers before it starts the run (n8n 1.x). There the sender's wait for n8n's
 * answer is only the save's: the node answers itself first, as the Webhook node's answer comes
 * before any save (BENCHMARKS.md, a callback's cost), and the delivery memory batches the saves
 * (dedupe.ts). Past a burst, it holds that answer while n8n's writes are behind
 * (DeliveryMemory.paceMs): unpaced, 5,600 widget orders piled up runs, each loading the static
 * data again, and grew n8n 1.123 by 911–1,090 MB (BENCHMARKS.md, measure 10). n8n 2.10 and later
 * answer once the run has started, which paces the senders, so the answer stays n8n's; 2.0 to 2.9
 * answer before the run like 1.x but are only told apart by major version, so they keep n8n's
 * answer. n8n gives community nodes its own n8n-workflow.
 */
export async function nodeAnswersFirst(): Promise<boolean> {
	n8nWorkflowMajor ??= import('n8n-workflow/package.json').then(
		({ version }) => Number(String(version).split('.')[0]),
		() => undefined, // unknown: n8n answers, as on every 2.x
	);
	return (await n8nWorkflowMajor) === 1;
}
let n8nWorkflowMajor: Promise<number | undefined> | undefined;

/**
 * Sends a started callback's answer `ms` after webhook() has returned (n8n 1.x, while n8n's writes
 * are behind: DeliveryMemory.paceMs), holding nothing of the call but its response. n8n leaves the
 * response to the node after `noWebhookResponse`; if n8n has answered meanwhile (an error after
 * webhook()), nothing more is sent.
 */
export function answerAfter(
	ms: number,
	response: ReturnType<IWebhookFunctions['getResponseObject']>,
	logger: IWebhookFunctions['logger'],
): void {
	sleep(ms)
		.then(() => {
			if (!response.headersSent) response.status(200).json(STARTED_BODY);
		})
		.catch((error: Error) =>
			logger.warn(`CoinRemitter Trigger: a held answer could not be sent: ${error.message}`),
		);
}

/**
 * What webhook() returns for a callback that starts the workflow: n8n answers it, as it answers for
 * its own Webhook node. n8n 2.x answers once the run has started, so senders are paced to n8n's
 * speed; when the node answered first, runs started faster than n8n ran them and piled up an
 * expression isolate each (5,600 widget orders: more than 8.5 GB, BENCHMARKS.md measure 10).
 *
 * On that path n8n 2.x would lose what webhook() wrote to the static data (the delivery just claimed,
 * `memory`): starting the run wraps the same static data object again (WorkflowRunner's
 * establishContextForPersistence builds a Workflow from it), which marks it unchanged, and n8n saves
 * it after the run has started only if it is marked changed. n8n reads `webhookResponse` just before
 * that save (extractWebhookOnReceivedResponse), so reading it marks the static data changed again.
 * On n8n 1.x the answer and the save come before the run; marking again changes nothing there.
 */
export function startedAnswer(
	workflowData: INodeExecutionData[][],
	memory?: DeliveryMemory,
): IWebhookResponseData {
	memory?.writeOwnCopy(); // n8n writes this callback's own copy, after the answer is read
	return {
		workflowData,
		get webhookResponse() {
			memory?.markWritten();
			return STARTED_BODY;
		},
	};
}
