'use strict';
// Request body parsing for the simulator: multipart/form-data, urlencoded and JSON, all into flat string fields.

function boundaryOf(contentType) {
	const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	return match ? match[1] || match[2].trim() : undefined;
}

/** Parses a multipart/form-data body into { name: value }; throws on a malformed body. */
function parseMultipart(buffer, contentType) {
	const boundary = boundaryOf(contentType);
	if (!boundary) throw new Error('multipart body without boundary');
	const delimiter = Buffer.from(`--${boundary}`);
	const fields = {};
	let position = buffer.indexOf(delimiter);
	if (position === -1) throw new Error('multipart boundary not found');
	for (;;) {
		position += delimiter.length;
		if (buffer.slice(position, position + 2).toString() === '--') return fields;
		const headerStart = position + 2; // skip CRLF after the delimiter
		const headerEnd = buffer.indexOf('\r\n\r\n', headerStart);
		if (headerEnd === -1) throw new Error('multipart part without headers');
		const headers = buffer.slice(headerStart, headerEnd).toString('utf8');
		const next = buffer.indexOf(delimiter, headerEnd + 4);
		if (next === -1) throw new Error('multipart part not terminated');
		const value = buffer.slice(headerEnd + 4, next - 2).toString('utf8');
		const name = /name="([^"]*)"/i.exec(headers);
		if (!name) throw new Error('multipart part without a name');
		fields[name[1]] = value;
		position = next;
	}
}

/** Reads fields from any body the service accepts. Returns { fields, kind }. */
function parseBody(buffer, contentType = '') {
	const type = contentType.split(';')[0].trim().toLowerCase();
	if (buffer.length === 0) return { fields: {}, kind: type || 'none' };
	if (type === 'multipart/form-data')
		return { fields: parseMultipart(buffer, contentType), kind: type };
	if (type === 'application/x-www-form-urlencoded') {
		return { fields: Object.fromEntries(new URLSearchParams(buffer.toString('utf8'))), kind: type };
	}
	if (type === 'application/json') {
		const parsed = JSON.parse(buffer.toString('utf8'));
		if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
			throw new Error('JSON body is not an object');
		const fields = {};
		for (const [key, value] of Object.entries(parsed))
			fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
		return { fields, kind: type };
	}
	throw new Error(`unsupported content type "${type}"`);
}

/** Builds a multipart/form-data body from flat fields; used by the simulator to fire callbacks. */
function buildMultipart(fields) {
	const boundary = `----coinremitter-sim-${Math.random().toString(16).slice(2)}`;
	const parts = Object.entries(fields).map(
		([name, value]) =>
			`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
	);
	return {
		body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

module.exports = { parseBody, parseMultipart, buildMultipart };
