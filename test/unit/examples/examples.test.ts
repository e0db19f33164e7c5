/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and globals are fine here */
// The example workflows open clean wherever they are imported: no fixed webhook id (n8n then gives
// each import its own URL), a note saying what to change for real use, and guardrails on every
// withdrawal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ExampleNode {
	name: string;
	type: string;
	webhookId?: string;
	onError?: string;
	parameters: Record<string, unknown>;
}
interface Example {
	name: string;
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
const files = readdirSync(EXAMPLES).filter((file) => file.endsWith('.json'));
const read = (file: string): Example =>
	JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Example;

const isCoinRemitter = (node: ExampleNode) => node.type.startsWith('n8n-nodes-coinremitter.');
const isWithdrawal = (node: ExampleNode) =>
	isCoinRemitter(node) &&
	node.parameters.resource === 'withdrawal' &&
	node.parameters.operation === 'create';
const withdrawals = files.flatMap((file) =>
	read(file)
		.nodes.filter(isWithdrawal)
		.map((node) => [file, node.name, node] as const),
);

describe('examples/', () => {
	it('holds the six examples the README shows', () => {
		expect(files.sort()).toEqual([
			'ai-agent-tools.json',
			'deposit-notify.json',
			'exactly-once-queue-mode.json',
			'invoice-paid-fulfil.json',
			'never-miss-a-payment.json',
			'payouts.json',
		]);
	});

	it.each(files)('%s carries no webhookId anywhere (every import gets its own URL)', (file) => {
		expect(readFileSync(join(EXAMPLES, file), 'utf8')).not.toMatch(/webhookId/i);
	});

	it.each(files)('%s has a sticky note saying what to change for real use', (file) => {
		const notes = read(file).nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
		const content = notes.map((note) => String(note.parameters.content)).join('\n');
		expect(content).toMatch(/Before real use/);
		expect(content).toMatch(/\*\*Credential\*\*/);
	});

	it.each(withdrawals)(
		'%s: "%s" has Allowed Addresses, Maximum Amount and Maximum Total per Day',
		(_file, _name, node) => {
			const guardrails = (node.parameters.guardrails ?? {}) as Record<string, unknown>;
			for (const field of ['allowedAddresses', 'maxAmount', 'maxTotalPerDay'])
				expect(String(guardrails[field] ?? '').trim()).not.toBe('');
		},
	);

	it('every example with a withdrawal was found (payouts, queue mode, agent)', () => {
		expect(new Set(withdrawals.map(([file]) => file))).toEqual(
			new Set(['ai-agent-tools.json', 'exactly-once-queue-mode.json', 'payouts.json']),
		);
	});
});

describe('the payouts example', () => {
	const payouts = read('payouts.json');
	const node = (name: string) => payouts.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string) => payouts.connections[name]?.main[0]?.map((link) => link.node);

	it('gives each row its own Payout Key and lets a refused row fail alone', () => {
		const withdraw = node('Withdraw');
		expect(withdraw.parameters.payoutKey).toBe("={{ $('Payout list').item.json.payoutId }}");
		expect(withdraw.onError).toBe('continueRegularOutput');
		expect(String(node('Payout list').parameters.jsCode).match(/payoutId: '/g)).toHaveLength(2);
	});

	it('checks the balance against the estimates (amount plus fees) before any withdrawal', () => {
		expect(next('Estimate fees')).toEqual(['Enough for all, fees included?']);
		expect(next('Enough for all, fees included?')).toEqual(['Withdraw']);
		const check = String(node('Enough for all, fees included?').parameters.jsCode);
		expect(check).toContain('total_amount');
		expect(check).toContain("$('Check balance')");
	});
});

describe('the invoice-paid-fulfil example', () => {
	const example = read('invoice-paid-fulfil.json');
	const next = (name: string) => example.connections[name]?.main[0]?.map((link) => link.node);

	it('fulfils only verified invoices, once per invoice id whatever status follows', () => {
		expect(next('Invoice paid')).toEqual(['Verified?']);
		expect(next('Verified?')).toEqual(['Once per invoice']);
		expect(next('Once per invoice')).toEqual(['Mark order as paid']);
		const once = example.nodes.find((node) => node.name === 'Once per invoice')!;
		expect(once.type).toBe('n8n-nodes-base.removeDuplicates');
		expect(once.parameters.operation).toBe('removeItemsSeenInPreviousExecutions');
		// Keyed on the invoice alone: Paid then Over Paid is one key, one fulfilment.
		expect(once.parameters.dedupeValue).toBe("={{ 'invoice:' + $json.invoice_id }}");
	});
});
