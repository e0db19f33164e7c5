import type { INodeProperties } from 'n8n-workflow';

import { resourceSelector } from '../shared/operations';
import type { ResourceOperations } from '../types';
import * as address from './address/Address.resource';
import * as invoice from './invoice/Invoice.resource';
import * as rate from './rate/Rate.resource';
import * as transaction from './transaction/Transaction.resource';
import * as wallet from './wallet/Wallet.resource';
import * as withdrawal from './withdrawal/Withdrawal.resource';

export const operations: Record<string, ResourceOperations> = {
	address: { create: address.create, getTransactions: address.getTransactions, validate: address.validate },
	invoice: { create: invoice.create, get: invoice.get },
	rate: { fiatToCrypto: rate.fiatToCrypto },
	transaction: { get: transaction.get },
	wallet: { getBalance: wallet.getBalance },
	withdrawal: { create: withdrawal.create, estimate: withdrawal.estimate },
};

export const description: INodeProperties[] = [
	resourceSelector('v1', Object.keys(operations), 'wallet'),
	...address.description,
	...invoice.description,
	...rate.description,
	...transaction.description,
	...wallet.description,
	...withdrawal.description,
];
