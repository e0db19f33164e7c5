import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

/** What the sender gets once the workflow has started. */
export const STARTED_BODY = { received: true };

/** The static data webhook() wrote to: the node's part and the workflow's whole (n8n's change mark). */
export interface WrittenStaticData {
	node: IDataObject;
	workflow: IDataObject;
}

/**
 * Whether this n8n answers a started callback before it starts the run and saves the static data
 * before it answers (n8n 1.x), learned from the first started callback n8n answered. There the
 * sender's wait is the save's, and the node answers itself before the save, as the Webhook node's
 * answer comes before anything is saved. n8n 2.x answers after the run has started: its answer
 * paces the senders, so it stays n8n's.
 */
let answersBeforeRun: boolean | undefined;

export const n8nAnswersBeforeRun = () => answersBeforeRun === true;

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
 * On n8n 1.x the answer and the save come before the run: the mark is still set when n8n reads the
 * answer, which is how the node learns the order (answersBeforeRun).
 */
export function startedAnswer(
	workflowData: INodeExecutionData[][],
	written?: WrittenStaticData,
): IWebhookResponseData {
	return {
		workflowData,
		get webhookResponse() {
			if (written) {
				learnOrder(written.workflow);
				markChanged(written.node);
			}
			return STARTED_BODY;
		},
	};
}

/** n8n's mark on the whole static data: still set (1.x), or cleared by the run's start (2.x). */
function learnOrder(workflowStaticData: IDataObject) {
	const changed = workflowStaticData.__dataChanged;
	if (typeof changed === 'boolean') answersBeforeRun ??= changed;
}

/** Assigns each value again: n8n's observable static data marks itself changed on any assignment. */
function markChanged(staticData: IDataObject) {
	for (const [name, value] of Object.entries(staticData)) staticData[name] = value;
}
