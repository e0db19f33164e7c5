import { resourceDescription } from '../../shared/operations';
import * as fiatToCrypto from './fiatToCrypto.operation';
import * as getCoinPrices from './getCoinPrices.operation';

export const operations = { fiatToCrypto, getCoinPrices };

export const description = resourceDescription('legacy', 'rate', operations);
