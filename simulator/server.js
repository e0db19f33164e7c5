'use strict';
// A local, strict simulator of the CoinRemitter gateway over real HTTP on 127.0.0.1.
const http = require('node:http');
const { parseBody } = require('./multipart');
const { toUnits } = require('./decimal');
const S = require('./state');
const v1 = require('./v1');
const legacy = require('./legacy');
const callbacks = require('./callbacks');
const { fireAnswer, fireRefusal } = require('./fireAnswer');
const invoices = require('./invoices');
const { handleOpenAi } = require('./openai');

// latencyMs: every API answer is held back this long, like a gateway 100-300 ms away (kept across resets).
const DEFAULTS = {
	host: '127.0.0.1',
	port: 0,
	rateLimit: 100,
	rateWindowMs: 60000,
	maxBodyBytes: 1024 * 1024,
	latencyMs: 0,
};

function json(res, status, body, headers = {}, indent = undefined) {
	const text = `${JSON.stringify(body, null, indent)}${indent ? '\n' : ''}`;
	res.writeHead(status, {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

/** An error page as a load balancer or a CDN sends it: HTML, nothing of the API's envelope. */
function proxyPage(status) {
	return `<!DOCTYPE html>\n<html><head><title>${status} Service Unavailable</title></head><body><h1>Error ${status}</h1><p>The origin did not answer in time. Ray ID: 8c2f1a7e</p></body></html>\n`;
}

function readBody(req, limit) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size > limit) {
				reject(new Error('body too large'));
				req.destroy();
			} else chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/** A control route's answer, or 400 with the reason when the request names no such thing. */
async function answerOrRefuse(res, work) {
	try {
		return json(res, 200, await work());
	} catch (error) {
		return json(res, 400, { error: String(error.message) });
	}
}

class Simulator {
	constructor(options = {}) {
		this.options = { ...DEFAULTS, ...options };
		this.reset();
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((error) =>
				json(res, 500, { success: false, error: 'simulator', msg: String(error) }),
			);
		});
	}

	/** Forgets every request, wallet change, transaction and invoice, and clears faults. */
	reset() {
		this.state = S.createState(this.options.wallets);
		this.requests = [];
		this.sink = [];
		// Chat-completions requests the scripted model received (simulator/openai.js).
		this.chats = [];
		this.windows = new Map();
		// Fault switches, for the tests of pacing, retries and lost answers:
		// rateLimitBurst: the next N calls get 429 (retry-after: retryAfterSeconds);
		// serverErrors: the next N calls get HTTP 500 before being processed;
		// dropConnections: the next N connections are closed before anything is processed;
		// dropAfterWithdraw: the next N withdrawals are carried out, then the connection is closed unanswered;
		// foreignAfterWithdraw: a queue of answers that are not the API's (a proxy's or a CDN's page):
		//   each carried-out withdrawal takes the first, `{ status, body?, contentType? }` (default an
		//   HTML error page), and that answer goes out instead of the API's;
		// delayMs: every answer is held back this long (after the work is done).
		this.faults = {
			maintenance: false,
			serverErrors: 0,
			rateLimitBurst: 0,
			retryAfterSeconds: 1,
			dropConnections: 0,
			dropAfterWithdraw: 0,
			foreignAfterWithdraw: [],
			delayMs: 0,
		};
		// Behaviours where the service's own references disagree; tests switch between them.
		// notFoundHttpStatus: 1005 comes with HTTP 404 by the spec's table, but may come with 200 (as 1003 does).
		this.quirks = { legacyInvalidAddressFlag: 1, notFoundHttpStatus: 404 };
	}

	async start() {
		await new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port, this.options.host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const { port } = this.server.address();
		this.url = `http://${this.options.host}:${port}`;
		return this;
	}

	async stop() {
		this.server.closeAllConnections?.();
		await new Promise((resolve) => this.server.close(resolve));
	}

	wallet(apiKey) {
		return this.state.wallets.get(apiKey);
	}

	recordTransaction(wallet, { type, address, amount, confirmations, now = Date.now() }) {
		const tx = {
			id: S.hexId(),
			txid: S.hexId(32),
			walletKey: wallet.apiKey,
			type,
			address,
			label: wallet.addresses.get(address)?.label ?? '',
			amount,
			confirmations,
			createdAt: now,
		};
		this.state.transactions.set(tx.id, tx);
		return tx;
	}

	/** A deposit of `amount` arriving on an address of the wallet; returns the v1 transaction view. */
	deposit(apiKey, address, amount, confirmations = 0) {
		const wallet = this.wallet(apiKey);
		if (!wallet?.addresses.has(address))
			throw new Error(`address ${address} is not in wallet ${apiKey}`);
		const units = toUnits(amount);
		if (units === undefined) throw new Error(`bad amount ${amount}`);
		const tx = this.recordTransaction(wallet, {
			type: 'receive',
			address,
			amount: units,
			confirmations,
		});
		if (confirmations >= S.REQUIRED_CONFIRMATIONS) wallet.balance += units;
		return v1.transactionView(wallet, tx);
	}

	/** Sets the confirmations of a transaction; a deposit is credited once it reaches the required count. */
	confirm(transactionId, confirmations) {
		const tx = this.state.transactions.get(transactionId);
		const wallet = this.wallet(tx.walletKey);
		const wasConfirmed = tx.confirmations >= S.REQUIRED_CONFIRMATIONS;
		tx.confirmations = confirmations;
		if (tx.type === 'receive' && !wasConfirmed && confirmations >= S.REQUIRED_CONFIRMATIONS)
			wallet.balance += tx.amount;
		return v1.transactionView(wallet, tx);
	}

	/** Creates a v1 invoice in a wallet as POST /v1/invoice/create would; returns the v1 invoice record. */
	createV1Invoice(apiKey, fields) {
		return v1.handlers['/v1/invoice/create']({
			wallet: this.wallet(apiKey),
			fields,
			sim: this,
			now: Date.now(),
		});
	}

	/** Creates a legacy invoice in a wallet as POST …/create-invoice would; returns the legacy record. */
	createLegacyInvoice(apiKey, fields, generation) {
		const wallet = this.wallet(apiKey);
		return legacy.handlers['create-invoice']({
			wallet,
			fields,
			generation: generation ?? (S.LEGACY_V2_COINS.has(wallet.coinSymbol) ? 'v2' : 'v3'),
			sim: this,
			now: Date.now(),
		});
	}

	/**
	 * A payment of `amount` (the invoice's coin) arrives for an invoice: under, exact, over or after
	 * expiry. Like the service, it notifies the invoice's notify_url (or `url`) when there is one.
	 */
	async payInvoice(invoiceId, amount, { url, encoding, confirmations } = {}) {
		const notification = callbacks.payInvoice(this, invoiceId, amount, { confirmations });
		const target = url || notification.notify_url;
		if (!target) return { notification };
		const answer = await callbacks.fireCallback(target, notification, { encoding });
		return { notification, answer };
	}

	/** The invoice's expiry time passes now (a later payment leaves it Expired); returns the record. */
	expireInvoice(invoiceId) {
		invoices.expireInvoice(this, invoiceId);
		return callbacks.invoiceNotification(this, invoiceId);
	}

	/** Fires a sample callback of `kind` at `url`, as the service would: for trying a trigger by hand. */
	async fireSample(url, kind, encoding = 'multipart') {
		const sample = Object.hasOwn(callbacks.samples, kind) ? callbacks.samples[kind] : undefined;
		const kinds = Object.keys(callbacks.samples);
		if (!sample) return fireRefusal(`There is no callback kind "${kind}".`, kinds);
		if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
			return fireRefusal('The request names no http(s) URL to fire at.', kinds);
		const payload = sample(this);
		try {
			const { status, body } = await callbacks.fireCallback(url, payload, { encoding });
			return fireAnswer({ kind, sent: payload, status, body });
		} catch (error) {
			return fireAnswer({ kind, sent: payload, error });
		}
	}

	rateLimit(key, now) {
		const { rateLimit, rateWindowMs } = this.options;
		let window = this.windows.get(key);
		if (!window || now >= window.resetAt) {
			window = { count: 0, resetAt: now + rateWindowMs };
			this.windows.set(key, window);
		}
		window.count++;
		const headers = {
			'x-ratelimit-limit': String(rateLimit),
			'x-ratelimit-remaining': String(Math.max(0, rateLimit - window.count)),
		};
		return {
			exceeded: window.count > rateLimit,
			headers,
			retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000),
		};
	}

	async handle(req, res) {
		const url = new URL(req.url, 'http://simulator');
		if (url.pathname.startsWith('/__sim/')) return this.handleAdmin(req, res, url);
		if (url.pathname.startsWith('/openai/'))
			return handleOpenAi(
				this,
				req,
				res,
				url.pathname,
				(await readBody(req, this.options.maxBodyBytes)).toString('utf8'),
			);

		// at / answeredAt: when the request arrived and its answer went out (ms), to count requests in flight.
		const record = {
			method: req.method,
			path: url.pathname,
			headers: { ...req.headers },
			contentType: req.headers['content-type'] ?? '',
			fields: {},
			at: Date.now(),
		};
		this.requests.push(record);
		let body;
		try {
			body = await readBody(req, this.options.maxBodyBytes);
			const parsed = parseBody(body, record.contentType);
			record.fields = parsed.fields;
			record.bodyKind = parsed.kind;
		} catch (error) {
			record.parseError = String(error.message);
			return this.fail(
				res,
				1001,
				`The request body could not be read: ${error.message}`,
				{},
				record,
			);
		}
		if (url.pathname.startsWith('/v1/')) return this.handleV1(req, res, url.pathname, record);
		if (url.pathname.startsWith('/api/')) return this.handleLegacy(req, res, url, record);
		return this.fail(res, 1005, 'Not found.', {}, record);
	}

	fail(res, code, msg, headers, record) {
		const { status, body } = v1.errorBody(code, msg);
		const answered = code === 1005 ? this.quirks.notFoundHttpStatus : status;
		return this.finish(res, record, answered, JSON.stringify(body), headers);
	}

	/** Sends an answer, applying the delay and lost-answer faults; records the status. */
	async finish(res, record, status, text, headers = {}) {
		if (record) record.status = status;
		const isWithdrawal = record && /\/(withdraw)$/.test(record.path);
		if (isWithdrawal && status === 200 && this.faults.dropAfterWithdraw > 0) {
			this.faults.dropAfterWithdraw--;
			record.status = 'dropped';
			res.socket?.destroy();
			return;
		}
		if (isWithdrawal && status === 200 && this.faults.foreignAfterWithdraw.length > 0) {
			const foreign = this.faults.foreignAfterWithdraw.shift();
			record.status = foreign.status;
			record.foreign = true;
			const body = foreign.body ?? proxyPage(foreign.status);
			res.writeHead(foreign.status, {
				'content-type': foreign.contentType ?? 'text/html; charset=UTF-8',
				'content-length': Buffer.byteLength(body),
			});
			res.end(body);
			record.answeredAt = Date.now();
			return;
		}
		const delay = this.options.latencyMs + this.faults.delayMs;
		if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
		res.writeHead(status, {
			'content-type': 'application/json',
			'content-length': Buffer.byteLength(text),
			...headers,
		});
		res.end(text);
		if (record) record.answeredAt = Date.now();
	}

	/** Faults that answer before any work is done; true when one did. */
	preempt(req, res, record, limitHeaders, envelope) {
		if (this.faults.dropConnections > 0) {
			this.faults.dropConnections--;
			record.status = 'dropped';
			req.socket.destroy();
			return true;
		}
		if (this.faults.rateLimitBurst > 0) {
			this.faults.rateLimitBurst--;
			void this.finish(res, record, 429, envelope(1006, 'Too Many Attempts.'), {
				...limitHeaders,
				'retry-after': String(this.faults.retryAfterSeconds),
			});
			return true;
		}
		return false;
	}

	handleV1(req, res, path, record) {
		const now = Date.now();
		const handler = v1.handlers[path];
		const fail = (code, msg, headers) => this.fail(res, code, msg, headers, record);
		if (req.method !== 'POST' || !handler)
			return fail(1005, 'The requested resource was not found.');

		const apiKey = req.headers['x-api-key'];
		const limit = this.rateLimit(apiKey ?? `ip:${req.socket.remoteAddress}`, now);
		if (
			this.preempt(req, res, record, limit.headers, (code, msg) =>
				JSON.stringify(v1.errorBody(code, msg).body),
			)
		)
			return;
		if (limit.exceeded)
			return fail(1006, 'Too Many Attempts.', {
				...limit.headers,
				'retry-after': String(limit.retryAfterSeconds),
			});
		if (this.faults.maintenance) return fail(1007, 'Service is under maintenance.', limit.headers);
		if (this.faults.serverErrors > 0) {
			this.faults.serverErrors--;
			return fail(1002, 'Something went wrong.', limit.headers);
		}

		let wallet;
		if (!v1.PUBLIC_PATHS.has(path)) {
			wallet = this.wallet(apiKey);
			if (!wallet || wallet.apiPassword !== req.headers['x-api-password'])
				return fail(1003, 'Invalid API key or password.', limit.headers);
			if (!wallet.active)
				return fail(1004, 'Your account is inactive or API access is not enabled.', limit.headers);
		}
		try {
			const data = handler({ wallet, fields: record.fields, sim: this, now });
			return this.finish(res, record, 200, JSON.stringify({ success: true, data }), limit.headers);
		} catch (error) {
			if (!(error instanceof v1.ApiFailure)) throw error;
			return fail(error.code, error.message, limit.headers);
		}
	}

	handleLegacy(req, res, url, record) {
		const now = Date.now();
		const query = Object.fromEntries(url.searchParams);
		record.query = query;
		const limit = this.rateLimit(
			record.fields.api_key ?? query.api_key ?? `ip:${req.socket.remoteAddress}`,
			now,
		);
		const envelope = (_code, msg) => legacy.serialize({ flag: 0, msg, data: [] });
		const send = (status, text, headers = {}) =>
			this.finish(res, record, status, text, { ...limit.headers, ...headers });
		if (this.preempt(req, res, record, limit.headers, envelope)) return;
		if (limit.exceeded)
			return send(429, envelope(1006, 'Too Many Attempts.'), {
				'retry-after': String(limit.retryAfterSeconds),
			});
		if (this.faults.maintenance) return send(503, envelope(1007, 'Service is under maintenance.'));
		if (this.faults.serverErrors > 0) {
			this.faults.serverErrors--;
			return send(500, envelope(1002, 'Something went wrong, please try again.'));
		}
		const { status, text } = legacy.handleLegacy({
			sim: this,
			method: req.method,
			path: url.pathname,
			fields: record.fields,
			query,
			now,
		});
		return send(status, text);
	}

	async handleAdmin(req, res, url) {
		const body = await readBody(req, this.options.maxBodyBytes);
		const input = body.length ? JSON.parse(body.toString('utf8')) : {};
		switch (`${req.method} ${url.pathname}`) {
			case 'GET /__sim/requests':
				return json(res, 200, this.requests);
			case 'POST /__sim/reset':
				this.reset();
				return json(res, 200, { ok: true });
			case 'POST /__sim/faults':
				Object.assign(this.faults, input);
				return json(res, 200, this.faults);
			case 'POST /__sim/latency':
				if (!Number.isInteger(input.ms) || input.ms < 0)
					return json(res, 400, { error: 'latency takes {"ms": <whole number ≥ 0>}' });
				this.options.latencyMs = input.ms;
				return json(res, 200, { ms: this.options.latencyMs });
			case 'POST /__sim/deposit':
				return json(
					res,
					200,
					this.deposit(input.apiKey, input.address, input.amount, input.confirmations),
				);
			case 'POST /__sim/confirm':
				return json(res, 200, this.confirm(input.id, input.confirmations));
			case 'POST /__sim/sink':
				this.sink.push(input);
				return json(res, 200, { ok: true });
			case 'GET /__sim/sink':
				return json(res, 200, this.sink);
			case 'POST /__sim/invoice/pay':
				return await answerOrRefuse(res, () =>
					this.payInvoice(input.invoiceId, input.amount, {
						url: input.url,
						encoding: input.encoding,
						confirmations: input.confirmations,
					}),
				);
			case 'POST /__sim/invoice/expire':
				return await answerOrRefuse(res, () => this.expireInvoice(input.invoiceId));
			case 'POST /__sim/fire':
				// Indented, one field a line: a person reads it in a terminal (fireAnswer.js).
				return json(
					res,
					200,
					await this.fireSample(input.url, input.kind ?? 'deposit', input.encoding),
					{},
					2,
				);
			default:
				return json(res, 404, { error: 'unknown simulator admin route' });
		}
	}
}

/** Starts a simulator; `port: 0` picks a free port. Resolves once it listens. */
async function startSimulator(options) {
	return await new Simulator(options).start();
}

module.exports = { Simulator, startSimulator, DEFAULT_WALLETS: S.DEFAULT_WALLETS, callbacks };
