/**
 * The vocabulary callbacks are written in, in zod (n8n provides zod to community nodes at run
 * time): each callback kind (callbacks/*.callback.ts) declares its payloads' fields with these
 * types, the trigger types callbacks with them, and the editor's output schema is generated from
 * them at build time (outputSchema.ts). Field names and shapes follow what CoinRemitter's
 * specification and its official clients record.
 */
import { z } from 'zod/v4';

import { isSignedDecimal, isWholeNumber } from '../shared/decimal';
import { parseJsonExact } from '../shared/json';

export type CallbackInterface = 'v1' | 'legacy';

/** Nested values arrive as JSON text or already as objects (bracket notation, JSON bodies). */
function fromJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return parseJsonExact(value);
	} catch {
		return value;
	}
}

/** Text as sent; numbers and booleans written as text. */
export const text = z.preprocess(
	(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
	z.string({ error: 'is not text' }),
);

/** An exact decimal string, never a float; the empty string is kept (the service sends it for "none"). */
export const amount = z.preprocess(
	(value) =>
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value,
	z
		.string({ error: 'is not a decimal amount' })
		.refine((value) => value === '' || isSignedDecimal(value), 'is not a decimal amount'),
);

/** A whole number; sent as text in form bodies. Empty means "none" (e.g. an invoice without expiry). */
export const integer = z.preprocess(
	(value) => {
		if (typeof value !== 'string') return value;
		const trimmed = value.trim();
		if (trimmed === '') return null;
		return isWholeNumber(trimmed) ? Number(trimmed) : value;
	},
	z.number({ error: 'is not a whole number' }).int('is not a whole number').nullable(),
);

/** `{ "BTC": "0.03", "USD": "10.62" }`; the service sends `[]` for an empty map. */
export const amountMap = z.preprocess(
	(value) => {
		const parsed = fromJsonText(value);
		return Array.isArray(parsed) && parsed.length === 0 ? {} : parsed;
	},
	z.record(z.string(), amount.nullable(), { error: 'is not an object' }),
);

export const object = <Shape extends z.ZodRawShape>(shape: Shape) =>
	z.preprocess(fromJsonText, z.looseObject(shape, { error: 'is not an object' }));

export const list = <Shape extends z.ZodRawShape>(shape: Shape) =>
	z.preprocess(
		(value) => fromJsonText(value) ?? [],
		z.array(z.looseObject(shape, { error: 'is not an object' }), { error: 'is not a list' }),
	);

/** Every field may be missing or null in a callback; what is there must have its type. */
export function fields<Shape extends Record<string, z.ZodType>>(shape: Shape) {
	return Object.fromEntries(
		Object.entries(shape).map(([name, type]) => [name, type.nullable().optional()]),
	) as {
		[Name in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[Name]>>;
	};
}

export interface CallbackSchema {
	kind: string;
	title: string;
	interface: CallbackInterface;
	/** Fields without which the payload is not this callback. */
	required: string[];
	schema: z.ZodType<Record<string, unknown>>;
}

/** A payload of a callback kind: its fields (each may be missing or null, see `fields`) as a loose object. */
export const callbackSchema = <Shape extends z.ZodRawShape>(
	definition: Omit<CallbackSchema, 'schema'> & { fields: Shape },
): CallbackSchema => ({
	...definition,
	schema: z.looseObject(definition.fields),
});

/** A zod issue in the words the sender gets back: `The field "payment_history[0].confirmation" is not a whole number`. */
export function describeIssue(issue: z.core.$ZodIssue): string {
	const path = issue.path.reduce<string>(
		(text, segment) =>
			typeof segment === 'number'
				? `${text}[${segment}]`
				: text
					? `${text}.${String(segment)}`
					: String(segment),
		'',
	);
	return `The field "${path}" ${issue.message}`;
}
