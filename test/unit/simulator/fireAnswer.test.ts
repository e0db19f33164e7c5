/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- Jest test code, never loaded by n8n: it stands in for n8n's webhook server */
// The simulator's fire answer (POST /__sim/fire, `npm run simulator -- fire`): n8n's status, one
// line of reason and what to do, never n8n's stack trace, whatever n8n answered.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { useSimulator } from '../../fixtures/simulator';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the simulator is plain JavaScript
const { fireAnswerText } = require('../../../simulator/fireAnswer') as {
	fireAnswerText: (answer: FireAnswer) => string;
};

type FireAnswer = { status: number | null; reason: string; next: string; sent?: string };

const ctx = useSimulator();

/** n8n 2.x's answer to a Test URL nobody listens on: one long line with a stack trace. */
const NOT_REGISTERED = JSON.stringify({
	code: 404,
	message: 'The requested webhook "POST 0b1f/webhook" is not registered.',
	hint: "Click the 'Execute workflow' button on the canvas, then try again. (In test mode, the webhook only works for one call after you click this button)",
	stacktrace: `Error: The requested webhook "POST 0b1f/webhook" is not registered.\n${'    at TestWebhooks.getWebhookMethods (/n8n/dist/webhooks/test-webhooks.js:190:19)\n'.repeat(20)}`,
});

let n8n: Server;
let n8nUrl: string;
let next: { status: number; body: string };

beforeAll(async () => {
	n8n = createServer((req, res) => {
		req.resume();
		req.on('end', () =>
			res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body),
		);
	});
	await new Promise<void>((resolve) => n8n.listen(0, '127.0.0.1', resolve));
	n8nUrl = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}/webhook-test/0b1f/webhook`;
});
afterAll(async () => await new Promise((resolve) => n8n.close(resolve)));

async function fire(body: Record<string, unknown>): Promise<{ text: string; answer: FireAnswer }> {
	const response = await fetch(`${ctx.sim.url}/__sim/fire`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	return { text, answer: JSON.parse(text) as FireAnswer };
}

function expectReadable(text: string, answer: FireAnswer) {
	expect(text).not.toMatch(/stacktrace|\n\s+at /);
	expect(text.length).toBeLessThan(700);
	expect(answer.reason).not.toContain('\n');
	expect(answer.reason.length).toBeLessThanOrEqual(200);
	expect(answer.next.length).toBeGreaterThan(0);
}

describe('simulator: fire answer', () => {
	it("says 404 with n8n's one-line reason and the Test URL steps, not its stack trace", async () => {
		next = { status: 404, body: NOT_REGISTERED };
		const { text, answer } = await fire({ url: n8nUrl, kind: 'invoice' });
		expectReadable(text, answer);
		expect(answer.status).toBe(404);
		expect(answer.reason).toBe('The requested webhook "POST 0b1f/webhook" is not registered.');
		expect(answer.next).toMatch(/Execute step.*publish/);
		expect(answer.sent).toMatch(/^invoice, id /);
		expect(text.split('\n').length).toBeLessThanOrEqual(7); // indented: one field a line
	});

	it('says a run started on 200', async () => {
		next = { status: 200, body: JSON.stringify({ message: 'Workflow was started' }) };
		const { text, answer } = await fire({ url: n8nUrl, kind: 'deposit' });
		expectReadable(text, answer);
		expect(answer).toMatchObject({ status: 200, reason: 'Workflow was started' });
		expect(answer.sent).toMatch(/^deposit, id .*, 0\.25000000 TCN$/);
	});

	it("gives the trigger's own refusal and what to do about a 403", async () => {
		next = {
			status: 403,
			body: JSON.stringify({ received: false, error: 'not confirmed by the API' }),
		};
		const { text, answer } = await fire({ url: n8nUrl });
		expectReadable(text, answer);
		expect(answer).toMatchObject({ status: 403, reason: 'not confirmed by the API' });
		expect(answer.next).toContain('CoinRemitter (simulator)');
	});

	it('cuts a long answer that is not JSON to one line and says an HTML page only by its status', async () => {
		next = { status: 502, body: `${'x'.repeat(5000)}\nsecond line` };
		const long = await fire({ url: n8nUrl });
		expectReadable(long.text, long.answer);
		next = { status: 502, body: '<html><body>Bad gateway</body></html>' };
		const html = await fire({ url: n8nUrl });
		expect(html.answer.reason).toBe('n8n answered 502.');
	});

	it('says nothing answered when nothing listens at the URL', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise((resolve) => closed.close(resolve));
		const { text, answer } = await fire({ url: `http://127.0.0.1:${port}/webhook-test/x/webhook` });
		expectReadable(text, answer);
		expect(answer.status).toBeNull();
		expect(answer.reason).toMatch(/^Nothing answered at that URL \(ECONNREFUSED\)\.$/);
	});

	it('says what the route takes for a missing URL or an unknown kind', async () => {
		const noUrl = await fire({ kind: 'deposit' });
		expect(noUrl.answer.reason).toBe('The request names no http(s) URL to fire at.');
		const badKind = await fire({ url: n8nUrl, kind: 'refund' });
		expect(badKind.answer.reason).toBe('There is no callback kind "refund".');
		expect(badKind.answer.next).toContain('deposit, invoice');
	});

	it('reads as three lines on a terminal', () => {
		const text = fireAnswerText({
			status: 404,
			reason: 'not registered',
			next: 'do this',
			sent: 'invoice',
		});
		expect(text).toBe('404: not registered\nWhat to do: do this\nSent: invoice');
	});
});

describe('simulator command line: fire', () => {
	it("prints the running simulator's answer in a few lines and exits 1 when n8n refused", async () => {
		next = { status: 404, body: NOT_REGISTERED };
		const cli = spawn(process.execPath, [
			join(__dirname, '../../../simulator/cli.js'),
			'fire',
			n8nUrl,
			'invoice',
			'--sim',
			ctx.sim.url,
		]);
		let output = '';
		cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const code = await new Promise((resolve) => cli.on('exit', resolve));
		expect(code).toBe(1);
		expect(output.trim().split('\n')).toEqual([
			'404: The requested webhook "POST 0b1f/webhook" is not registered.',
			expect.stringMatching(/^What to do: Test URL: open the trigger's panel/),
			expect.stringMatching(/^Sent: invoice, id /),
		]);
	});
});
