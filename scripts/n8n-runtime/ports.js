'use strict';
// Loopback ports for the processes a suite starts.
const { createServer } = require('node:net');

const listenOnAnyPort = () =>
	new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve(server));
	});

/** `count` different ports nothing listens on right now, on 127.0.0.1 (all held open until all are known). */
async function freePorts(count) {
	const servers = await Promise.all(Array.from({ length: count }, listenOnAnyPort));
	const ports = servers.map((server) => server.address().port);
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	return ports;
}

module.exports = { freePorts };
