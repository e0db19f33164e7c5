import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { LEGACY_CREDENTIAL, V1_CREDENTIAL, legacyRequest, v1Request } from '../../CoinRemitter/transport';
import { isPlainObject } from '../../CoinRemitter/helpers/json';
import { refuse } from './parse';
import type { CallbackInterface, TriggerEvent } from './schemas';

/** Whether the node has a credential for the callback's interface. */
export function hasCredentialFor(context: IWebhookFunctions, api: CallbackInterface): boolean {
	const type = api === 'v1' ? V1_CREDENTIAL : LEGACY_CREDENTIAL;
	return context.getNode().credentials?.[type] !== undefined;
}

/** Decimal strings compared by value: "1.50000000" equals "1.5". */
function sameAmount(a: unknown, b: unknown): boolean {
	const normalize = (value: unknown) => {
		const text = String(value ?? '').trim();
		if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
		const [whole, fraction = ''] = text.split('.');
		const trimmedFraction = fraction.replace(/0+$/, '');
		return `${whole.replace(/^(-?)0+(?=\d)/, '$1')}${trimmedFraction ? `.${trimmedFraction}` : ''}`;
	};
	return normalize(a) === normalize(b);
}

const CHECKED_FIELDS = ['address', 'type'] as const;

/**
 * Fetches the record the callback speaks of with the wallet's credential and returns it merged
 * over the callback. A record that does not exist, or disagrees on address, amount or type,
 * means a forged callback: it is refused with 403. When the API cannot answer, 503.
 */
export async function verifyCallback(
	this: IWebhookFunctions,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
): Promise<IDataObject> {
	let record: IDataObject | IDataObject[];
	try {
		record = await lookup.call(this, event, api, callback);
	} catch (error) {
		if (await isMissingRecord.call(this, error, api)) throw refuse(403, 'The callback does not match any record of the wallet');
		throw refuse(503, 'The callback could not be verified with the CoinRemitter API right now');
	}
	if (!isPlainObject(record)) throw refuse(403, 'The callback does not match any record of the wallet');
	for (const field of CHECKED_FIELDS) {
		if (callback[field] !== undefined && record[field] !== undefined && callback[field] !== record[field]) {
			throw refuse(403, `The callback's ${field} does not match the wallet's record`);
		}
	}
	if (event !== 'invoice' && callback.amount !== undefined && record.amount !== undefined && !sameAmount(callback.amount, record.amount)) {
		throw refuse(403, "The callback's amount does not match the wallet's record");
	}
	return { ...callback, ...record };
}

async function lookup(this: IWebhookFunctions, event: TriggerEvent, api: CallbackInterface, callback: IDataObject) {
	if (event === 'invoice') {
		const invoiceId = String(callback.invoice_id);
		return api === 'v1'
			? await v1Request.call(this, '/v1/invoice/get', { invoice_id: invoiceId }, 0)
			: await legacyRequest.call(this, 'get-invoice', { invoice_id: invoiceId }, 0);
	}
	const id = String(callback.id);
	return api === 'v1'
		? await v1Request.call(this, '/v1/wallet/transaction', { id }, 0)
		: await legacyRequest.call(this, 'get-transaction', { id }, 0);
}

/**
 * v1 says "not found" with 1005 (HTTP 404). Legacy answers flag 0 at HTTP 200 both for an unknown
 * record and for wrong keys, so a working balance call is what tells the first from the second:
 * a misconfigured credential must not turn genuine callbacks away as forged.
 */
async function isMissingRecord(this: IWebhookFunctions, error: unknown, api: CallbackInterface): Promise<boolean> {
	if (!(error instanceof NodeApiError)) return false;
	if (api === 'v1') return error.httpCode === '404';
	if (error.httpCode !== '200') return false;
	try {
		await legacyRequest.call(this, 'get-balance', {}, 0);
		return true;
	} catch {
		return false;
	}
}

