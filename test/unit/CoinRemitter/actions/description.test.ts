import type { INodeProperties } from 'n8n-workflow';

import { CoinRemitterApi } from '../../../../credentials/CoinRemitterApi.credentials';
import { CoinRemitter } from '../../../../nodes/CoinRemitter/CoinRemitter.node';
import { CoinRemitterTrigger } from '../../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';

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

const V1: Record<string, Record<string, string[]>> = {
	address: { create: ['label'], validate: ['address'], getTransactions: ['address'] },
	withdrawal: {
		estimate: ['amount', 'withdrawalSpeed', 'additionalFields.address'],
		create: ['address', 'amount', 'withdrawalSpeed'],
	},
	transaction: { get: ['transactionId'] },
	wallet: { getBalance: [] },
	invoice: {
		create: [
			'amount',
			'fiatCurrency',
			...[
				'name',
				'email',
				'expiryMinutes',
				'notifyUrl',
				'successUrl',
				'failUrl',
				'description',
				'customData1',
				'customData2',
			].map((n) => `additionalFields.${n}`),
		],
		get: ['invoiceId'],
	},
	rate: {
		fiatToCrypto: ['fiatCurrency', 'fiatAmount', 'coin'],
		cryptoToFiat: ['coin', 'cryptoAmount', 'fiatCurrency'],
		getSupportedCurrencies: [],
	},
};

const LEGACY: Record<string, Record<string, string[]>> = {
	address: { create: ['label'], validate: ['address'], getTransactions: ['address'] },
	withdrawal: { create: ['address', 'amount'] },
	transaction: { get: ['transactionId'] },
	wallet: { getBalance: [] },
	invoice: {
		create: [
			'amount',
			'fiatCurrency',
			...[
				'name',
				'expiryMinutes',
				'notifyUrl',
				'successUrl',
				'failUrl',
				'description',
				'customData1',
				'customData2',
			].map((n) => `additionalFields.${n}`),
		],
		get: ['invoiceId'],
	},
	rate: { fiatToCrypto: ['fiatCurrency', 'fiatAmount'], getCoinPrices: [] },
};

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

	const rows = [
		...Object.entries(V1).map(([resource, operations]) => ['v1', resource, operations] as const),
		...Object.entries(LEGACY).map(
			([resource, operations]) => ['legacy', resource, operations] as const,
		),
	];
	for (const [apiVersion, resource, operations] of rows) {
		for (const [operation, fields] of Object.entries(operations)) {
			it(`${apiVersion} ${resource}.${operation} has its fields under their public names`, () => {
				expect(options('resource', { apiVersion })).toContain(resource);
				expect(options('operation', { apiVersion, resource })).toContain(operation);
				const context = { apiVersion, resource, operation };
				for (const field of fields) {
					const [top, sub] = field.split('.');
					const property = description.properties.find(
						(p) => p.name === top && visible(p, context),
					);
					expect(property).toBeDefined();
					if (sub) expect((property!.options ?? []).map((option) => option.name)).toContain(sub);
				}
			});
		}
	}

	it('does not offer legacy-only operations under v1, nor v1-only ones under legacy', () => {
		expect(options('operation', { apiVersion: 'v1', resource: 'rate' })).toEqual([
			'cryptoToFiat',
			'fiatToCrypto',
			'getSupportedCurrencies',
		]);
		expect(options('operation', { apiVersion: 'legacy', resource: 'withdrawal' })).toEqual([
			'create',
		]);
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
