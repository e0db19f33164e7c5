import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isPlainDecimal } from '../../shared/decimal';

/** Where a value came from, so that an error can name the field and the item. */
export interface FieldContext {
	node: INode;
	itemIndex: number;
}

const ALPHANUMERIC = /^[A-Za-z0-9]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function invalidField(ctx: FieldContext, label: string, reason: string, hint?: string) {
	return new NodeOperationError(ctx.node, `${label}: ${reason}`, {
		itemIndex: ctx.itemIndex,
		description:
			hint ?? `Fix the "${label}" field of item ${ctx.itemIndex} and run the node again.`,
	});
}

/** Text from a parameter, trimmed; numbers from expressions are accepted as their text form. */
export function asText(ctx: FieldContext, label: string, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw invalidField(
		ctx,
		label,
		`expected text but got ${Array.isArray(value) ? 'a list' : typeof value}`,
	);
}

export function requiredText(ctx: FieldContext, label: string, value: unknown): string {
	const text = asText(ctx, label, value);
	if (text === '') throw invalidField(ctx, label, 'is required but empty');
	return text;
}

const DECIMAL_HINT =
	'Write the amount with digits and at most one dot, for example 0.015 or 1250.5: no thousands separator, no comma, no sign, no exponent (1e-7).';

/** A non-negative amount written as a plain decimal string ("0.015"), exactly as written. */
export function plainDecimal(
	ctx: FieldContext,
	label: string,
	value: unknown,
	hint = DECIMAL_HINT,
): string {
	const text = requiredText(ctx, label, value);
	if (!isPlainDecimal(text))
		throw invalidField(ctx, label, `"${text}" is not a plain decimal number`, hint);
	return text;
}

/**
 * A positive amount written as a plain decimal string ("0.015"). The string is sent exactly as
 * written: no rounding, no float conversion. Commas, spaces, signs and exponents are refused.
 */
export function positiveAmount(ctx: FieldContext, label: string, value: unknown): string {
	const text = plainDecimal(ctx, label, value);
	if (/^[0.]+$/.test(text)) throw invalidField(ctx, label, 'must be greater than zero');
	return text;
}

export function maxLength(ctx: FieldContext, label: string, text: string, max: number): string {
	if ([...text].length > max) {
		throw invalidField(
			ctx,
			label,
			`is ${[...text].length} characters long; the most allowed is ${max}`,
		);
	}
	return text;
}

/** Text that may not be longer than `max` characters, when a `max` is known. */
export function limitedText(
	ctx: FieldContext,
	label: string,
	value: unknown,
	max: number | undefined,
): string {
	const text = asText(ctx, label, value);
	return max === undefined ? text : maxLength(ctx, label, text, max);
}

export function addressLabel(
	ctx: FieldContext,
	label: string,
	value: unknown,
	max: number,
): string {
	const text = asText(ctx, label, value);
	if (!ALPHANUMERIC.test(text)) {
		throw invalidField(
			ctx,
			label,
			'may contain only letters A-Z and digits 0-9 (no spaces or symbols)',
		);
	}
	return maxLength(ctx, label, text, max);
}

export function oneOf<T extends string>(
	ctx: FieldContext,
	label: string,
	value: unknown,
	allowed: readonly T[],
	{ upperCase = false, optional = false } = {},
): T | '' {
	let text = asText(ctx, label, value);
	if (upperCase) text = text.toUpperCase();
	if (text === '' && optional) return '';
	if (!(allowed as readonly string[]).includes(text)) {
		const shown =
			allowed.length > 12 ? `${allowed.slice(0, 12).join(', ')}, ...` : allowed.join(', ');
		throw invalidField(ctx, label, `"${text}" is not one of ${shown}`);
	}
	return text as T;
}

export function optionalEmail(ctx: FieldContext, label: string, value: unknown): string {
	const text = asText(ctx, label, value);
	if (text !== '' && !EMAIL.test(text))
		throw invalidField(ctx, label, `"${text}" is not an email address`);
	return text;
}

export function optionalUrl(ctx: FieldContext, label: string, value: unknown): string {
	const text = asText(ctx, label, value);
	if (text === '') return text;
	let protocol = '';
	try {
		protocol = new URL(text).protocol;
	} catch {
		protocol = '';
	}
	if (protocol !== 'http:' && protocol !== 'https:') {
		throw invalidField(ctx, label, `"${text}" is not an http(s) URL`);
	}
	return text;
}

export function optionalPositiveInteger(ctx: FieldContext, label: string, value: unknown): string {
	const text = asText(ctx, label, value);
	if (text !== '' && !/^[1-9]\d*$/.test(text)) {
		throw invalidField(ctx, label, `"${text}" is not a whole number of 1 or more`);
	}
	return text;
}

/** Drops empty optional fields so the service applies its own defaults. */
export function withoutEmpty(fields: Record<string, string>): IDataObject {
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

/** A required text parameter of the item, trimmed; the error names the field and the item. */
export function requiredParameter(
	context: IExecuteFunctions,
	ctx: FieldContext,
	name: string,
	label: string,
): string {
	return requiredText(ctx, label, context.getNodeParameter(name, ctx.itemIndex));
}
