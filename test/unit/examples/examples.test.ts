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
	position: [number, number];
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
	it('holds the examples the README shows', () => {
		expect(files.sort()).toEqual([
			'ai-agent-approval.json',
			'ai-agent-tools.json',
			'deposit-notify.json',
			'exactly-once-queue-mode.json',
			'invoice-paid-fulfil.json',
			'invoice-refunds.json',
			'never-miss-a-payment.json',
			'payouts-two-people.json',
			'payouts-with-approval.json',
			'payouts.json',
			'try-it.json',
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

	it.each(files)('%s: no sticky note covers a node on the canvas', (file) => {
		const { nodes } = read(file);
		const isNote = (node: (typeof nodes)[number]) => node.type === 'n8n-nodes-base.stickyNote';
		const NODE_SIZE = 100; // n8n's canvas draws a node about this wide and high from its position
		const covered = nodes.filter(isNote).flatMap((note) => {
			const [x, y] = note.position;
			const { width = 240, height = 160 } = note.parameters as { width?: number; height?: number };
			return nodes
				.filter((node) => !isNote(node))
				.filter(
					({ position: [nx, ny] }) =>
						nx < x + width && nx + NODE_SIZE > x && ny < y + height && ny + NODE_SIZE > y,
				)
				.map((node) => `${note.name} covers ${node.name}`);
		});
		expect(covered).toEqual([]);
	});

	it.each(withdrawals)(
		'%s: "%s" has Allowed Addresses, Maximum Amount and Maximum Total per Day',
		(_file, _name, node) => {
			const guardrails = (node.parameters.guardrails ?? {}) as Record<string, unknown>;
			for (const field of ['allowedAddresses', 'maxAmount', 'maxTotalPerDay'])
				expect(String(guardrails[field] ?? '').trim()).not.toBe('');
		},
	);

	it.each(files)('%s has no Code node but the list a merchant replaces', (file) => {
		const code = read(file).nodes.filter((node) => node.type === 'n8n-nodes-base.code');
		expect(code.map((node) => node.name)).toEqual(
			file.startsWith('payouts') ? ['Payout list'] : [],
		);
	});

	it('every example with a withdrawal was found (payouts, queue mode, agents, approvals)', () => {
		expect(new Set(withdrawals.map(([file]) => file))).toEqual(
			new Set([
				'ai-agent-approval.json',
				'ai-agent-tools.json',
				'exactly-once-queue-mode.json',
				'payouts-two-people.json',
				'payouts-with-approval.json',
				'payouts.json',
			]),
		);
	});
});

describe('the payouts example', () => {
	const payouts = read('payouts.json');
	const node = (name: string) => payouts.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string, output = 0) =>
		payouts.connections[name]?.main[output]?.map((link) => link.node);

	it('gives each row its own Payout Key, and a refused row leaves on its own branch, Not sent', () => {
		const withdraw = node('Withdraw');
		expect(withdraw.parameters.payoutKey).toBe("={{ $('Payout list').item.json.payoutId }}");
		expect(withdraw.onError).toBe('continueErrorOutput');
		expect(next('Withdraw', 0) ?? []).toEqual([]);
		expect(next('Withdraw', 1)).toEqual(['Not sent']);
		expect(String(node('Payout list').parameters.jsCode).match(/payoutId: '/g)).toHaveLength(2);
	});

	it('checks that the wallet covers every payout, fees included, with the node, before any withdrawal', () => {
		expect(next('Valid?')).toEqual(['Enough for all, fees included?']);
		expect(node('Enough for all, fees included?').parameters).toMatchObject({
			resource: 'withdrawal',
			operation: 'checkFunds',
		});
		expect(next('Enough for all, fees included?', 0)).toEqual(['Withdraw']);
		expect(next('Enough for all, fees included?', 1)).toEqual([]);
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

/** The only expressions the approval examples hold: each passes a field on, none is a money rule. */
const APPROVAL_WIRING = [
	'={{ $json.address }}',
	'={{ $json.amount }}',
	'={{ $json.payoutId }}',
	'={{ $json.message }}',
	'={{ $workflow.id }}',
	"={{ $('One payout to approve').first().json.payoutKey }}",
];
const expressionsOf = (nodes: ExampleNode[]) =>
	JSON.stringify(nodes.map((node) => node.parameters)).match(/=\{\{[^}]*\}\}/g);

describe('the payouts-with-approval example', () => {
	const example = read('payouts-with-approval.json');
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string, output = 0) =>
		example.connections[name]?.main[output]?.map((link) => link.node);
	const working = example.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');

	it('has at most 9 nodes besides its notes', () => {
		expect(working.length).toBeLessThanOrEqual(9);
	});

	it('sends rows within the no-person limits and asks about each other row in an execution of its own', () => {
		const payOrAsk = node('Pay or ask a person');
		expect(payOrAsk.parameters).toMatchObject({
			operation: 'create',
			askAPerson: 'aboveLimits',
			payoutKey: '={{ $json.payoutId }}',
			noPersonLimits: { maxAmount: '1', maxTotalPerExecution: '2', maxTotalPerDay: '3' },
		});
		expect(next('Payout list')).toEqual(['Pay or ask a person']);
		expect(next('Pay or ask a person', 1)).toEqual(['Ask a person, one execution per payout']);
		const ask = node('Ask a person, one execution per payout').parameters;
		expect(ask.mode).toBe('each');
		expect(ask.workflowId).toMatchObject({ value: '={{ $workflow.id }}' });
		expect(ask.options).toEqual({ waitForSubWorkflow: false });
	});

	it("asks with n8n's Send and Wait, showing the node's message, and sends only through Send Approved", () => {
		expect(next('One payout to approve')).toEqual(['Ask on Slack']);
		const slack = node('Ask on Slack');
		expect(slack.parameters.operation).toBe('sendAndWait');
		expect(slack.parameters.message).toBe('={{ $json.message }}');
		expect(slack.parameters.options).toHaveProperty('limitWaitTime.values.limitType');
		expect(next('Ask on Slack')).toEqual(['Send approved payout']);
		expect(node('Send approved payout').parameters).toMatchObject({
			operation: 'sendApproved',
			payoutKey: "={{ $('One payout to approve').first().json.payoutKey }}",
		});
		expect(next('Send approved payout')).toEqual(['Tell the person']);
		expect(node('Tell the person').parameters.text).toBe('={{ $json.message }}');
	});

	it('holds no money rule in an expression: each one only passes a field on', () => {
		const expressions = expressionsOf(working);
		const wiring = APPROVAL_WIRING;
		expect(expressions?.length).toBeGreaterThanOrEqual(wiring.length);
		for (const expression of expressions ?? []) expect(wiring).toContain(expression);
	});
});

describe('the invoice-refunds example', () => {
	const example = read('invoice-refunds.json');
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string, output = 0) =>
		example.connections[name]?.main[output]?.map((link) => link.node);
	const working = example.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	const REFUNDS = ['Refund the excess', 'Refund the late payment'];

	it('routes the verified invoice by status: fulfil, bill the rest, ask for a refund address', () => {
		expect(next('Invoice settled')).toEqual(['Verified?']);
		expect(next('Verified?')).toEqual(['By status']);
		expect(next('Verified?', 1)).toEqual([]);
		expect([0, 1, 2, 3].map((output) => next('By status', output))).toEqual([
			['Fulfil the order'],
			['Bill the rest'],
			['Fulfil the order', 'Ask for a refund address (excess)'],
			['Ask for a refund address (late payment)'],
		]);
		expect(node('Bill the rest').parameters).toMatchObject({ operation: 'billRest' });
		expect(next('Bill the rest')).toEqual(["Send the customer the rest's link"]);
		expect(node("Send the customer the rest's link").parameters.text).toContain('{{ $json.url }}');
	});

	it('asks the customer with an n8n form, then refunds through the node with Ask a Person', () => {
		for (const [ask, refund, what] of [
			['Ask for a refund address (excess)', 'Refund the excess', 'excess'],
			['Ask for a refund address (late payment)', 'Refund the late payment', 'everything'],
		]) {
			expect(node(ask).parameters).toMatchObject({
				operation: 'sendAndWait',
				responseType: 'customForm',
			});
			expect(next(ask)).toEqual([refund]);
			expect(node(refund).parameters).toMatchObject({
				resource: 'invoice',
				operation: 'refund',
				whatToRefund: what,
				invoiceId: "={{ $('By status').item.json.invoice_id }}",
				address: "={{ $json.data['Refund address'] }}",
				askAPerson: 'aboveLimits',
			});
			const guardrails = node(refund).parameters.guardrails as Record<string, string>;
			expect(guardrails.maxAmount && guardrails.maxTotalPerDay).toBeTruthy();
			expect(node(refund).onError).toBe('continueErrorOutput');
			expect(next(refund, 1)).toEqual(['Ask a person, one execution per refund']);
		}
		const ask = node('Ask a person, one execution per refund').parameters;
		expect(ask).toMatchObject({ mode: 'each', options: { waitForSubWorkflow: false } });
		expect(next('One refund to approve')).toEqual(['Ask on Slack']);
		expect(next('Ask on Slack')).toEqual(['Send approved refund']);
		expect(node('Send approved refund').parameters).toMatchObject({
			operation: 'sendApproved',
			payoutKey: "={{ $('One refund to approve').first().json.payoutKey }}",
		});
	});

	it('tells the merchant every outcome: sent, nothing left, approved or not, refused', () => {
		for (const refund of REFUNDS) {
			expect(next(refund, 0)).toEqual(['Tell the merchant']);
			expect(next(refund, 2)).toEqual(['Tell the merchant: not done']);
		}
		expect(next('Send approved refund')).toEqual(['Tell the merchant']);
		expect(next('Bill the rest', 1)).toEqual(['Tell the merchant: not done']);
		expect(node('Tell the merchant').parameters.text).toBe('={{ $json.message }}');
		expect(node('Tell the merchant: not done').parameters.text).toBe('={{ $json.error }}');
	});

	it('holds no Code node and no money rule in an expression: each one only passes a field on', () => {
		expect(working.some((node) => node.type === 'n8n-nodes-base.code')).toBe(false);
		const wiring = [
			'{{ $json.verified }}',
			'{{ $json.status_code }}',
			'{{ $json.payment_history }}',
			'{{ $json.invoice_id }}',
			'{{ $json.custom_data1 }}',
			'{{ $json.url }}',
			"{{ $('By status').item.json.invoice_id }}",
			"{{ $json.data['Refund address'] }}",
			'{{ $json.message }}',
			'{{ $json.error }}',
			'{{ $workflow.id }}',
			"{{ $('One refund to approve').first().json.payoutKey }}",
		];
		const expressions = JSON.stringify(working.map((node) => node.parameters))
			.replace(/\\"/g, '"')
			.match(/\{\{[^}]*\}\}/g);
		expect(expressions?.length).toBeGreaterThanOrEqual(wiring.length);
		for (const expression of expressions ?? []) expect(wiring).toContain(expression);
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

describe('the payouts-two-people example', () => {
	const example = read('payouts-two-people.json');
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;
	const next = (name: string, output = 0) =>
		example.connections[name]?.main[output]?.map((link) => link.node);
	const working = example.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');

	it('has at most 11 nodes besides its notes, and no Code node but the payout list', () => {
		expect(working.length).toBeLessThanOrEqual(11);
		const code = working.filter((node) => node.type === 'n8n-nodes-base.code');
		expect(code.map((node) => node.name)).toEqual(['Payout list']);
	});

	it("asks a second person through Send Approved's second output, and sends only through Send Approved", () => {
		expect(node('Pay or ask a person').parameters).toMatchObject({ twoPeopleAbove: '2' });
		expect(next('One payout to approve')).toEqual(['Ask on Slack']);
		expect(next('Ask on Slack')).toEqual(['Send approved payout']);
		expect(next('Send approved payout', 0)).toEqual(['Tell the person']);
		expect(next('Send approved payout', 1)).toEqual(['Ask a second person']);
		expect(next('Ask a second person')).toEqual(['Send with the second approval']);
		expect(next('Send with the second approval')).toEqual(['Tell the person']);
		for (const name of ['Send approved payout', 'Send with the second approval'])
			expect(node(name).parameters).toMatchObject({
				operation: 'sendApproved',
				payoutKey: "={{ $('One payout to approve').first().json.payoutKey }}",
			});
		for (const name of ['Ask on Slack', 'Ask a second person'])
			expect(node(name).parameters).toMatchObject({
				operation: 'sendAndWait',
				message: '={{ $json.message }}',
				captureResponder: true,
			});
	});

	it('holds no money rule in an expression: each one only passes a field on', () => {
		const expressions = expressionsOf(working);
		const wiring = APPROVAL_WIRING;
		for (const expression of expressions ?? []) expect(wiring).toContain(expression);
	});
});
