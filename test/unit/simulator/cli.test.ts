/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- Jest test code, never loaded by n8n: it starts the simulator as a merchant does */
// The simulator's command line, as a merchant starts it (`npm run simulator -- …`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Starts the CLI with `args`, hands `use` the address it says it listens on, then stops it. */
async function withSimulator<T>(args: string[], use: (url: string) => Promise<T>): Promise<T> {
	const child = spawn(process.execPath, [join(__dirname, '../../../simulator/cli.js'), ...args]);
	try {
		const url = await new Promise<string>((resolve, reject) => {
			let output = '';
			child.stdout.on('data', (chunk: Buffer) => {
				output += chunk.toString();
				const match = /listening on (\S+)/.exec(output);
				if (match) resolve(match[1]);
			});
			child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
		});
		return await use(url);
	} finally {
		child.kill();
	}
}

describe('simulator command line', () => {
	it('listens on 127.0.0.1 by default', async () => {
		const url = await withSimulator(['--port', '0'], async (listening) => listening);
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	});

	it('listens on the address --host names (0.0.0.0 for an n8n in Docker)', async () => {
		const [url, body] = await withSimulator(['--port', '0', '--host', '0.0.0.0'], async (url) => {
			const answer = await fetch(`${url.replace('0.0.0.0', '127.0.0.1')}/v1/wallet/balance`, {
				method: 'POST',
			});
			return [url, (await answer.json()) as { success?: boolean }] as const;
		});
		expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
		expect(body.success).toBe(false); // the gateway answered, refusing a call without keys
	});
});
