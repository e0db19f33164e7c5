import { timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { classify, readFields, refuse, typeFields } from './parse';
import type { CallbackInterface, TriggerEvent } from './schemas';
import { isConfirmed } from '../shared/deliveryKey';
import { DeliveryMemory, stateKey } from './dedupe';
import { credentialsOnNode, DEFAULT_VERIFICATION_WAIT_S, verifyPatiently } from './verify';

export interface TriggerOptions {
	confirmedOnly?: boolean;
	legacyConfirmations?: number;
	skipDuplicates?: boolean;
	/** Order status codes: numbers as the editor stores them, or the same codes as text. */
	statuses?: Array<number | string>;
	verify?: boolean;
	/** Seconds a callback may wait for the rate limit before it is acknowledged and verified in the background. */
	verificationWait?: number;
	widgetSecret?: string;
}

/** What to do with one delivery: start the workflow with `item`, or answer 200 and ignore it. */
export type Outcome = { item: IDataObject } | { ignored: string };

const INTERFACE_NAMES: Record<CallbackInterface, string> = {
	v1: 'CoinRemitter V1 API',
	legacy: 'CoinRemitter Legacy V2/V3 API',
};

/** Reads, types, filters, verifies and de-duplicates one callback. Throws CallbackRejection for bad ones. */
export async function receiveCallback(
	this: IWebhookFunctions,
	events: TriggerEvent[],
	options: TriggerOptions,
	acknowledge: () => void,
): Promise<Outcome> {
	const fields = readFields(this.getBodyData(), rawJsonBody(this));
	const { schema, event } = classify(fields);
	const typed = typeFields(schema, fields);
	if (!events.includes(event)) return { ignored: `${event} callbacks are not selected` };

	const api = schema.interface;
	let item: IDataObject;
	if (event === 'widgetOrder') {
		checkWidgetSecret(this, options.widgetSecret);
		const verification = options.widgetSecret
			? 'Not verified with the API (widget orders cannot be looked up); the widget secret matched'
			: 'NOT verified: widget orders cannot be looked up and no Widget Secret is set, so anyone who knows this URL can send one';
		item = { event, interface: api, ...typed, verified: false, verification };
	} else if (options.verify === false) {
		item = {
			event,
			interface: api,
			...typed,
			verified: false,
			verification: 'NOT verified: Verify With the API is off',
		};
	} else {
		const credentials = credentialsOnNode(this);
		if (credentials[api]) {
			const waitMs = (options.verificationWait ?? DEFAULT_VERIFICATION_WAIT_S) * 1000;
			const outcome = await verifyPatiently.call(this, event, api, typed, waitMs, acknowledge);
			if ('otherWallet' in outcome) return { ignored: outcome.otherWallet };
			item = {
				...typeFields(schema, outcome.record),
				event,
				interface: api,
				verified: true,
				verification: 'Verified: the CoinRemitter API confirmed this record',
			};
		} else if (credentials.v1 || credentials.legacy) {
			// The trigger is set up to verify, but not for this interface: starting unverified would
			// let a forged callback through; 503 keeps it, so the service delivers it again once fixed.
			const other = credentials.v1 ? 'v1' : 'legacy';
			throw refuse(
				503,
				`This is a ${api} callback, but the trigger only has a ${INTERFACE_NAMES[other]} credential to verify with: add a ${INTERFACE_NAMES[api]} credential to the trigger (or turn Verify With the API off)`,
			);
		} else {
			item = {
				event,
				interface: api,
				...typed,
				verified: false,
				verification: `NOT verified: the trigger has no ${INTERFACE_NAMES[api]} credential, so anyone who knows this URL can send this`,
			};
		}
	}

	const confirmed = isConfirmed(item, api, options.legacyConfirmations);
	if (options.confirmedOnly && (event === 'deposit' || event === 'withdrawal') && !confirmed) {
		return { ignored: 'the transaction is not confirmed yet' };
	}
	const statuses = (options.statuses ?? []).map(String);
	if (
		(event === 'invoice' || event === 'widgetOrder') &&
		statuses.length > 0 &&
		!statuses.includes(String(item.status_code))
	) {
		return { ignored: `status ${String(item.status ?? item.status_code)} is not selected` };
	}
	item.deliveryKey = stateKey(event, item, confirmed);
	if (options.skipDuplicates !== false) {
		const memory = new DeliveryMemory(
			this.getWorkflowStaticData('node'),
			`${this.getWorkflow().id}:${this.getNode().id}`,
		);
		if (!memory.claim(item.deliveryKey as string)) return { ignored: 'duplicate delivery' };
	}
	return { item };
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

function checkWidgetSecret(context: IWebhookFunctions, secret: string | undefined) {
	if (!secret) return;
	const given = (context.getQueryData() as IDataObject).secret;
	const expected = Buffer.from(secret);
	const actual = Buffer.from(typeof given === 'string' ? given : '');
	if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
		throw refuse(401, 'The widget secret is missing or wrong');
	}
}
