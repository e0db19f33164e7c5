import { defineResource } from '../operation';
import * as cryptoToFiat from './cryptoToFiat.operation';
import * as fiatToCrypto from './fiatToCrypto.operation';
import * as getCoinPrices from './getCoinPrices.operation';
import * as getSupportedCurrencies from './getSupportedCurrencies.operation';

export const resource = defineResource('Rate', 'rate', [
	cryptoToFiat,
	fiatToCrypto,
	getCoinPrices,
	getSupportedCurrencies,
]);
