import { defineResource } from '../operation';
import * as billRestLegacy from './billRest.legacy.operation';
import * as billRestV1 from './billRest.v1.operation';
import * as createLegacy from './create.legacy.operation';
import * as createV1 from './create.v1.operation';
import * as get from './get.operation';
import * as refund from './refund.operation';

// Create stays the default: n8n does not save a parameter left at its default.
export const resource = defineResource(
	'Invoice',
	'invoice',
	[billRestV1, billRestLegacy, createV1, createLegacy, get, refund],
	{ preferredDefault: 'create' },
);
