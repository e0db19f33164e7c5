import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export type ApiVersion = 'v1' | 'legacy';

/** One operation: its fields (shown only for its resource and operation) and the call for one item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}
