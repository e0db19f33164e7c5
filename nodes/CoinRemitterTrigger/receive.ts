import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { AnyCallbackKind, TriggerEvent, TriggerOptions } from './callbacks';
import { DeliveryMemory } from './dedupe';
import { classify, readFields, typeFields } from './parse';
import { CallbackRejection, refuse } from './rejection';
import type { CallbackInterface, CallbackSchema } from './schemas';
import {
	credentialsOnNode,
	DEFAULT_VERIFICATION_WAIT_S,
	verifyPatiently,
	withCallbackCredential,
} from './verify';

export type { TriggerOptions } from './callbacks';

/**
 * What to do with one delivery: start the workflow with `item`, or answer 200 and ignore it.
 * `memory`: the delivery memory that claimed its delivery key (Skip Duplicates), for n8n's save.
 */
export type Outcome = { item: IDataObject; memory?: DeliveryMemory } | { ignored: string };

const INTERFACE_NAMES: Record<CallbackInterface, string> = {
	v1: 'CoinRemitter V1 API',
	legacy: 'CoinRemitter Legacy V2/V3 API',
};

/** Where a verified item keeps the callback's fields that its record does not have (not checked). */
export const UNVERIFIED_FIELDS = 'unverifiedFields';
/** The item's names that only the trigger sets: a sender's value for one goes under UNVERIFIED_FIELDS. */
export const RESERVED_NAMES = [
	'event',
	'interface',
	'verified',
	'verification',
	'deliveryKey',
	// An invoice's balance, computed from its record (invoice.callback.ts): never a sender's.
	'owed',
	'overpaid',
	UNVERIFIED_FIELDS,
];

/** Reads, types, filters, verifies and de-duplicates one callback. Throws CallbackRejection for bad ones. */
export async function receiveCallback(
	this: IWebhookFunctions,
	events: TriggerEvent[],
	options: TriggerOptions,
	acknowledge: () => void,
): Promise<Outcome> {
	const { kind, schema, event, typed } = parseBody(this);
	if (!events.includes(event)) return { ignored: `${event} callbacks are not selected` };

	const received = await itemOf.call(this, kind, event, schema, typed, options, acknowledge);
	if ('ignored' in received) return received;
	const { item } = received;

	const skipped = kind.skip?.(item, options);
	if (skipped) return { ignored: skipped };
	item.deliveryKey = kind.deliveryKey(item, options);
	if (options.skipDuplicates === false) return { item };
	const memory = new DeliveryMemory(
		this.getWorkflowStaticData('node'),
		`${this.getWorkflow().id}:${this.getNode().id}`,
		item.verified === true ? 'verified' : 'unverified',
	);
	if (!memory.claim(item.deliveryKey as string)) return { ignored: 'duplicate delivery' };
	return { item, memory };
}

/**
 * The item's own fields: the record the API returns for a callback it can look up (verified), or
 * the callback as sent (not verified, and saying why), with the facts the kind derives.
 */
async function itemOf(
	this: IWebhookFunctions,
	kind: AnyCallbackKind,
	event: TriggerEvent,
	schema: CallbackSchema,
	callback: IDataObject,
	options: TriggerOptions,
	acknowledge: () => void,
): Promise<Outcome> {
	const api = schema.interface;
	const unverified = (verification: string) => ({
		item: unverifiedItem(kind, event, api, callback, options, verification),
	});
	if (!kind.lookup) return unverified((await kind.unverifiable?.(this, options)) ?? 'NOT verified');
	if (options.verify === false) return unverified('NOT verified: Verify With the API is off');

	const credentials = credentialsOnNode(this);
	if (!credentials[api]) {
		if (!credentials.v1 && !credentials.legacy)
			return unverified(
				`NOT verified: the trigger has no ${INTERFACE_NAMES[api]} credential, so anyone who knows this URL can send this`,
			);
		// The trigger is set up to verify, but not for this interface: starting unverified would
		// let a forged callback through; 503 tells a sender that retries to keep it (the service's
		// retry is unknown: the catch-up recipe is the safety net).
		const other = credentials.v1 ? 'v1' : 'legacy';
		throw refuse(
			503,
			`This is a ${api} callback, but the trigger only has a ${INTERFACE_NAMES[other]} credential to verify with: add a ${INTERFACE_NAMES[api]} credential to the trigger (or turn Verify With the API off)`,
		);
	}
	const waitMs = (options.verificationWait ?? DEFAULT_VERIFICATION_WAIT_S) * 1000;
	const lookup = kind.lookup;
	const outcome = await withCallbackCredential(
		this,
		api,
		async () => await verifyPatiently.call(this, lookup, event, api, callback, waitMs, acknowledge),
	);
	if ('otherWallet' in outcome) return { ignored: outcome.otherWallet };
	const record = withDerived(
		kind,
		splitReserved(typeFields(schema, outcome.record)).own,
		api,
		options,
	);
	return {
		item: {
			...record,
			...unverifiedRest(callback, record),
			event,
			interface: api,
			verified: true,
			verification: 'Verified: the CoinRemitter API confirmed this record',
		},
	};
}

/** The callback as sent, with the facts the kind derives, saying why it is not verified. */
function unverifiedItem(
	kind: AnyCallbackKind,
	event: TriggerEvent,
	api: CallbackInterface,
	callback: IDataObject,
	options: TriggerOptions,
	verification: string,
): IDataObject {
	const { own, reserved } = splitReserved(callback);
	return {
		...withDerived(kind, own, api, options),
		...(Object.keys(reserved).length > 0 ? { [UNVERIFIED_FIELDS]: reserved } : {}),
		event,
		interface: api,
		verified: false,
		verification,
	};
}

/** The fields with the facts the kind derives from them added where the fields do not state them. */
function withDerived(
	kind: AnyCallbackKind,
	fields: IDataObject,
	api: CallbackInterface,
	options: TriggerOptions,
): IDataObject {
	const derived = kind.derive?.(fields, api, options) ?? {};
	const missing = Object.entries(derived).filter(([name]) => fields[name] == null);
	return { ...fields, ...Object.fromEntries(missing) };
}

/** The callback's fields apart from those under a reserved name (the trigger's own). */
function splitReserved(callback: IDataObject) {
	const own: IDataObject = {};
	const reserved: IDataObject = {};
	for (const [name, value] of Object.entries(callback))
		(RESERVED_NAMES.includes(name) ? reserved : own)[name] = value;
	return { own, reserved };
}

/** The callback's fields its record does not have, kept apart (nobody could check them), if any. */
function unverifiedRest(callback: IDataObject, record: IDataObject): IDataObject {
	const rest = Object.entries(callback).filter(([name]) => record[name] === undefined);
	return rest.length > 0 ? { [UNVERIFIED_FIELDS]: Object.fromEntries(rest) } : {};
}

/** The callback's kind, payload, event and typed fields; a body that cannot be read at all is a 400 too. */
function parseBody(context: IWebhookFunctions) {
	try {
		const fields = readFields(context.getBodyData(), rawJsonBody(context));
		const { kind, schema, event } = classify(fields);
		return { kind, schema, event, typed: typeFields(schema, fields) };
	} catch (error) {
		throw asRejection(error);
	}
}

/** A rejection stays as it is; any other failure while reading a body is the body's fault: 400. */
function asRejection(error: unknown): CallbackRejection {
	if (error instanceof CallbackRejection) return error;
	return refuse(400, 'The body could not be read as a CoinRemitter callback');
}

/** The raw text of a JSON body, so that amounts are read exactly as sent. */
function rawJsonBody(context: IWebhookFunctions): string | undefined {
	const request = context.getRequestObject() as { rawBody?: Buffer; headers?: IDataObject };
	const contentType = String(request.headers?.['content-type'] ?? '');
	if (
		!contentType.includes('json') ||
		!Buffer.isBuffer(request.rawBody) ||
		request.rawBody.length === 0
	)
		return undefined;
	return request.rawBody.toString('utf8');
}
