import { defineResource } from '../operation';
import * as createLegacy from './create.legacy.operation';
import * as createV1 from './create.v1.operation';
import * as get from './get.operation';

export const resource = defineResource('Invoice', 'invoice', [createV1, createLegacy, get]);
