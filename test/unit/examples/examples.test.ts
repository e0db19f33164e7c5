/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: Node built-ins and globals are fine here */
// The example workflows open clean wherever they are imported: no fixed webhook id (n8n then gives
// each import its own URL), a note saying what to change for real use, and guardrails on every
// withdrawal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

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
	it('holds the eight examples the README shows', () => {
		expect(files.sort()).toEqual([
			'ai-agent-approval.json',
			'ai-agent-tools.json',
			'deposit-notify.json',
			'exactly-once-queue-mode.json',
			'invoice-paid-fulfil.json',
			'never-miss-a-payment.json',
			'payouts-with-approval.json',
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

	it('every example with a withdrawal was found (payouts, queue mode, agents, approvals)', () => {
		expect(new Set(withdrawals.map(([file]) => file))).toEqual(
			new Set([
				'ai-agent-approval.json',
				'ai-agent-tools.json',
				'exactly-once-queue-mode.json',
				'payouts-with-approval.json',
				'payouts.json',
			]),
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

/** Runs a Code node's JavaScript as n8n's Code node would, with `$input` and `$('<node>')` given. */
function runCode(jsCode: string, input: unknown[], nodes: Record<string, unknown[]> = {}) {
	const items = (list: unknown[]) => list.map((json) => ({ json }));
	const $input = { all: () => items(input), first: () => items(input)[0] };
	const $ = (name: string) => ({
		first: () => items(nodes[name])[0],
		itemMatching: (index: number) => items(nodes[name])[index],
	});
	const code = runInNewContext(`(function ($input, $) {\n${jsCode}\n})`, {}) as (
		input: typeof $input,
		node: typeof $,
	) => Array<{ json: Record<string, unknown> }>;
	return code($input, $);
}

describe('the payouts-with-approval example', () => {
	const example = read('payouts-with-approval.json');
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string, output = 0) =>
		example.connections[name]?.main[output]?.map((link) => link.node);
	const jsOf = (name: string) => String(node(name).parameters.jsCode);
	const payout = { payoutId: 'p-1', address: 'TAddr', amount: '2.5' };
	const decide = (answer: unknown) =>
		runCode(jsOf('Decision'), [answer], { 'One payout to approve': [payout] })[0].json;

	it('pays rows within the no-person limits at once; a row past any of them asks a person, in an execution of its own', () => {
		expect(next('Payout fields')).toEqual(['Pay now, no person']);
		const payNow = node('Pay now, no person');
		expect(payNow.onError).toBe('continueErrorOutput');
		expect(payNow.parameters.guardrails).toMatchObject({
			maxAmount: '1',
			maxTotalPerExecution: '2',
			maxTotalPerDay: '3',
		});
		expect(next('Pay now, no person', 0)).toEqual([]);
		expect(next('Pay now, no person', 1)).toEqual(['Over a no-person limit?']);
		expect(next('Over a no-person limit?', 0)).toEqual(['Payout to ask about']);
		expect(next('Payout to ask about')).toEqual(['Ask a person, one execution per payout']);
		const ask = node('Ask a person, one execution per payout').parameters;
		expect(ask.mode).toBe('each');
		expect(ask.workflowId).toMatchObject({ value: '={{ $workflow.id }}' });
		expect(ask.options).toEqual({ waitForSubWorkflow: false });
	});

	it('passes on only the payout fields of a row, and stops a row without a payoutId', () => {
		const rows = [{ ...payout, approved: true, data: { approved: true }, decision: 'send' }];
		expect(runCode(jsOf('Payout fields'), rows)[0].json).toEqual(payout);
		expect(() => runCode(jsOf('Payout fields'), [{ address: 'TAddr', amount: '1' }])).toThrow(
			'Row 1: payoutId is missing',
		);
		const refused = { error: 'Guardrails → Maximum Amount: …', outcome: 'notSent' };
		expect(
			runCode(jsOf('Payout to ask about'), [refused], { 'Payout fields': [payout] })[0].json,
		).toEqual(payout);
	});

	it("shows the person the wallet's coin and exactly what is sent, and only a click on Approve sends", () => {
		const slack = node('Ask on Slack');
		expect(slack.parameters.operation).toBe('sendAndWait');
		expect(slack.parameters.options).toHaveProperty('limitWaitTime.values.limitType');
		expect(next('One payout to approve')).toEqual(['Wallet']);
		expect(node('Wallet').parameters).toMatchObject({
			resource: 'wallet',
			operation: 'getBalance',
		});
		expect(next('Wallet')).toEqual(['Ask on Slack']);
		expect(slack.parameters.message).toContain('{{ $json.coin_symbol }}');
		for (const field of ['payoutId', 'amount', 'address'])
			expect(slack.parameters.message).toContain(
				`{{ $('One payout to approve').item.json.${field} }}`,
			);
		expect(next('Ask on Slack')).toEqual(['Decision']);
		expect(next('Decision')).toEqual(['Withdraw', 'Declined?']);
		// A decline is recorded by "Pay now, no person" too: it refuses the payout after a restart.
		expect(next('Declined?', 0)).toEqual(['Pay now, no person']);
		expect(node('Pay now, no person').parameters.decision).toBe("={{ $json.decision ?? 'send' }}");
		expect(node('Withdraw').parameters.decision).toBe('={{ $json.decision }}');
		expect(decide({ data: { approved: true } })).toEqual({
			...payout,
			approval: 'approved',
			decision: 'send',
		});
		expect(decide({ data: { approved: false } })).toMatchObject({ decision: 'decline' });
		// A time-out passes on the wallet read; no other shape stands for an approval either.
		for (const notAClick of [
			{ balance: '10', coin_symbol: 'TCN' },
			{ balance: '10', data: { approved: true } },
			{ data: { approved: 'true' } },
			{ data: null },
			{},
		])
			expect(decide(notAClick)).toMatchObject({ approval: 'timedOut', decision: 'decline' });
	});

	it('tells the person what happened after the click', () => {
		expect(next('Withdraw')).toEqual(['Outcome']);
		expect(next('Outcome')).toEqual(['Tell the person']);
		const tell = (result: unknown, approval = 'approved') =>
			String(
				runCode(jsOf('Outcome'), [result], {
					Decision: [{ ...payout, approval }],
					Wallet: [{ coin_symbol: 'TCN' }],
				})[0].json.text,
			);
		expect(tell({ id: 'tx-1', txid: 'abc' })).toBe(
			'Payout p-1 (2.5 TCN to TAddr): sent. CoinRemitter transaction id tx-1, blockchain txid abc.',
		);
		expect(tell({ sent: false, decision: 'declined' }, 'denied')).toMatch(/not sent: declined/);
		expect(tell({ sent: false, decision: 'declined' }, 'timedOut')).toMatch(
			/no answer came in time/,
		);
		expect(tell({ error: 'x', outcome: 'declined' })).toMatch(/declined before/);
		expect(tell({ error: 'x', outcome: 'alreadyAttempted' })).toMatch(/already sent/);
		expect(tell({ error: 'Guardrails → Maximum Amount: …', outcome: 'notSent' })).toMatch(
			/not sent: Guardrails → Maximum Amount/,
		);
		expect(tell({ error: 'x', outcome: 'unknown' })).toMatch(/MAY HAVE BEEN SENT/);
	});
});

describe('the ai-agent-approval example', () => {
	const example = read('ai-agent-approval.json');
	const links = example.connections as unknown as Record<
		string,
		{ ai_tool?: Array<Array<{ node: string }>> }
	>;

	it("puts n8n's human review between the withdrawal tool and the agent, showing the address and amount", () => {
		const review = example.nodes.find((node) => node.type === 'n8n-nodes-base.slackHitlTool')!;
		expect(links['Withdraw to supplier'].ai_tool?.[0]?.map((link) => link.node)).toEqual([
			review.name,
		]);
		expect(links[review.name].ai_tool?.[0]?.map((link) => link.node)).toEqual(['Payments agent']);
		expect(review.parameters.message).toContain('$tool.parameters.amount');
		expect(review.parameters.message).toContain('$tool.parameters.address');
	});
});
