import type { IDataObject, INodePropertyOptions, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../../shared/client';
import type { CallbackInterface, CallbackSchema } from '../schemas';

/** The trigger's options, as saved in workflows. */
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

/** A callback field that must say the same in the callback and in the record, or the callback is forged. */
export type MatchedField = 'type' | 'address' | 'amount';

/** How a callback's record is fetched again from the API with the wallet's credential. */
export interface Lookup {
	/** The read that returns the record the callback speaks of. */
	read(callback: IDataObject): { endpoint: Endpoint; fields: IDataObject };
	/** Fields compared between callback and record. */
	mustMatch: readonly MatchedField[];
	/**
	 * Whether callbacks of this kind for one address may be settled together, with one read of the
	 * address's transactions for all that wait (the flood defences); otherwise each is read by id.
	 */
	settlesByAddress?(callback: IDataObject, api: CallbackInterface): boolean;
}

/** A body recognised as one of a kind's payloads. */
export interface Recognised<Event extends string = string> {
	schema: CallbackSchema;
	event: Event;
}

/**
 * One kind of callback, owning everything about itself: its payloads (one schema per interface or
 * variant), how a body is recognised as one, how it is verified, what its filters skip, what makes
 * a delivery new, and its entries in the Events list. The trigger reads the list of kinds
 * (callbacks/index.ts), as the action node reads its resources.
 */
export interface CallbackKind<Event extends string = string> {
	name: string;
	/** Its entries in the Events parameter (listed alphabetically there, in this order by default). */
	events: ReadonlyArray<INodePropertyOptions & { value: Event }>;
	/** Every payload of the kind; the editor's output schema lists their fields. */
	schemas: readonly CallbackSchema[];
	/** Which payload and event a body is, or undefined when it is not of this kind. */
	recognise(fields: IDataObject): Recognised<Event> | undefined;
	/** Verified with the API by fetching its record again. */
	lookup?: Lookup;
	/**
	 * For kinds the API cannot look up: checks what the trigger can check (throws a refusal) and
	 * says in words how far the item can be trusted.
	 */
	unverifiable?(context: IWebhookFunctions, options: TriggerOptions): Promise<string>;
	/**
	 * Facts its record does not state, computed from the record and the options (never taken from
	 * the callback); only those the record lacks are added.
	 */
	derive?(record: IDataObject, api: CallbackInterface, options: TriggerOptions): IDataObject;
	/** Why the options skip this item (answered 200, nothing starts), or undefined. */
	skip?(item: IDataObject, options: TriggerOptions): string | undefined;
	/** What makes a delivery new: the same for every delivery of one state (see shared/deliveryKey). */
	deliveryKey(item: IDataObject, options: TriggerOptions): string;
}

export const defineCallback = <const Event extends string>(
	kind: CallbackKind<Event>,
): CallbackKind<Event> => kind;

/** The Order Statuses filter, shared by the kinds that have a status code (invoices, widget orders). */
export function statusNotSelected(item: IDataObject, options: TriggerOptions): string | undefined {
	const statuses = (options.statuses ?? []).map(String);
	if (statuses.length === 0 || statuses.includes(String(item.status_code))) return undefined;
	return `status ${String(item.status ?? item.status_code)} is not selected`;
}
