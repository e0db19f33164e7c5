import { resourceDescription } from '../../shared/operations';
import * as cryptoToFiat from './cryptoToFiat.operation';
import * as fiatToCrypto from './fiatToCrypto.operation';
import * as getSupportedCurrencies from './getSupportedCurrencies.operation';

export const operations = { cryptoToFiat, fiatToCrypto, getSupportedCurrencies };

export const description = resourceDescription('v1', 'rate', operations);
