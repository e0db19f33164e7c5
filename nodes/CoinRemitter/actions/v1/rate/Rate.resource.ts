import { resourceDescription } from '../../shared/operations';
import * as fiatToCrypto from './fiatToCrypto.operation';

export const operations = { fiatToCrypto };

export const description = resourceDescription('v1', 'rate', operations);
