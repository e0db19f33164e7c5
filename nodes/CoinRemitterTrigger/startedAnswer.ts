import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

/** What n8n sends the sender once the workflow has started. */
const STARTED_BODY = { received: true };

/**
 * What webhook() returns for a callback that starts the workflow: n8n answers it, as it answers for
 * its own Webhook node. n8n 2.x answers once the run has started, so senders are paced to n8n's
 * speed; when the node answered first, runs started faster than n8n ran them and piled up an
 * expression isolate each (5,600 widget orders: more than 8.5 GB, BENCHMARKS.md measure 10).
 *
 * On that path n8n 2.x loses what webhook() wrote to the static data (the delivery just claimed):
 * starting the run wraps the same static data object again (WorkflowRunner's
 * establishContextForPersistence builds a Workflow from it), which marks it unchanged, and n8n saves
 * it after the run has started only if it is marked changed. n8n reads `webhookResponse` just before
 * that save (extractWebhookOnReceivedResponse), so reading it marks the static data changed again.
 * On n8n 1.x the answer and the save come before the run; marking again changes nothing there.
 * `writtenStaticData`: the node's static data when webhook() wrote to it (else no save is due).
 */
export function startedAnswer(
	workflowData: INodeExecutionData[][],
	writtenStaticData?: IDataObject,
): IWebhookResponseData {
	return {
		workflowData,
		get webhookResponse() {
			if (writtenStaticData) markChanged(writtenStaticData);
			return STARTED_BODY;
		},
	};
}

/** Assigns each value again: n8n's observable static data marks itself changed on any assignment. */
function markChanged(staticData: IDataObject) {
	for (const [name, value] of Object.entries(staticData)) staticData[name] = value;
}
