import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiVersion, OperationModule } from './types';
import * as legacy from './legacy';
import * as v1 from './v1';

const operationsByVersion: Record<ApiVersion, Record<string, Record<string, OperationModule>>> = {
	v1: v1.operations,
	legacy: legacy.operations,
};

/** Runs the chosen operation once per input item; every output item is paired to its input. */
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

	const returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const pairedItem = { item: itemIndex };
		try {
			const result = await operation.execute.call(this, itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
				returnData.push({ json, pairedItem });
			}
		} catch (error) {
			const nodeError = asNodeError(this, error, itemIndex);
			if (!this.continueOnFail()) throw nodeError;
			returnData.push({ json: errorItem(nodeError), pairedItem });
		}
	}
	return [returnData];
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
