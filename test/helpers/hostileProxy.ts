/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins are fine here */
// A reverse proxy in front of the simulator that passes every request on (so a withdrawal is
// really carried out) and then, for a withdrawal, may answer something of its own instead of the
// API's answer: what a load balancer, a CDN or a misconfigured proxy can do.
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';

/** What the proxy answers to one withdrawal, after the simulator has carried it out. */
export interface ForeignAnswer {
	status: number;
	headers?: Record<string, string>;
	body?: string | Buffer;
	/** Declare a longer body than is sent, then close the socket (a truncated answer). */
	truncate?: boolean;
	/** Gzip the body and say so in Content-Encoding. */
	gzip?: boolean;
}

export interface HostileProxy {
	url: string;
	/** Answers for the next withdrawals, first in first used. */
	answers: ForeignAnswer[];
	/** The requests whose answer the proxy may replace (default: withdrawals). */
	intercept: RegExp;
	/** Every request that reached the proxy: method, path and headers. */
	seen: Array<{ method: string; path: string; headers: Record<string, unknown> }>;
	stop(): Promise<void>;
}

const readBody = async (stream: IncomingMessage) => {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
};

export async function startHostileProxy(upstream: () => string): Promise<HostileProxy> {
	const proxy = { answers: [], seen: [], intercept: /\/withdraw$/ } as unknown as HostileProxy;
	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		void (async () => {
			const body = await readBody(req);
			const path = req.url ?? '/';
			proxy.seen.push({ method: req.method ?? '', path, headers: { ...req.headers } });
			if (path === '/html-page') {
				res.writeHead(200, { 'content-type': 'text/html' });
				res.end('<html><body>Welcome</body></html>');
				return;
			}
			const target = new URL(path, upstream());
			const answer = await new Promise<{ status: number; headers: object; body: Buffer }>(
				(resolve, reject) => {
					const forwarded = httpRequest(
						target,
						{ method: req.method, headers: { ...req.headers, host: target.host } },
						(upstreamRes) => {
							void readBody(upstreamRes).then((text) =>
								resolve({
									status: upstreamRes.statusCode ?? 502,
									headers: upstreamRes.headers,
									body: text,
								}),
							);
						},
					);
					forwarded.on('error', reject);
					forwarded.end(body);
				},
			);
			const foreign = proxy.intercept.test(path) ? proxy.answers.shift() : undefined;
			if (!foreign) {
				res.writeHead(answer.status, answer.headers as Record<string, string>);
				res.end(answer.body);
				return;
			}
			let payload: Buffer = Buffer.from(foreign.body ?? '');
			const headers: Record<string, string> = { ...foreign.headers };
			if (foreign.gzip) {
				payload = gzipSync(payload);
				headers['content-encoding'] = 'gzip';
			}
			headers['content-length'] = String(payload.length + (foreign.truncate ? 100 : 0));
			res.writeHead(foreign.status, headers);
			if (foreign.truncate) {
				res.write(payload);
				setTimeout(() => res.socket?.destroy(), 20);
				return;
			}
			res.end(payload);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address() as { port: number };
	proxy.url = `http://127.0.0.1:${address.port}`;
	proxy.stop = async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return proxy;
}
