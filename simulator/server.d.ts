// Types of the simulator for the TypeScript tests; the simulator itself is plain JavaScript.
export interface RecordedRequest {
	method: string;
	path: string;
	headers: Record<string, string | undefined>;
	contentType: string;
	bodyKind?: string;
	fields: Record<string, string>;
	query?: Record<string, string>;
	parseError?: string;
	status?: number | 'dropped';
	/** When the request arrived and when its answer went out (Date.now()). */
	at: number;
	answeredAt?: number;
}

export interface SimAddress {
	address: string;
	label: string;
	createdAt: number;
	expiresAt: number;
}

export interface SimWallet {
	id: string;
	merchantId: string;
	name: string;
	active: boolean;
	apiKey: string;
	apiPassword: string;
	coin: string;
	coinSymbol: string;
	balance: bigint;
	withdrawLimit24h: bigint;
	addresses: Map<string, SimAddress>;
	minimumDeposit: bigint;
}

export interface SimTransaction {
	id: string;
	txid: string;
	walletKey: string;
	type: 'receive' | 'send';
	address: string;
	label: string;
	amount: bigint;
	confirmations: number;
	createdAt: number;
}

export type Payload = Record<string, unknown>;

export interface SimulatorOptions {
	host?: string;
	port?: number;
	rateLimit?: number;
	latencyMs?: number;
	rateWindowMs?: number;
	maxBodyBytes?: number;
	wallets?: Array<{
		apiKey: string;
		apiPassword: string;
		coin: string;
		coinSymbol: string;
		balance: string;
		active?: boolean;
	}>;
}

export class Simulator {
	chats: Array<Record<string, unknown>>;
	createV1Invoice(apiKey: string, fields: Record<string, string>): Payload;
	/** A legacy invoice; `generation` defaults to the coin's (v2 for LTC, KOIN, DOGE, ETH). */
	createLegacyInvoice(
		apiKey: string,
		fields: Record<string, string>,
		generation?: 'v2' | 'v3',
	): Payload;
	/** A payment in the invoice's coin; notifies `url` or the invoice's notify_url when set. */
	payInvoice(
		invoiceId: string,
		amount: string,
		options?: {
			url?: string;
			encoding?: 'multipart' | 'urlencoded' | 'json';
			confirmations?: number;
		},
	): Promise<{ notification: Payload; answer?: { status: number; body: string } }>;
	/** The invoice's expiry time passes now; a later payment leaves it Expired. */
	expireInvoice(invoiceId: string): Payload;
	constructor(options?: SimulatorOptions);
	url: string;
	requests: RecordedRequest[];
	sink: Payload[];
	faults: {
		maintenance: boolean;
		serverErrors: number;
		rateLimitBurst: number;
		retryAfterSeconds: number;
		dropConnections: number;
		dropAfterWithdraw: number;
		foreignAfterWithdraw: Array<{ status: number; body?: string; contentType?: string }>;
		delayMs: number;
	};
	quirks: { legacyInvalidAddressFlag: number; notFoundHttpStatus: number };
	state: {
		wallets: Map<string, SimWallet>;
		transactions: Map<string, SimTransaction>;
		invoices: Map<string, Payload>;
	};
	reset(): void;
	start(): Promise<Simulator>;
	stop(): Promise<void>;
	wallet(apiKey: string): SimWallet | undefined;
	recordTransaction(
		wallet: SimWallet,
		tx: {
			type: 'receive' | 'send';
			address: string;
			amount: bigint;
			confirmations: number;
			now?: number;
		},
	): SimTransaction;
	deposit(
		apiKey: string,
		address: string,
		amount: string,
		confirmations?: number,
	): Payload & { id: string };
	confirm(transactionId: string, confirmations: number): Payload & { id: string };
}

export function startSimulator(options?: SimulatorOptions): Promise<Simulator>;

export const DEFAULT_WALLETS: Array<{
	apiKey: string;
	apiPassword: string;
	coin: string;
	coinSymbol: string;
	balance: string;
	active?: boolean;
}>;

export const callbacks: {
	encodeCallback(
		payload: object,
		options?: { encoding?: 'multipart' | 'urlencoded' | 'json'; nested?: 'json' | 'brackets' },
	): { body: Buffer; contentType: string };
	fireCallback(
		url: string,
		payload: object,
		options?: { encoding?: 'multipart' | 'urlencoded' | 'json'; nested?: 'json' | 'brackets' },
	): Promise<{ status: number; body: string }>;
	v1TransactionWebhook(sim: Simulator, transactionId: string): Payload;
	legacyTransactionWebhook(sim: Simulator, transactionId: string): Payload;
	payInvoice(
		sim: Simulator,
		invoiceId: string,
		amount: string,
		options?: { confirmations?: number; now?: number },
	): Payload;
	invoiceNotification(sim: Simulator, invoiceId: string): Payload;
	widgetOrders: Record<
		'pricing' | 'presale' | 'paymentButton',
		(statusCode?: number) => Payload & { order_timestamp: string }
	>;
	/** One sample callback per kind, recorded so that verification finds it (POST /__sim/fire). */
	samples: Record<string, (sim: Simulator) => Payload>;
};
