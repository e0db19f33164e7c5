import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, parseJsonExact } from '../shared/json';
import type { AnyCallbackKind, TriggerEvent } from './callbacks';
import { RECOGNITION_ORDER } from './callbacks';
import { refuse } from './rejection';
import type { CallbackSchema } from './schemas';
import { describeIssue } from './schemas';

const reject = (reason: string) => refuse(400, reason);

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_FIELDS = 500;
const MAX_DEPTH = 6;
const MAX_ARRAY_INDEX = 1000;
const MAX_VALUE_LENGTH = 64 * 1024;
/**
 * Identifiers (ids, transaction hashes, addresses) are short in every genuine callback (64
 * characters at most); the trigger remembers some of them, so a longer one is refused.
 */
const MAX_IDENTIFIER_LENGTH = 256;
const IDENTIFIER = /(^|_)(id|txid|address|hash)$/;
/** Levels of objects and lists a body may nest (a genuine one has 3: payment_history[0].amount). */
const MAX_NESTING = 8;

/**
 * The callback's fields from whatever n8n handed the node: a JSON object (re-read exactly from
 * the raw body when there is one), urlencoded or multipart fields (n8n 1.x wraps multipart as
 * `{ data, files }`), or a raw string. Bracket keys (`order_data[email_address]`) become objects.
 */
export function readFields(body: unknown, rawJson?: string): IDataObject {
	let fields: unknown = body;
	if (rawJson !== undefined) fields = parseJsonText(rawJson);
	else if (typeof body === 'string') fields = parseText(body);
	if (isPlainObject(fields) && isMultipartWrapper(fields)) fields = fields.data ?? {};
	if (!isPlainObject(fields)) throw reject('The body is not a set of fields');
	refuseDeepNesting(fields);
	const entries = Object.entries(fields);
	if (entries.length === 0) throw reject('The body is empty');
	if (entries.length > MAX_FIELDS) throw reject(`The body has more than ${MAX_FIELDS} fields`);
	return unflatten(entries);
}

function parseJsonText(text: string): unknown {
	try {
		return parseJsonExact(text);
	} catch {
		throw reject('The body is not valid JSON');
	}
}

function parseText(text: string): unknown {
	const trimmed = text.trim();
	if (trimmed === '') return {};
	if (trimmed.startsWith('{')) return parseJsonText(trimmed);
	return Object.fromEntries(new URLSearchParams(trimmed));
}

function isMultipartWrapper(body: IDataObject): body is { data?: IDataObject } {
	const keys = Object.keys(body);
	return (
		keys.includes('data') &&
		keys.every((key) => key === 'data' || key === 'files') &&
		(body.data === undefined || isPlainObject(body.data))
	);
}

/**
 * Refuses values nested deeper than a callback ever is, before anything walks them recursively
 * (a body of 100 000 brackets parses fine, then overflows the stack of whatever recurses into it),
 * and prototype keys at any depth (a JSON value's `__proto__` would become an object's prototype
 * once copied by assignment).
 */
function refuseDeepNesting(value: unknown) {
	const stack: Array<[unknown, number]> = [[value, 0]];
	for (let entry = stack.pop(); entry; entry = stack.pop()) {
		const [next, depth] = entry;
		if (typeof next !== 'object' || next === null) continue;
		if (depth >= MAX_NESTING) throw reject('The body is nested too deeply');
		for (const [key, inner] of Object.entries(next)) {
			if (FORBIDDEN_KEYS.has(key)) throw reject(`The field name "${key}" is not allowed`);
			stack.push([inner, depth + 1]);
		}
	}
}

/** Splits `a[b][0]` into ['a', 'b', '0']; a key without brackets is one segment. */
function keyPath(key: string): string[] {
	const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
	if (!match) return [key];
	const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]);
	return [match[1], ...rest];
}

function unflatten(entries: Array<[string, unknown]>): IDataObject {
	const root: IDataObject = {};
	for (const [key, value] of entries) {
		const path = keyPath(key);
		if (path.length > MAX_DEPTH)
			throw reject(`The field "${key.slice(0, 60)}" is nested too deeply`);
		for (const segment of path) {
			if (FORBIDDEN_KEYS.has(segment)) throw reject(`The field name "${segment}" is not allowed`);
		}
		let target: IDataObject = root;
		path.forEach((segment, index) => {
			if (index === path.length - 1) {
				target[segment] = checkedValue(key, value) as IDataObject[string];
				return;
			}
			const next = target[segment];
			if (next === undefined) target[segment] = {};
			else if (!isPlainObject(next))
				throw reject(`The field "${key.slice(0, 60)}" conflicts with another field`);
			target = target[segment] as IDataObject;
		});
	}
	return arraysFromIndexedObjects(root) as IDataObject;
}

function checkedValue(key: string, value: unknown): unknown {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	const limit = IDENTIFIER.test(key) ? MAX_IDENTIFIER_LENGTH : MAX_VALUE_LENGTH;
	if ((text ?? '').length > limit) throw reject(`The field "${key.slice(0, 60)}" is too long`);
	return value;
}

/** `{ "0": {...}, "1": {...} }` from bracket notation becomes an array. */
function arraysFromIndexedObjects(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
	if (!isPlainObject(value)) return value;
	const keys = Object.keys(value);
	const indexed =
		keys.length > 0 && keys.every((key) => /^\d+$/.test(key) && Number(key) <= MAX_ARRAY_INDEX);
	if (indexed) {
		return keys
			.map(Number)
			.sort((a, b) => a - b)
			.map((index) => arraysFromIndexedObjects(value[String(index)]));
	}
	for (const key of keys) value[key] = arraysFromIndexedObjects(value[key]) as IDataObject[string];
	return value;
}

/** Which kind of callback this is, and which of its payloads, from the fields only that payload carries. */
export function classify(fields: IDataObject): {
	kind: AnyCallbackKind;
	schema: CallbackSchema;
	event: TriggerEvent;
} {
	for (const kind of RECOGNITION_ORDER) {
		const recognised = kind.recognise(fields);
		if (recognised) return { kind, ...recognised };
	}
	throw reject(
		'The body is not a CoinRemitter callback (no transaction, invoice or widget order fields)',
	);
}

/** Converts the fields the schema knows to their types; other fields pass through unchanged. */
export function typeFields(schema: CallbackSchema, fields: IDataObject): IDataObject {
	for (const name of schema.required) {
		if (fields[name] === undefined || fields[name] === '' || fields[name] === null)
			throw reject(`The field "${name}" is missing`);
	}
	const typed = schema.schema.safeParse(fields);
	if (!typed.success) throw reject(describeIssue(typed.error.issues[0]));
	// Nested values sent as JSON text are parsed while typing: bound them too.
	refuseDeepNesting(typed.data);
	return typed.data as IDataObject;
}
