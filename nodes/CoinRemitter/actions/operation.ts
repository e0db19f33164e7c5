import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { ApiVersion, Endpoint } from '../../shared/client';
import type { FieldContext } from './validation';

/** What the router and the transport need to know about an operation, declared by the operation. */
export interface OperationFacts {
	/** The interfaces that offer it. */
	apis: readonly ApiVersion[];
	/** Creates something or moves money: never sent twice unless it surely did not arrive. */
	writes?: boolean;
	/** Items go one at a time, in input order (withdrawals: the balance runs out on a predictable item). */
	oneAtATime?: boolean;
}

/** One item's run of an operation: which interface, and how to call it. */
export interface ItemContext {
	itemIndex: number;
	api: ApiVersion;
	/** Names the field and the item in validation errors. */
	field: FieldContext;
	/** Calls the operation's endpoint under this item's interface, paced and retried per the operation's facts. */
	send(endpoint: Endpoint, fields?: IDataObject): Promise<IDataObject | IDataObject[]>;
	/** Calls an endpoint that only reads (a write operation's checks first): retried as any read. */
	read(endpoint: Endpoint, fields?: IDataObject): Promise<IDataObject | IDataObject[]>;
}

/** An item an operation sends to another output of the node than its first (OUTPUTS_EXPRESSION). */
export class ToOutput {
	constructor(
		readonly output: number,
		readonly json: IDataObject,
	) {}
}

export type OperationResult = IDataObject | IDataObject[] | ToOutput;

/**
 * An `<operation>.operation.ts` module: its dropdown entry, its facts, its endpoint, its fields and
 * its call for one item.
 */
export interface Operation {
	option: INodePropertyOptions & { value: string };
	facts: OperationFacts;
	/** Where it lives in each interface of `facts.apis`; `execute` sends to it. */
	endpoint: Endpoint;
	/** Its fields, without display conditions: the resource shows them for this operation only. */
	properties: INodeProperties[];
	execute(this: IExecuteFunctions, item: ItemContext): Promise<OperationResult>;
	/**
	 * For an operation that answers for all items together (a batch): runs instead of `execute`,
	 * once, and returns the node's outputs. `itemContext(i)` is what `execute` would be given.
	 */
	executeBatch?(
		this: IExecuteFunctions,
		itemContext: (itemIndex: number) => ItemContext,
	): Promise<INodeExecutionData[][]>;
}

/** A resource's Operation dropdowns (one per interface) and the fields of its operations. */
export interface Resource {
	name: string;
	value: string;
	operations: Operation[];
	description: INodeProperties[];
}

/**
 * Builds a resource from its operations (listed alphabetically). Each interface gets its own
 * Operation dropdown with the operations it offers; legacy actions say "(legacy)", since n8n names
 * a new node after its action and a legacy node should read as one on the canvas.
 */
export function defineResource(
	name: string,
	value: string,
	operations: Operation[],
	{ preferredDefault }: { preferredDefault?: string } = {},
): Resource {
	const selectors = (['v1', 'legacy'] as const).flatMap((api) => {
		const offered = operations.filter((operation) => operation.facts.apis.includes(api));
		if (offered.length === 0) return [];
		const values = offered.map((operation) => operation.option.value);
		const defaultOperation =
			preferredDefault && values.includes(preferredDefault) ? preferredDefault : values[0];
		const options = offered.map(({ option }) =>
			api === 'legacy' ? { ...option, action: `${option.action} (legacy)` } : option,
		);
		return [operationSelector(api, value, options, defaultOperation)];
	});
	const fields = operations.flatMap((operation) => fieldsOf(value, operation));
	return { name, value, operations, description: [...selectors, ...fields] };
}

function operationSelector(
	api: ApiVersion,
	resource: string,
	options: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: [api], resource: [resource] } },
		default: defaultOperation,
		options,
	};
}

/**
 * An operation's fields, shown only under its resource, operation and interfaces. A field that
 * names its own `apiVersion` (a field only one interface has) keeps it.
 */
function fieldsOf(resource: string, operation: Operation): INodeProperties[] {
	return operation.properties.map((property) => {
		const show = property.displayOptions?.show ?? {};
		return {
			...property,
			displayOptions: {
				...property.displayOptions,
				show: {
					...show,
					apiVersion: show.apiVersion ?? [...operation.facts.apis],
					resource: [resource],
					operation: [operation.option.value],
				},
			},
		};
	});
}

/** Marks a field as one that only `api` has. */
export const onlyFor = (api: ApiVersion, property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { apiVersion: [api] } },
});
