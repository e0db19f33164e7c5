import type { INode, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { CoinRemitterApi } from '../../../../credentials/CoinRemitterApi.credentials';
import { CoinRemitter } from '../../../../nodes/CoinRemitter/CoinRemitter.node';
import { CoinRemitterTrigger } from '../../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import { resources } from '../../../../nodes/CoinRemitter/actions/description';

const { description } = new CoinRemitter();

function visible(property: INodeProperties, context: Record<string, string>) {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(
		([key, values]) => !(key in context) || (values as unknown[]).includes(context[key]),
	);
}

function options(name: string, context: Record<string, string>) {
	return description.properties
		.filter((property) => property.name === name && visible(property, context))
		.flatMap((property) =>
			(property.options ?? []).map((option) => (option as { value: string }).value),
		);
}

const APIS = ['v1', 'legacy'] as const;

/** Parameters the node has whatever the resource: the ones no operation declares. */
const NODE_LEVEL = ['apiVersion', 'legacyNotice', 'resource', 'operation', 'options'];

/** Every operation module, as the resources list them, with the interfaces it is offered under. */
const offered = resources.flatMap((resource) =>
	resource.operations.flatMap((operation) =>
		operation.facts.apis.map((api) => ({ api, resource, operation })),
	),
);

/** Whether a field an operation declares applies under `api` (it may name the one interface it has). */
const appliesUnder = (property: INodeProperties, api: string) =>
	property.displayOptions?.show?.apiVersion?.includes(api) ?? true;

describe('node description', () => {
	it('is the coinRemitter node, usable as an AI tool, with the v1 credential', () => {
		expect(description.name).toBe('coinRemitter');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials?.map((credential) => credential.name)).toContain(
			'coinRemitterApi',
		);
		expect(options('apiVersion', {})).toEqual(['v1', 'legacy']);
		expect(description.credentials?.map((credential) => credential.name)).toContain(
			'coinRemitterLegacyApi',
		);
	});

	for (const { api: apiVersion, resource, operation } of offered) {
		const { value } = operation.option;
		it(`${apiVersion} ${resource.value}.${value} has its fields under their public names`, () => {
			expect(options('resource', { apiVersion })).toContain(resource.value);
			expect(options('operation', { apiVersion, resource: resource.value })).toContain(value);
			const context = { apiVersion, resource: resource.value, operation: value };
			for (const declared of operation.properties) {
				const property = description.properties.find(
					(p) => p.name === declared.name && visible(p, context),
				);
				if (!appliesUnder(declared, apiVersion)) {
					expect(property).toBeUndefined();
					continue;
				}
				expect(property).toBeDefined();
				for (const sub of (declared.options ?? []) as INodeProperties[])
					if (sub.name) expect((property!.options ?? []).map((o) => o.name)).toContain(sub.name);
			}
		});
	}

	it('does not offer legacy-only operations under v1, nor v1-only ones under legacy', () => {
		for (const resource of resources) {
			for (const apiVersion of APIS) {
				const expected = resource.operations
					.filter((operation) => operation.facts.apis.includes(apiVersion))
					.map((operation) => operation.option.value);
				expect(options('operation', { apiVersion, resource: resource.value })).toEqual(expected);
			}
		}
	});

	it("shows each operation's fields for that operation only, under the interfaces it is offered by", () => {
		const declaredBy = (resource: string, operation: string) =>
			offered.filter(
				(entry) => entry.resource.value === resource && entry.operation.option.value === operation,
			);
		for (const property of description.properties) {
			if (NODE_LEVEL.includes(property.name)) continue;
			const show = property.displayOptions?.show ?? {};
			expect(show.resource).toHaveLength(1);
			expect(show.operation).toHaveLength(1);
			const owners = declaredBy(show.resource![0] as string, show.operation![0] as string);
			expect(owners.length).toBeGreaterThan(0);
			for (const api of show.apiVersion ?? [])
				expect(owners.map((owner) => owner.api)).toContain(api);
		}
		for (const { api: apiVersion, resource, operation } of offered) {
			const context = { apiVersion, resource: resource.value, operation: operation.option.value };
			const shown = description.properties
				.filter((property) => !NODE_LEVEL.includes(property.name) && visible(property, context))
				.map((property) => property.name);
			const declared = operation.properties
				.filter((property) => appliesUnder(property, apiVersion))
				.map((property) => property.name);
			expect(shown).toEqual(declared);
		}
	});

	it('lists the operations of each resource alphabetically, in a dropdown no expression can set', () => {
		for (const property of description.properties.filter((p) => p.name === 'operation')) {
			const names = (property.options as Array<{ name: string }>).map((option) => option.name);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
			expect(property.noDataExpression).toBe(true);
		}
	});

	it('gives each operation a well-formed endpoint for exactly the interfaces it is offered by', () => {
		for (const resource of resources) {
			for (const { endpoint, facts, option } of resource.operations) {
				const where = `${resource.value}.${option.value}`;
				expect([where, Object.keys(endpoint).sort()]).toEqual([where, [...facts.apis].sort()]);
				if (endpoint.v1 !== undefined) expect(endpoint.v1).toMatch(/^\/v1(\/[a-z]+(-[a-z]+)*)+$/);
				if (endpoint.legacy !== undefined) expect(endpoint.legacy).toMatch(/^[a-z]+(-[a-z]+)*$/);
			}
		}
	});

	it('keeps API Version a visible field: no credential is shown by a condition (n8n would take the field for the auth selector and hide it)', () => {
		// n8n's editor (getNodeAuthFields/getMainAuthField) looks only at the credentials' `show` conditions.
		for (const credential of description.credentials ?? []) {
			expect(credential.displayOptions?.show).toBeUndefined();
			expect(credential.displayName).toBeTruthy();
		}
		const byName = Object.fromEntries(
			(description.credentials ?? []).map((credential) => [
				credential.name,
				credential.displayOptions?.hide?.apiVersion,
			]),
		);
		expect(byName).toEqual({ coinRemitterApi: ['legacy'], coinRemitterLegacyApi: ['v1'] });
		expect(description.properties.find((property) => property.name === 'apiVersion')?.default).toBe(
			'v1',
		);
	});

	it('has one Resource dropdown, so that the node creator lists each action once', () => {
		const resources = description.properties.filter((property) => property.name === 'resource');
		expect(resources).toHaveLength(1);
		expect(resources[0].displayOptions).toBeUndefined();
	});

	it('says "(legacy)" in every legacy action and in no v1 one', () => {
		for (const property of description.properties.filter(
			(candidate) => candidate.name === 'operation',
		)) {
			const legacy = property.displayOptions?.show?.apiVersion?.[0] === 'legacy';
			for (const option of property.options as Array<{ action: string }>)
				expect(option.action.endsWith(' (legacy)')).toBe(legacy);
		}
	});

	it('has a subtitle made of the names the dropdowns show', () => {
		const subtitle = description.subtitle as string;
		expect(subtitle).toContain('"Get Balance: Wallet"');
		expect(subtitle).toContain('"wallet:getBalance"');
		expect(subtitle).toContain('(legacy)');
		const labels = JSON.parse(subtitle.match(/\(\[(.*?)\]\[/)![0].slice(1, -1)) as string[];
		const keys = JSON.parse(subtitle.match(/\]\[(\[.*?\])\.indexOf/)![1]) as string[];
		expect(labels).toHaveLength(keys.length);
		expect(labels[keys.indexOf('withdrawal:estimate')]).toBe('Estimate: Withdrawal');
	});

	it('gives every operation an action and a description an AI agent can choose by', () => {
		const operationProperties = description.properties.filter(
			(property) => property.name === 'operation',
		);
		for (const property of operationProperties) {
			for (const option of property.options as Array<{ action?: string; description?: string }>) {
				expect(option.action).toBeTruthy();
				expect((option.description ?? '').length).toBeGreaterThan(30);
			}
		}
	});
});

describe('credential coinRemitterApi', () => {
	const credential = new CoinRemitterApi();
	it('has password fields for the key and password and the real host as default base URL', () => {
		const byName = Object.fromEntries(
			credential.properties.map((property) => [property.name, property]),
		);
		expect(byName.apiKey.typeOptions?.password).toBe(true);
		expect(byName.apiPassword.typeOptions?.password).toBe(true);
		expect(byName.baseUrl.default).toBe('https://api.coinremitter.com');
	});
});

describe('option values as the editor stores them', () => {
	const triggerDescription = new CoinRemitterTrigger().description;

	function optionValues(properties: INodeProperties[], path = ''): Array<[string, unknown]> {
		return properties.flatMap((property) => {
			const name = `${path}${property.name}`;
			if (property.type === 'options' || property.type === 'multiOptions') {
				return (property.options as Array<{ value: unknown }>).map((option): [string, unknown] => [
					name,
					option.value,
				]);
			}
			if (property.type === 'collection' || property.type === 'fixedCollection')
				return optionValues(property.options as INodeProperties[], `${name}.`);
			return [];
		});
	}

	it('only Order Statuses holds numeric values (the trigger compares them as numbers and as text)', () => {
		const numeric = [
			...optionValues(description.properties),
			...optionValues(triggerDescription.properties),
		].filter(([, value]) => typeof value === 'number');
		expect([...new Set(numeric.map(([name]) => name))]).toEqual(['options.statuses']);
		expect(numeric.map(([, value]) => value)).toEqual([0, 1, 2, 3, 4, 5]);
	});
});

describe("outputs, as n8n reads them from the node's parameters", () => {
	const nodeType: INodeType = new CoinRemitter();
	const outputNames = (parameters: Record<string, string>) => {
		const node: INode = {
			id: 'n1',
			name: 'CoinRemitter',
			type: 'n8n-nodes-coinremitter.coinRemitter',
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		const nodeTypes = {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		return NodeHelpers.getNodeOutputs(workflow, node, nodeType.description).map((output) =>
			typeof output === 'string' ? output : (output.displayName ?? output.type),
		);
	};
	const withdrawal = { apiVersion: 'v1', resource: 'withdrawal' };

	it('has two outputs only where items can leave on a second one', () => {
		expect(outputNames({ ...withdrawal, operation: 'create', askAPerson: 'never' })).toEqual([
			'main',
		]);
		expect(outputNames({ ...withdrawal, operation: 'create', askAPerson: 'aboveLimits' })).toEqual([
			'Sent',
			'Ask a Person',
		]);
		expect(outputNames({ ...withdrawal, operation: 'checkFunds' })).toEqual([
			'Covered',
			'Not Covered',
		]);
		expect(outputNames({ ...withdrawal, operation: 'sendApproved' })).toEqual([
			'Outcome',
			'Ask a Second Person',
		]);
		expect(outputNames({ apiVersion: 'v1', resource: 'wallet', operation: 'getBalance' })).toEqual([
			'main',
		]);
	});
});
