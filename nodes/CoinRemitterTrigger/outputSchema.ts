// Build time only: scripts/write-trigger-schema.js writes this as the node's __schema__, which the
// n8n editor shows as the trigger's fields before the first event.
import { z } from 'zod/v4';

import { CALLBACKS, EVENTS } from './callbacks';

/** What every item of the trigger carries besides the callback's own fields. */
const itemEnvelope = {
	event: z.enum(EVENTS),
	interface: z.enum(['v1', 'legacy']),
	verified: z.boolean(),
	verification: z.string(),
	deliveryKey: z.string(),
};

/** The JSON schema of the trigger's items, for the editor to show fields before the first event. */
export function outputJsonSchema(): Record<string, unknown> {
	const shape: z.ZodRawShape = {};
	for (const { schema } of CALLBACKS.flatMap((kind) => kind.schemas))
		Object.assign(shape, (schema as z.ZodObject).shape);
	const item = z.object({ ...shape, ...itemEnvelope });
	const { $schema, ...jsonSchema } = z.toJSONSchema(item, { io: 'output', unrepresentable: 'any' });
	void $schema;
	return forTheEditor(jsonSchema) as Record<string, unknown>;
}

/** The editor lists fields by their `type`: "string or null" shows as a string, integers as numbers. */
function forTheEditor(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(forTheEditor);
	if (typeof node !== 'object' || node === null) return node;
	const schema = Object.fromEntries(
		Object.entries(node).map(([key, value]) => [key, forTheEditor(value)]),
	) as Record<string, unknown>;
	const nonNull = (schema.anyOf as Array<Record<string, unknown>> | undefined)?.filter(
		(variant) => variant.type !== 'null',
	);
	if (nonNull?.length === 1) return nonNull[0];
	if (schema.type === 'integer') {
		const { minimum, maximum, ...rest } = schema;
		void minimum;
		void maximum;
		return { ...rest, type: 'number' };
	}
	return schema;
}
