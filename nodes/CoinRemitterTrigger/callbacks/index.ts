import { invoiceCallback } from './invoice.callback';
import { transactionCallback } from './transaction.callback';
import { widgetOrderCallback } from './widgetOrder.callback';

/** Every kind of callback the trigger receives, in the order the Events list defaults to. */
export const CALLBACKS = [transactionCallback, invoiceCallback, widgetOrderCallback] as const;

/**
 * The order a body is recognised in, most specific first: a body with widget fields is a widget
 * order even when it carries an invoice_id, and one with an invoice_id an invoice even with a type.
 */
export const RECOGNITION_ORDER = [widgetOrderCallback, invoiceCallback, transactionCallback];

export type AnyCallbackKind = (typeof CALLBACKS)[number];
/** The Events parameter's values. */
export type TriggerEvent = AnyCallbackKind['events'][number]['value'];

/** The Events parameter's values in their default order. */
export const EVENTS: TriggerEvent[] = CALLBACKS.flatMap((kind) =>
	kind.events.map((event) => event.value),
);

export type { CallbackKind, TriggerOptions } from './callback';
