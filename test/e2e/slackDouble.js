'use strict';
// A local double of slack.com for the slow suites: real n8n talks to it instead of the internet.
// n8n's Slack node has https://slack.com/api hard-coded (n8n-nodes-base dist
// nodes/Slack/V2/GenericFunctions.js, slackApiRequest), so the double is put in n8n's way as the
// HTTPS proxy both n8n lines honour (HTTPS_PROXY / NO_PROXY through proxy-from-env: n8n-core 1.122
// http-proxy.js, @n8n/backend-network 1.15 env-proxy-https-agent.js). It answers CONNECT to
// slack.com / *.slack.com:443 by ending TLS itself with a self-signed certificate for those names,
// which n8n trusts through NODE_EXTRA_CA_CERTS; any other host is refused (nothing leaves the
// machine). `double.env` is what n8n needs (pass it in N8nInstance's extraEnv).
// It answers the Web API methods Send and Wait uses (chat.postMessage; after a click on n8n 2.x:
// users.info, chat.update, chat.postEphemeral, and the response_url), records every call, and
// `click()` posts the Slack-signed block_actions interaction a person's click makes to n8n 2.x's
// fixed route /webhook-waiting-slack (n8n/dist/webhooks/slack-interaction-webhooks.js), taking the
// button's value (n8n's HMAC-minted callback reference) from the message n8n posted.
// Needs `openssl` on the PATH (the certificate is made once per double, in a temporary folder).
const { execFileSync } = require('node:child_process');
const { createHmac } = require('node:crypto');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { createServer: createHttpServer } = require('node:http');
const { createServer: createHttpsServer } = require('node:https');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const SLACK_HOSTS = /^(?:[a-z0-9-]+\.)*slack\.com$/i;
const APPROVE_ACTION_ID = 'n8n_hitl_approve';
const DECLINE_ACTION_ID = 'n8n_hitl_decline';

/** A self-signed certificate for slack.com and *.slack.com, in `folder`. */
function makeCertificate(folder) {
	const key = join(folder, 'slack-double.key');
	const cert = join(folder, 'slack-double.crt');
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-sha256',
			'-days',
			'2',
			'-subj',
			'/CN=slack.com',
			'-addext',
			'subjectAltName=DNS:slack.com,DNS:*.slack.com',
			'-addext',
			'basicConstraints=critical,CA:TRUE',
			'-keyout',
			key,
			'-out',
			cert,
		],
		{ stdio: 'ignore' },
	);
	return { key: readFileSync(key), cert: readFileSync(cert), certFile: cert };
}

const readBody = async (stream) => {
	const chunks = [];
	for await (const chunk of stream) chunks.push(chunk);
	return Buffer.concat(chunks).toString('utf8');
};

function parseBody(text, contentType = '') {
	if (!text) return {};
	if (contentType.includes('application/x-www-form-urlencoded'))
		return Object.fromEntries(new URLSearchParams(text));
	try {
		return JSON.parse(text);
	} catch {
		return { raw: text };
	}
}

/** `v0=<hex>`: Slack's request signature of `body` at `timestamp` (seconds) with the signing secret. */
function slackSignature(signingSecret, timestamp, body) {
	return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/**
 * Starts the double. `signingSecret`: the Slack credential's `signatureSecret` (what click() signs
 * with); `users`: Slack users by id (users.info answers them; an email makes n8n's responder carry it).
 */
async function startSlackDouble({
	signingSecret = 'slack-double-signing-secret',
	users = {},
} = {}) {
	const folder = mkdtempSync(join(tmpdir(), 'slack-double-'));
	const { key, cert, certFile } = makeCertificate(folder);
	const calls = []; // { method, path, api, headers, body, at }
	const refused = []; // hosts n8n tried to reach through the proxy that are not Slack's
	let sequence = 0;
	const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++sequence).padStart(6, '0')}`;

	const answerApi = (api, body) => {
		switch (api) {
			case 'chat.postMessage': {
				const ts = nextTs();
				const channel = String(body.channel ?? 'C0DOUBLE01').replace(/^[#@]/, '');
				return {
					ok: true,
					channel,
					ts,
					message: { type: 'message', ts, text: body.text ?? '', blocks: body.blocks ?? [] },
				};
			}
			case 'users.info': {
				const id = body.user;
				const user = users[id] ?? { name: `user-${id}` };
				return {
					ok: true,
					user: {
						id,
						name: user.name,
						real_name: user.realName ?? user.name,
						profile: user.email ? { email: user.email } : {},
					},
				};
			}
			case 'chat.update':
				return { ok: true, channel: body.channel, ts: body.ts, text: body.text ?? '' };
			case 'chat.postEphemeral':
				return { ok: true, message_ts: nextTs() };
			case 'auth.test':
			case 'users.profile.get':
				return { ok: true, user_id: 'U0DOUBLEBOT', profile: {} };
			default:
				return { ok: false, error: 'unknown_method' };
		}
	};

	const https = createHttpsServer({ key, cert }, (req, res) => {
		void (async () => {
			const text = await readBody(req);
			const url = new URL(req.url ?? '/', `https://${req.headers.host ?? 'slack.com'}`);
			const body = {
				...Object.fromEntries(url.searchParams),
				...parseBody(text, req.headers['content-type']),
			};
			const api = url.pathname.startsWith('/api/') ? url.pathname.slice(5) : undefined;
			const call = {
				method: req.method,
				host: url.host,
				path: url.pathname,
				api,
				headers: { ...req.headers },
				body,
				at: Date.now(),
			};
			calls.push(call);
			if (api === undefined) {
				// A response_url (Slack gives https://hooks.slack.com/actions/...): plain "ok".
				res.writeHead(200, { 'content-type': 'text/plain' });
				res.end('ok');
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
			call.answer = answerApi(api, body);
			res.end(JSON.stringify(call.answer));
		})();
	});

	// The proxy: CONNECT to a Slack host is answered and the tunnel handed to the HTTPS server.
	const proxy = createHttpServer((req, res) => {
		// A plain-HTTP request through the proxy (HTTP_PROXY is not set by env, so unexpected).
		refused.push(req.url);
		res.writeHead(403).end();
	});
	const sockets = new Set();
	proxy.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	proxy.on('connect', (req, socket, head) => {
		const [host, port = '443'] = String(req.url).split(':');
		if (!SLACK_HOSTS.test(host) || port !== '443') {
			refused.push(req.url);
			socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
			return;
		}
		socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		if (head?.length) socket.unshift(head);
		https.emit('connection', socket);
	});
	await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;

	const apiCalls = (api) => calls.filter((call) => call.api === api);

	/** The calls of Web API method `api` (e.g. 'chat.postMessage') once there are `count`, or throws after `timeoutMs`. */
	async function waitForCalls(api, count = 1, timeoutMs = 30000) {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const found = apiCalls(api);
			if (found.length >= count) return found;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		throw new Error(
			`the Slack double got ${apiCalls(api).length} ${api} call(s) in ${timeoutMs / 1000} s, not ${count}; calls: ${calls.map((call) => call.api ?? call.path).join(', ') || 'none'}; refused: ${refused.join(', ') || 'none'}`,
		);
	}

	/**
	 * Posts to n8n the interaction Slack sends when `user` clicks a button of `posted` (a
	 * chat.postMessage call, default: the last one): `decision` 'approve' or 'decline'. `url`: n8n's
	 * webhook base (WEBHOOK_URL, e.g. http://127.0.0.1:5678). `timestamp` / `signature` / `secret`
	 * override the signing (stale or forged clicks). Returns n8n's answer: { status, text }.
	 */
	async function click({
		url,
		decision = 'approve',
		user = { id: 'U0APPROVER1', name: 'approver', username: 'approver' },
		posted = apiCalls('chat.postMessage').at(-1),
		timestamp = Math.floor(Date.now() / 1000),
		secret = signingSecret,
		signature,
		route = '/webhook-waiting-slack',
	}) {
		if (!posted) throw new Error('click(): n8n posted no message to the Slack double');
		const actionId = decision === 'approve' ? APPROVE_ACTION_ID : DECLINE_ACTION_ID;
		const blocks = posted.body.blocks ?? [];
		const actionsBlock = blocks.find((block) => block.type === 'actions');
		const button = actionsBlock?.elements?.find((element) => element.action_id === actionId);
		if (!button)
			throw new Error(
				`click(): the message has no ${actionId} button (Capture Who Responded off, or n8n 1.x: link buttons ${JSON.stringify(actionsBlock?.elements?.map((element) => element.url))})`,
			);
		const { answer } = posted;
		const channel = String(posted.body.channel).replace(/^[#@]/, '');
		const payload = {
			type: 'block_actions',
			api_app_id: 'A0DOUBLE01',
			token: 'legacy-verification-token',
			team: { id: 'T0DOUBLE01', domain: 'double' },
			user: { ...user, team_id: 'T0DOUBLE01' },
			container: {
				type: 'message',
				message_ts: answer.ts,
				channel_id: channel,
				is_ephemeral: false,
			},
			channel: { id: channel, name: 'approvals' },
			message: { type: 'message', ts: answer.ts, text: posted.body.text ?? '', blocks },
			response_url: `https://hooks.slack.com/actions/T0DOUBLE01/${Date.now()}/double`,
			trigger_id: `${Date.now()}.double`,
			actions: [
				{
					type: 'button',
					action_id: actionId,
					block_id: actionsBlock.block_id ?? 'actions',
					text: button.text,
					value: button.value,
					style: button.style,
					action_ts: (Date.now() / 1000).toFixed(6),
				},
			],
		};
		const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
		const response = await fetch(`${url.replace(/\/$/, '')}${route}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
				'x-slack-request-timestamp': String(timestamp),
				'x-slack-signature': signature ?? slackSignature(secret, timestamp, body),
			},
			body,
		});
		return { status: response.status, text: await response.text() };
	}

	/**
	 * The URL of the link button `decision` ('approve' / 'decline') of `posted` (default: the last
	 * message): n8n 1.x always, and 2.x without Capture Who Responded, send link buttons, which a
	 * person's browser opens (n8n ignores bots and link previews: send a browser's User-Agent).
	 */
	function link({ decision = 'approve', posted = apiCalls('chat.postMessage').at(-1) } = {}) {
		const buttons = posted?.body.blocks?.find((block) => block.type === 'actions')?.elements ?? [];
		const wanted = String(decision === 'approve');
		const found = buttons.find(
			(button) => button.url && new URL(button.url).searchParams.get('approved') === wanted,
		);
		if (!found) throw new Error(`link(): the message has no ${decision} link button`);
		return found.url;
	}

	return {
		calls,
		refused,
		proxyUrl,
		certFile,
		signingSecret,
		/** n8n's environment for the double: its proxy for HTTPS, loopback straight, its certificate trusted. */
		env: {
			HTTPS_PROXY: proxyUrl,
			https_proxy: proxyUrl,
			NO_PROXY: '127.0.0.1,localhost,::1',
			no_proxy: '127.0.0.1,localhost,::1',
			NODE_EXTRA_CA_CERTS: certFile,
		},
		apiCalls,
		waitForCalls,
		click,
		link,
		async stop() {
			for (const socket of sockets) socket.destroy();
			await new Promise((resolve) => proxy.close(resolve));
			https.close();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

module.exports = { slackSignature, startSlackDouble };
