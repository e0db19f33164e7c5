import { versionOf } from '../shared/operations';
import * as address from './address/Address.resource';
import * as invoice from './invoice/Invoice.resource';
import * as rate from './rate/Rate.resource';
import * as transaction from './transaction/Transaction.resource';
import * as wallet from './wallet/Wallet.resource';
import * as withdrawal from './withdrawal/Withdrawal.resource';

export const { operations, description, resources } = versionOf({
	address,
	invoice,
	rate,
	transaction,
	wallet,
	withdrawal,
});
