import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemContext } from '../operation';
import { endpoint } from './getBalance.operation';

// One node run uses one credential, so one wallet: its balance record is read once per run, for what
// names the wallet (wallet_id, wallet_name, coin_symbol). Its amounts are as of that first read.
const reads = new WeakMap<IExecuteFunctions, Promise<IDataObject>>();

/** The wallet's balance record, read at most once per node run (a failed read is tried again). */
export async function walletOfRun(context: IExecuteFunctions, item: ItemContext) {
	let pending = reads.get(context);
	if (!pending) {
		pending = item.read(endpoint).then((record) => record as IDataObject);
		reads.set(context, pending);
		pending.catch(() => reads.delete(context));
	}
	return await pending;
}
