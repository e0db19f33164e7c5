// Node parameters the way n8n's editor builds them: the user's choices, given by the names shown
// in the dropdowns, turned into the option values the node's own description holds (numbers stay
// numbers), then every visible parameter's default filled in by n8n's own NodeHelpers. A test
// cannot pass with a parameter value the node does not offer.
import type {
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';

/** A choice by display name, e.g. `shown('Paid', 'Over Paid')`; resolved against the parameter's options. */
export class Shown {
	constructor(readonly names: string[]) {}
}
export const shown = (...names: string[]) => new Shown(names);

type Choice = unknown | Shown;

type Context = Record<string, unknown>;

/** Whether the editor shows `property` once the parameters chosen so far hold `context`. */
function shownFor(property: INodeProperties, context: Context): boolean {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(
		([key, values]) => !(key in context) || (values as unknown[]).includes(context[key]),
	);
}

/**
 * The options of the parameters at `path` that the editor shows under `context` (several
 * parameters share a name, e.g. one Operation per resource).
 */
function optionsOf(
	properties: INodeProperties[],
	path: string[],
	context: Context = {},
): INodePropertyOptions[] | undefined {
	const [name, ...rest] = path;
	const found: INodePropertyOptions[] = [];
	for (const property of properties.filter(
		(candidate) => candidate.name === name && shownFor(candidate, context),
	)) {
		if (rest.length === 0 && (property.type === 'options' || property.type === 'multiOptions'))
			found.push(...(property.options as INodePropertyOptions[]));
		if (rest.length > 0 && property.type === 'collection')
			found.push(...(optionsOf(property.options as INodeProperties[], rest) ?? []));
	}
	return found.length > 0 ? found : undefined;
}

function resolve(
	properties: INodeProperties[],
	path: string[],
	choice: Choice,
	context: Context = {},
): unknown {
	const options = optionsOf(properties, path, path.length === 1 ? context : {});
	if (choice instanceof Shown) {
		if (!options) throw new Error(`${path.join('.')} has no options to choose from by name`);
		const values = choice.names.map((name) => {
			const option = options.find((candidate) => candidate.name === name);
			if (!option)
				throw new Error(
					`${path.join('.')} offers no "${name}" (offers ${options.map((o) => o.name).join(', ')})`,
				);
			return option.value;
		});
		return isMulti(properties, path) ? values : values[0];
	}
	if (options && !(typeof choice === 'string' && choice.startsWith('='))) {
		const chosen = Array.isArray(choice) ? choice : [choice];
		for (const value of chosen) {
			if (!options.some((option) => option.value === value))
				throw new Error(
					`${path.join('.')} offers no value ${JSON.stringify(value)} (the editor could not store it)`,
				);
		}
	}
	if (choice !== null && typeof choice === 'object' && !Array.isArray(choice)) {
		return Object.fromEntries(
			Object.entries(choice as Record<string, Choice>).map(([key, value]) => [
				key,
				resolve(properties, [...path, key], value),
			]),
		);
	}
	return choice;
}

function isMulti(properties: INodeProperties[], path: string[]): boolean {
	const [name, ...rest] = path;
	for (const property of properties.filter((candidate) => candidate.name === name)) {
		if (rest.length === 0) return property.type === 'multiOptions';
		if (property.type === 'collection' && isMulti(property.options as INodeProperties[], rest))
			return true;
	}
	return false;
}

/**
 * The parameters n8n stores for a node after the user made `choices` in the editor, in order:
 * each choice is checked against the options shown under the choices before it.
 */
export function editorParameters(
	description: INodeTypeDescription,
	choices: Record<string, Choice>,
	typeVersion = 1,
): INodeParameters {
	const values: INodeParameters = {};
	for (const [name, choice] of Object.entries(choices)) {
		values[name] = resolve(
			description.properties,
			[name],
			choice,
			values,
		) as INodeParameters[string];
	}
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			{ typeVersion },
			description,
		) ?? {}
	);
}

const coinRemitter = new CoinRemitter().description;

/** apiVersion, resource and operation of the CoinRemitter node, as picked in the editor by their labels. */
export function operation(apiLabel: string, resourceLabel: string, operationLabel: string) {
	const picked = editorParameters(coinRemitter, {
		apiVersion: shown(apiLabel),
		resource: shown(resourceLabel),
		operation: shown(operationLabel),
	});
	return { apiVersion: picked.apiVersion, resource: picked.resource, operation: picked.operation };
}

/** The name and default of an entry of the CoinRemitter node's "Options" collection, by its label. */
export function requestOption(displayName: string): { name: string; default: unknown } {
	const collection = coinRemitter.properties.find(
		(property) => property.name === 'options' && property.type === 'collection',
	);
	const option = (collection?.options as INodeProperties[] | undefined)?.find(
		(entry) => entry.displayName === displayName,
	);
	if (!option) throw new Error(`the node has no option "${displayName}"`);
	return { name: option.name, default: option.default };
}
