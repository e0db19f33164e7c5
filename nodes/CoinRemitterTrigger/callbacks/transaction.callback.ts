import type { IDataObject } from 'n8n-workflow';
import type { z } from 'zod/v4';

import { isConfirmed, LEGACY_CONFIRMATIONS, transactionKey } from '../../shared/deliveryKey';
import { amount, callbackSchema, fields, integer, text } from '../schemas';
import type { CallbackInterface } from '../schemas';
import type { TriggerOptions } from './callback';
import { defineCallback } from './callback';

/** The fields both interfaces' transaction records carry. */
const shared = {
	id: text,
	txid: text,
	explorer_url: text,
	merchant_id: text,
	type: text,
	wallet_id: text,
	wallet_name: text,
	address: text,
	amount,
	confirmations: integer,
	date: text,
};

/** A transaction record of `api`, whose coin is named in `coinField`: the shared fields and its own. */
const transactionSchema = (
	api: CallbackInterface,
	coinField: string,
	own: Record<string, z.ZodType>,
) =>
	callbackSchema({
		kind: `${api}Transaction`,
		title: `Deposit or withdrawal (${api} webhook)`,
		interface: api,
		required: ['id', 'type', 'txid', 'address', 'amount', coinField],
		fields: fields({ ...shared, ...own }),
	});

const v1 = transactionSchema('v1', 'coin_symbol', {
	status: text,
	status_code: integer,
	coin: text,
	coin_symbol: text,
	label: text,
	required_confirmations: integer,
	transaction_timestamp: integer,
});

const legacy = transactionSchema('legacy', 'coin_short_name', {
	coin_short_name: text,
	address_label: text,
	transaction_fees: amount,
	processing_fees: amount,
	total_amount: amount,
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
