export type CoinRemitterV1Map = {
	address: 'create' | 'validate' | 'getTransactions';
	withdrawal: 'estimate' | 'create';
	transaction: 'get';
	wallet: 'getBalance';
	invoice: 'create' | 'get';
	rate: 'fiatToCrypto';
};
