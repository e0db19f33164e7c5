import type { IDataObject } from 'n8n-workflow';

import { isConfirmed, LEGACY_CONFIRMATIONS, transactionKey } from '../../shared/deliveryKey';
import { amount, callbackSchema, fields, integer, text } from '../schemas';
import type { CallbackInterface } from '../schemas';
import type { TriggerOptions } from './callback';
import { defineCallback } from './callback';

const v1 = callbackSchema({
	kind: 'v1Transaction',
	title: 'Deposit or withdrawal (v1 webhook)',
	interface: 'v1',
	required: ['id', 'type', 'txid', 'address', 'amount', 'coin_symbol'],
	fields: fields({
		id: text,
		txid: text,
		explorer_url: text,
		type: text,
		status: text,
		status_code: integer,
		coin: text,
		coin_symbol: text,
		wallet_id: text,
		wallet_name: text,
		merchant_id: text,
		address: text,
		label: text,
		amount,
		confirmations: integer,
		required_confirmations: integer,
		date: text,
		transaction_timestamp: integer,
	}),
});

const legacy = callbackSchema({
	kind: 'legacyTransaction',
	title: 'Deposit or withdrawal (legacy webhook)',
	interface: 'legacy',
	required: ['id', 'type', 'txid', 'address', 'amount', 'coin_short_name'],
	fields: fields({
		id: text,
		txid: text,
		explorer_url: text,
		merchant_id: text,
		type: text,
		coin_short_name: text,
		wallet_id: text,
		wallet_name: text,
		address_label: text,
		address: text,
		amount,
		confirmations: integer,
		date: text,
		transaction_fees: amount,
		processing_fees: amount,
		total_amount: amount,
	}),
});

const confirmed = (item: IDataObject, options: TriggerOptions) =>
	isConfirmed(item, item.interface as CallbackInterface, options.legacyConfirmations);

/** Deposits (type receive) and withdrawals (type send) of a wallet: its deposit/withdrawal webhook. */
export const transactionCallback = defineCallback({
	name: 'transaction',
	events: [
		{
			name: 'Deposit',
			value: 'deposit',
			description: 'Coins received on a wallet address (type receive)',
		},
		{
			name: 'Withdrawal',
			value: 'withdrawal',
			description: 'Coins sent from the wallet (type send)',
		},
	],
	schemas: [v1, legacy],
	recognise(body) {
		if (body.type !== 'receive' && body.type !== 'send') return undefined;
		// v1 records carry coin_symbol, legacy ones never do; merchant_id is in both.
		return {
			schema: body.coin_symbol !== undefined ? v1 : legacy,
			event: body.type === 'receive' ? 'deposit' : 'withdrawal',
		};
	},
	lookup: {
		read: (callback) => ({
			endpoint: { v1: '/v1/wallet/transaction', legacy: 'get-transaction' },
			fields: { id: String(callback.id) },
		}),
		mustMatch: ['type', 'address', 'amount'],
		// A v1 deposit's address lists its transactions with totals that prove the list whole.
		settlesByAddress: (callback, api) =>
			api === 'v1' && callback.type === 'receive' && Boolean(callback.address),
	},
	// A legacy record states its confirmations only: whether they are enough comes from the
	// trigger's Confirmations Needed (Legacy), as v1 records state it themselves.
	derive(record, api, options) {
		if (api !== 'legacy') return {};
		const required = options.legacyConfirmations ?? LEGACY_CONFIRMATIONS;
		const done = isConfirmed(record, 'legacy', required);
		return {
			status: done ? 'confirm' : 'pending',
			status_code: done ? 1 : 0,
			required_confirmations: required,
		};
	},
	skip: (item, options) =>
		options.confirmedOnly && !confirmed(item, options)
			? 'the transaction is not confirmed yet'
			: undefined,
	deliveryKey: (item, options) =>
		transactionKey(item.interface as CallbackInterface, item.id, confirmed(item, options)),
});
