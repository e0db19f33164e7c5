import { timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { classify, readFields, refuse, typeFields } from './callbacks/parse';
import type { TriggerEvent } from './callbacks/schemas';
import { DeliveryMemory, isConfirmed, stateKey } from './callbacks/state';
import { hasCredentialFor, verifyCallback } from './callbacks/verify';

export interface TriggerOptions {
	confirmedOnly?: boolean;
	legacyConfirmations?: number;
	skipDuplicates?: boolean;
	statuses?: string[];
	verify?: boolean;
	widgetSecret?: string;
}

/** What to do with one delivery: start the workflow with `item`, or answer and ignore it. */
export type Outcome = { item: IDataObject } | { ignored: string };

/** Reads, types, filters, verifies and de-duplicates one callback. Throws CallbackRejection for bad ones. */
export async function receiveCallback(
	this: IWebhookFunctions,
	events: TriggerEvent[],
	options: TriggerOptions,
): Promise<Outcome> {
	const fields = readFields(this.getBodyData(), rawJsonBody(this));
	const { schema, event } = classify(fields);
	let item: IDataObject = { event, interface: schema.interface, ...typeFields(schema, fields), verified: false };
	if (!events.includes(event)) return { ignored: `${event} callbacks are not selected` };

	if (event === 'widgetOrder') {
		checkWidgetSecret(this, options.widgetSecret);
	} else if (options.verify !== false && hasCredentialFor(this, schema.interface)) {
		const fetched = await verifyCallback.call(this, event, schema.interface, item);
		item = { ...typeFields(schema, fetched), event, interface: schema.interface, verified: true };
	}

	const confirmed = isConfirmed(item, options.legacyConfirmations ?? 3);
	if (options.confirmedOnly && (event === 'deposit' || event === 'withdrawal') && !confirmed) {
		return { ignored: 'the transaction is not confirmed yet' };
	}
	const statuses = options.statuses ?? [];
	if ((event === 'invoice' || event === 'widgetOrder') && statuses.length > 0 && !statuses.includes(String(item.status_code))) {
		return { ignored: `status ${String(item.status)} is not selected` };
	}
	if (options.skipDuplicates !== false) {
		const memory = new DeliveryMemory(this.getWorkflowStaticData('node'), `${this.getWorkflow().id}:${this.getNode().id}`);
		if (!memory.claim(stateKey(event, item, confirmed))) return { ignored: 'duplicate delivery' };
	}
	return { item };
}

/** The raw text of a JSON body, so that amounts are read exactly as sent. */
function rawJsonBody(context: IWebhookFunctions): string | undefined {
	const request = context.getRequestObject() as { rawBody?: Buffer; headers?: IDataObject };
	const contentType = String(request.headers?.['content-type'] ?? '');
	if (!contentType.includes('json') || !Buffer.isBuffer(request.rawBody) || request.rawBody.length === 0) return undefined;
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
