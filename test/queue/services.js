'use strict';
// PostgreSQL and Redis for the queue-mode suite: Debian's servers (scripts/install-queue-services.sh),
// each started on a free loopback port with its data in a temporary folder, and stopped afterwards.
const { execFile, spawn } = require('node:child_process');
const { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } = require('node:fs');
const { tmpdir, userInfo } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);

/** The folder of initdb / pg_ctl: Debian keeps them under /usr/lib/postgresql/<major>/bin. */
function postgresBin() {
	const base = '/usr/lib/postgresql';
	if (existsSync(base)) {
		const majors = readdirSync(base)
			.filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
			.sort((a, b) => Number(b) - Number(a));
		if (majors.length > 0) return join(base, majors[0], 'bin');
	}
	return ''; // on PATH
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asPostgres(command, args) {
	const bin = postgresBin();
	const full = bin ? join(bin, command) : command;
	if (userInfo().uid === 0) return ['runuser', ['-u', 'postgres', '--', full, ...args]];
	return [full, args];
}

async function startPostgres(port) {
	const dir = mkdtempSync(join(tmpdir(), 'coinremitter-pg-'));
	if (userInfo().uid === 0) {
		const { stdout } = await run('id', ['-u', 'postgres']);
		const { stdout: gid } = await run('id', ['-g', 'postgres']);
		chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
	}
	const data = join(dir, 'data');
	const pg = (command, args, options) => {
		const [file, argv] = asPostgres(command, args);
		return run(file, argv, { cwd: dir, timeout: 120000, ...options });
	};
	await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
	const settings = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
	await pg('pg_ctl', [
		'-D',
		data,
		'-l',
		join(dir, 'postgres.log'),
		'-o',
		settings,
		'-w',
		'-t',
		'60',
		'start',
	]);
	const psql = async (sql, database = 'postgres') => {
		const { stdout } = await run(
			'psql',
			['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-At', '-c', sql],
			{ timeout: 30000 },
		);
		return stdout.trim();
	};
	await psql('CREATE DATABASE n8n');
	return {
		port,
		psql,
		async stop() {
			try {
				await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
			} catch {
				// already stopped
			}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

async function startRedis(port) {
	const dir = mkdtempSync(join(tmpdir(), 'coinremitter-redis-'));
	const child = spawn(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--dir',
			dir,
		],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let log = '';
	child.stdout.on('data', (chunk) => (log += chunk));
	child.stderr.on('data', (chunk) => (log += chunk));
	const deadline = Date.now() + 20000;
	while (!/Ready to accept connections/i.test(log)) {
		if (child.exitCode !== null) throw new Error(`redis-server exited: ${log.slice(-1000)}`);
		if (Date.now() > deadline) throw new Error(`redis-server did not start: ${log.slice(-1000)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return {
		port,
		async stop() {
			if (child.exitCode === null) {
				child.kill('SIGTERM');
				await new Promise((resolve) => child.once('exit', resolve));
			}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** Both servers are there (scripts/install-queue-services.sh installs them). */
function servicesInstalled() {
	const initdb = postgresBin() ? join(postgresBin(), 'initdb') : '';
	const onPath = (name) =>
		(process.env.PATH ?? '')
			.split(':')
			.some((dir) => existsSync(join(dir, name)) && statSync(join(dir, name)).isFile());
	return (
		(initdb ? existsSync(initdb) : onPath('initdb')) && onPath('redis-server') && onPath('psql')
	);
}

module.exports = { startPostgres, startRedis, servicesInstalled };
