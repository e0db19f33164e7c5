import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from './shared/fields';
import type { ApiVersion, OperationModule } from './types';
import * as legacy from './legacy';
import * as v1 from './v1';

const operationsByVersion: Record<ApiVersion, Record<string, Record<string, OperationModule>>> = {
	v1: v1.operations,
	legacy: legacy.operations,
};

/**
 * Withdrawals move money out of one balance: they go one at a time, in input order, so that when
 * the balance runs out it does so on a predictable item. Everything else (reads, and address and
 * invoice creations, which draw on nothing shared) runs up to the "Concurrent Requests" option at once.
 */
export function concurrencyFor(resource: string, operation: string, option: unknown): number {
	if (resource === 'withdrawal' && operation === 'create') return 1;
	return typeof option === 'number' && Number.isFinite(option) && option >= 1
		? Math.floor(option)
		: DEFAULT_CONCURRENCY;
}

/**
 * Runs `work` for 0..count-1 with at most `bound` running at once: `bound` workers take the next
 * index when they finish one, so nothing is created per index up front. Stops taking new indexes
 * once `stopped()` says so; those under way finish.
 */
export async function forEachBounded(
	count: number,
	bound: number,
	work: (index: number) => Promise<void>,
	stopped: () => boolean = () => false,
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count && !stopped()) await work(next++);
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(bound, count)) }, worker));
}

/**
 * Runs the chosen operation once per input item, several items at once (see `concurrencyFor`).
 * Output items come in input order, each paired to its input item; with "continue on fail" a
 * failed item's error item takes its place. Without it, the first failing item (in input order)
 * stops the node once the items already under way have finished.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const apiVersion = this.getNodeParameter('apiVersion', 0) as ApiVersion;
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = operationsByVersion[apiVersion]?.[resource]?.[operationName];
	if (operation === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported by API version "${apiVersion}"`,
		);
	}
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = concurrencyFor(resource, operationName, options.concurrency);
	const continueOnFail = this.continueOnFail();

	const outputs: INodeExecutionData[][] = [];
	let failure: { itemIndex: number; error: NodeApiError | NodeOperationError } | undefined;
	await forEachBounded(
		items.length,
		concurrency,
		async (itemIndex) => {
			const pairedItem = { item: itemIndex };
			try {
				const result = await operation.execute.call(this, itemIndex);
				outputs[itemIndex] = (Array.isArray(result) ? result : [result]).map((json) => ({
					json,
					pairedItem,
				}));
			} catch (error) {
				const nodeError = asNodeError(this, error, itemIndex);
				if (continueOnFail) outputs[itemIndex] = [{ json: errorItem(nodeError), pairedItem }];
				else if (failure === undefined || itemIndex < failure.itemIndex)
					failure = { itemIndex, error: nodeError };
			}
		},
		() => failure !== undefined,
	);
	if (failure) throw failure.error;
	return [outputs.flat()];
}

function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

function errorItem(error: NodeApiError | NodeOperationError): IDataObject {
	return {
		error: error.message,
		...(error.description ? { description: error.description } : {}),
		...(error instanceof NodeApiError && error.httpCode ? { httpCode: error.httpCode } : {}),
	};
}
