import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiVersion } from '../../shared/client';
import { callApi } from '../../shared/client';
import { resources } from './description';
import { asNodeError } from './nodeError';
import type { ItemContext, Operation } from './operation';
import { ToOutput } from './operation';
import { forEachBounded } from './bounded';
import { concurrencyFor, deliveryPolicy } from './options';
import { withdrawalOutcome } from './withdrawal/outcome';

/**
 * Runs the chosen operation once per input item, several items at once (see `concurrencyFor`).
 * Output items come in input order, each paired to its input item; with "continue on fail" a
 * failed item's error item takes its place. Without it, the first failing item (in input order)
 * stops the node once the items already under way have finished.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const api = this.getNodeParameter('apiVersion', 0) as ApiVersion;
	const operation = chosenOperation(this, api);
	if (operation.executeBatch)
		return await operation.executeBatch.call(this, (itemIndex) =>
			itemContext(this, operation, api, itemIndex),
		);
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = concurrencyFor(operation.facts, options.concurrency);
	const continueOnFail = this.continueOnFail();

	const outputs: Array<Array<{ output: number; item: INodeExecutionData }>> = [];
	let failure: { itemIndex: number; error: NodeApiError | NodeOperationError } | undefined;
	await forEachBounded(
		items.length,
		concurrency,
		async (itemIndex) => {
			const pairedItem = { item: itemIndex };
			try {
				const item = itemContext(this, operation, api, itemIndex);
				const result = await operation.execute.call(this, item);
				outputs[itemIndex] = (Array.isArray(result) ? result : [result]).map((json) =>
					json instanceof ToOutput
						? { output: json.output, item: { json: json.json, pairedItem } }
						: { output: 0, item: { json, pairedItem } },
				);
			} catch (error) {
				const nodeError = asNodeError(this, error, itemIndex);
				if (continueOnFail)
					outputs[itemIndex] = [{ output: 0, item: failedItem(nodeError, operation, pairedItem) }];
				else if (failure === undefined || itemIndex < failure.itemIndex)
					failure = { itemIndex, error: nodeError };
			}
		},
		() => failure !== undefined,
	);
	if (failure) throw failure.error;
	const routed = outputs.flat();
	const byOutput: INodeExecutionData[][] = Array.from({ length: outputCount(routed) }, () => []);
	for (const { output, item } of routed) byOutput[output].push(item);
	return byOutput;
}

/**
 * As many outputs as the items reached: n8n reads an output the node returned nothing for as one
 * with no items. Not n8n's reading of the outputs expression (getNodeOutputs): that builds a data
 * proxy of the whole workflow for every node run, 1.12x the HTTP Request node's time on 40 reads.
 */
const outputCount = (routed: Array<{ output: number }>) =>
	routed.reduce((most, { output }) => Math.max(most, output + 1), 1);

/**
 * With "Continue (using error output)" n8n sends an item to the error output only in its own form
 * (`error` set; n8n then keeps only the message, beside the input item's fields); with "Continue
 * (using regular output)" the item says more: the description, the HTTP code and a write's outcome.
 */
function failedItem(
	error: NodeApiError | NodeOperationError,
	operation: Operation,
	pairedItem: { item: number },
): INodeExecutionData {
	if (error.node?.onError === 'continueErrorOutput')
		return { json: { error: error.message }, error, pairedItem };
	return { json: errorItem(error, operation), pairedItem };
}

function chosenOperation(context: IExecuteFunctions, api: ApiVersion): Operation {
	const resourceName = context.getNodeParameter('resource', 0) as string;
	const operationName = context.getNodeParameter('operation', 0) as string;
	const operation = resources
		.find((resource) => resource.value === resourceName)
		?.operations.find(
			({ option, facts }) => option.value === operationName && facts.apis.includes(api),
		);
	if (operation === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operationName}" of "${resourceName}" is not supported by API version "${api}"`,
		);
	}
	return operation;
}

function itemContext(
	context: IExecuteFunctions,
	operation: Operation,
	api: ApiVersion,
	itemIndex: number,
): ItemContext {
	const policy = deliveryPolicy(context, itemIndex);
	const kind = operation.facts.writes ? 'write' : 'read';
	return {
		itemIndex,
		api,
		field: { node: context.getNode(), itemIndex },
		send: async (endpoint, fields = {}) =>
			await callApi.call(context, { api, endpoint, fields, kind, policy, itemIndex }),
		read: async (endpoint, fields = {}) =>
			await callApi.call(context, { api, endpoint, fields, kind: 'read', policy, itemIndex }),
	};
}

/**
 * The item a failed item becomes with "continue on fail". A write's also says whether it may have
 * been carried out (`outcome`: "unknown"), surely was not ("notSent": the node forgets its Payout
 * Key then), or was refused as an earlier attempt of the same payout ("alreadyAttempted": nothing
 * was sent now, but that attempt may have been), or was refused because its Payout Key was declined
 * ("declined": nothing was sent under it by this node), so that a workflow can release a claim of
 * its own exactly when the node releases its key.
 */
function errorItem(error: NodeApiError | NodeOperationError, operation: Operation): IDataObject {
	return {
		error: error.message,
		...(error.description ? { description: error.description } : {}),
		...(error instanceof NodeApiError && error.httpCode ? { httpCode: error.httpCode } : {}),
		...(operation.facts.writes ? { outcome: withdrawalOutcome(error) } : {}),
	};
}
