import type { IDataObject, INode, INodeTypes, IWebhookResponseData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

// A trigger's static data as n8n keeps it: loaded from the workflow's row into a Workflow
// (n8n-workflow's observable object) for each webhook request, written back whole.

export const TRIGGER = { name: 'CoinRemitter Trigger' } as INode;
const nodeTypes = {} as INodeTypes;

/** A Workflow over `staticData`, as n8n builds one for a webhook request or a run. */
export const workflowOf = (staticData: IDataObject) =>
	new Workflow({ id: 'wf', nodes: [], connections: {}, active: true, nodeTypes, staticData });

/**
 * n8n's save once webhook() has returned: it reads the answer, then writes the whole static data
 * if it is marked changed. Answers the row's new text, or undefined when n8n writes nothing.
 */
export function savedRow(workflow: Workflow, response: IWebhookResponseData): string | undefined {
	if (response.noWebhookResponse !== true) void response.webhookResponse;
	return workflow.staticData.__dataChanged === true
		? JSON.stringify(workflow.staticData)
		: undefined;
}
