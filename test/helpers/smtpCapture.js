'use strict';
// A minimal SMTP server on 127.0.0.1 that keeps every mail it is given, for the end-to-end checks
// of n8n's Send Email (operation Send and Wait for Response): n8n's SMTP credential points here,
// and a check reads the mail and opens its approve or disapprove link. Plain SMTP only: no TLS, no
// AUTH (the credential leaves user and password empty and sets Disable STARTTLS).
const { createServer } = require('node:net');

/** Quoted-printable or base64 body text, decoded (nodemailer picks one of them for HTML). */
function decodeBody(headers, body) {
	const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
	if (encoding === 'base64')
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding !== 'quoted-printable') return body;
	const bytes = body
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
	return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** One mail: its subject, its decoded body and the links in it (HTML entities in hrefs undone). */
function parseMail(raw) {
	const split = raw.indexOf('\r\n\r\n');
	const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
	const body = decodeBody(headers, raw.slice(split + 4).replace(/^\.\./gm, '.'));
	const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
	const links = [...body.matchAll(/href="([^"]+)"/g)].map((match) =>
		match[1].replace(/&amp;/g, '&'),
	);
	return { subject, body, links, raw };
}

/** Starts the server; resolves to { port, mails, stop() }. `mails` fills as n8n sends. */
async function startSmtpCapture() {
	const mails = [];
	const server = createServer((socket) => {
		let buffer = '';
		let inData = false;
		const reply = (line) => socket.write(`${line}\r\n`);
		reply('220 coinremitter-e2e SMTP capture');
		socket.on('data', (chunk) => {
			buffer += chunk.toString('latin1');
			for (;;) {
				if (inData) {
					const end = buffer.indexOf('\r\n.\r\n');
					if (end === -1) return;
					mails.push({ ...parseMail(buffer.slice(0, end)), receivedAt: Date.now() });
					buffer = buffer.slice(end + 5);
					inData = false;
					reply('250 OK: kept');
					continue;
				}
				const newline = buffer.indexOf('\r\n');
				if (newline === -1) return;
				const command = buffer.slice(0, newline).toUpperCase();
				buffer = buffer.slice(newline + 2);
				if (command.startsWith('EHLO') || command.startsWith('HELO')) reply('250 capture');
				else if (command.startsWith('DATA')) {
					inData = true;
					reply('354 End data with <CR><LF>.<CR><LF>');
				} else if (command.startsWith('QUIT')) {
					reply('221 Bye');
					socket.end();
				} else reply('250 OK'); // MAIL FROM, RCPT TO, RSET, NOOP
			}
		});
		socket.on('error', () => {});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: server.address().port,
		mails,
		stop: () => new Promise((resolve) => server.close(resolve)),
	};
}

module.exports = { startSmtpCapture };
