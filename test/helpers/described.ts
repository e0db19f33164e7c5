// Node parameters taken from the node's own description (the names and values a user picks in the
// editor), so that a test cannot pass with a parameter the node does not offer.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';

const { properties } = new CoinRemitter().description;

function shownFor(property: INodeProperties, context: Record<string, string>) {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(
		([key, values]) => !(key in context) || (values as unknown[]).includes(context[key]),
	);
}

/** The value of the dropdown entry `label` of parameter `name`, as shown under `context`. */
function pick(name: string, label: string, context: Record<string, string>): string {
	for (const property of properties) {
		if (property.name !== name || !shownFor(property, context)) continue;
		const option = (property.options as INodePropertyOptions[] | undefined)?.find(
			(entry) => entry.name === label,
		);
		if (option) return String(option.value);
	}
	throw new Error(`the node offers no "${label}" for ${name} under ${JSON.stringify(context)}`);
}

/** apiVersion, resource and operation as picked in the editor by their labels. */
export function operation(apiLabel: string, resourceLabel: string, operationLabel: string) {
	const apiVersion = pick('apiVersion', apiLabel, {});
	const resource = pick('resource', resourceLabel, { apiVersion });
	return {
		apiVersion,
		resource,
		operation: pick('operation', operationLabel, { apiVersion, resource }),
	};
}

/** The name and default of an entry of the node's "Options" collection, by its label. */
export function requestOption(displayName: string): { name: string; default: unknown } {
	const collection = properties.find(
		(property) => property.name === 'options' && property.type === 'collection',
	);
	const option = (collection?.options as INodeProperties[] | undefined)?.find(
		(entry) => entry.displayName === displayName,
	);
	if (!option) throw new Error(`the node has no option "${displayName}"`);
	return { name: option.name, default: option.default };
}
