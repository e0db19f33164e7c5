import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion, OperationModule } from '../types';

/** Every operation's dropdown entry, written once for both API versions. */
const catalogue: Record<string, Record<string, INodePropertyOptions>> = {
	address: {
		create: {
			name: 'Create',
			value: 'create',
			description: 'Create a new deposit address in the wallet, optionally labelled',
			action: 'Create an address',
		},
		getTransactions: {
			name: 'Get Transactions',
			value: 'getTransactions',
			description: 'List the deposits received by one address of the wallet',
			action: 'Get the transactions of an address',
		},
		validate: {
			name: 'Validate',
			value: 'validate',
			description: 'Check whether an address is valid for the wallet coin before sending to it',
			action: 'Validate an address',
		},
	},
	invoice: {
		create: {
			name: 'Create',
			value: 'create',
			description:
				'Create a payment request priced in a fiat currency and get the URL where the customer pays',
			action: 'Create an invoice',
		},
		get: {
			name: 'Get',
			value: 'get',
			description:
				'Get an invoice with its status (Pending, Paid, Under Paid, Over Paid, Expired, Cancelled) and payments',
			action: 'Get an invoice',
		},
	},
	rate: {
		cryptoToFiat: {
			name: 'Crypto to Fiat',
			value: 'cryptoToFiat',
			description: 'Convert an amount of a coin into fiat currencies at the current rate',
			action: 'Convert crypto to fiat',
		},
		fiatToCrypto: {
			name: 'Fiat to Crypto',
			value: 'fiatToCrypto',
			description:
				'Convert a fiat amount (for example 100 USD) into the equivalent amount of a coin, or of every coin, at the current rate',
			action: 'Convert fiat to crypto',
		},
		getCoinPrices: {
			name: 'Get Coin Prices',
			value: 'getCoinPrices',
			description: 'Get the current USD price of each coin CoinRemitter supports',
			action: 'Get coin prices',
		},
		getSupportedCurrencies: {
			name: 'Get Supported Currencies',
			value: 'getSupportedCurrencies',
			description:
				'List the coins CoinRemitter supports, with network, minimum deposit, USD price and withdrawal fees',
			action: 'Get supported currencies',
		},
	},
	transaction: {
		get: {
			name: 'Get',
			value: 'get',
			description: 'Get one deposit or withdrawal by its CoinRemitter ID, with its confirmations',
			action: 'Get a transaction',
		},
	},
	wallet: {
		getBalance: {
			name: 'Get Balance',
			value: 'getBalance',
			description:
				'Get the current balance of the wallet (v1 adds the remaining 24-hour withdrawal allowance)',
			action: 'Get the wallet balance',
		},
	},
	withdrawal: {
		create: {
			name: 'Create',
			value: 'create',
			description:
				'Send coins from the wallet to an external address. Moves real funds: the wallet is charged the amount plus fees.',
			action: 'Withdraw coins to an address',
		},
		estimate: {
			name: 'Estimate',
			value: 'estimate',
			description:
				'Get the network and processing fees and the total a withdrawal would cost, without sending anything',
			action: 'Estimate a withdrawal',
		},
	},
};

/**
 * The Operation dropdown of one resource under one API version. Legacy actions say "(legacy)": n8n
 * names a new node after its action, so a legacy node reads as one on the canvas.
 */
export function operationSelector(
	apiVersion: ApiVersion,
	resource: string,
	operations: string[],
	defaultOperation = operations[0],
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { apiVersion: [apiVersion], resource: [resource] } },
		default: defaultOperation,
		options: operations.map((operation) => {
			const option = catalogue[resource][operation];
			return apiVersion === 'legacy' ? { ...option, action: `${option.action} (legacy)` } : option;
		}),
	};
}

const resourceNames: Record<string, string> = {
	address: 'Address',
	invoice: 'Invoice',
	rate: 'Rate',
	transaction: 'Transaction',
	wallet: 'Wallet',
	withdrawal: 'Withdrawal',
};

/**
 * The Resource dropdown, one for both API versions (they have the same six resources). One, not one
 * per version: n8n's node creator pairs each Resource option with the first Operation dropdown shown
 * for it, so a second Resource dropdown listed every v1 action a second time.
 */
export function resourceSelector(resources: string[], defaultResource: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map((value) => ({ name: resourceNames[value], value })),
		default: defaultResource,
	};
}

/**
 * The node's subtitle: the names the dropdowns show ("Get Balance: Wallet"), "(legacy)" for the legacy
 * API, instead of the internal values. Arrays rather than an object literal: braces inside `{{ }}`
 * are not safe in every n8n expression engine.
 */
export function subtitleExpression(): string {
	const keys: string[] = [];
	const labels: string[] = [];
	for (const [resource, operations] of Object.entries(catalogue)) {
		for (const [operation, option] of Object.entries(operations)) {
			keys.push(`${resource}:${operation}`);
			labels.push(`${option.name}: ${resourceNames[resource]}`);
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ (${JSON.stringify(labels)}[${JSON.stringify(keys)}.indexOf(${key})] || ${key}) + ($parameter["apiVersion"] === "legacy" ? " (legacy)" : "") }}`;
}

/** A resource's Operation dropdown followed by the fields of each of its operations. */
export function resourceDescription(
	apiVersion: ApiVersion,
	resource: string,
	operations: Record<string, OperationModule>,
	defaultOperation?: string,
): INodeProperties[] {
	return [
		operationSelector(apiVersion, resource, Object.keys(operations), defaultOperation),
		...Object.values(operations).flatMap((operation) => operation.description),
	];
}

/** One API version: its resources, every resource's fields, and the operations by name. */
export function versionOf(
	resources: Record<
		string,
		{ operations: Record<string, OperationModule>; description: INodeProperties[] }
	>,
) {
	return {
		operations: Object.fromEntries(
			Object.entries(resources).map(([name, resource]) => [name, resource.operations]),
		),
		resources: Object.keys(resources),
		description: Object.values(resources).flatMap((resource) => resource.description),
	};
}
