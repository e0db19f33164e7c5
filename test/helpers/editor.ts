// Node parameters the way n8n's editor builds them: the user's choices, given by the names shown
// in the dropdowns, turned into the option values the node's own description holds (numbers stay
// numbers), then every visible parameter's default filled in by n8n's own NodeHelpers.
import type {
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** A choice by display name, e.g. `shown('Paid', 'Over Paid')`; resolved against the parameter's options. */
export class Shown {
	constructor(readonly names: string[]) {}
}
export const shown = (...names: string[]) => new Shown(names);

type Choice = unknown | Shown;

/** The options of every parameter at `path` (several parameters share a name, e.g. one Operation per resource). */
function optionsOf(
	properties: INodeProperties[],
	path: string[],
): INodePropertyOptions[] | undefined {
	const [name, ...rest] = path;
	const found: INodePropertyOptions[] = [];
	for (const property of properties.filter((candidate) => candidate.name === name)) {
		if (rest.length === 0 && (property.type === 'options' || property.type === 'multiOptions'))
			found.push(...(property.options as INodePropertyOptions[]));
		if (rest.length > 0 && property.type === 'collection')
			found.push(...(optionsOf(property.options as INodeProperties[], rest) ?? []));
	}
	return found.length > 0 ? found : undefined;
}

function resolve(properties: INodeProperties[], path: string[], choice: Choice): unknown {
	const options = optionsOf(properties, path);
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

/** The parameters n8n stores for a node after the user made `choices` in the editor. */
export function editorParameters(
	description: INodeTypeDescription,
	choices: Record<string, Choice>,
): INodeParameters {
	const values = Object.fromEntries(
		Object.entries(choices).map(([name, choice]) => [
			name,
			resolve(description.properties, [name], choice),
		]),
	) as INodeParameters;
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			{ typeVersion: 1 },
			description,
		) ?? {}
	);
}
