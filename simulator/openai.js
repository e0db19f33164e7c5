'use strict';
// A scripted stand-in for an OpenAI-compatible chat-completions API, so that an AI Agent workflow
// can really call the CoinRemitter node as a tool without a model or a network: it asks for the
// wallet balance, then for an invoice of 25 EUR, then tries to withdraw to an address the tool's
// guardrails do not allow (the tool refuses and the model reads why), then to the allowed one,
// then the same payout again with the last decimal changed (refused as already attempted), then
// answers with what the tools returned. When a person reviews the withdrawal tool first (n8n's
// human review between a tool and the agent: the tool's arguments then sit under
// `toolParameters`), it proposes one withdrawal to the allowed address, then answers.
// Base URL for n8n's OpenAI credential: `${simulator}/openai/v1`.

/** The address the AI agent example's withdrawal tool allows, and one it does not. */
const ALLOWED_ADDRESS = 'TSuppLierPayoutAddressXYZ23456789a';
const NOT_ALLOWED_ADDRESS = 'TMaLLoryAttackerAddressXYZ23456789';

const findTool = (tools, word) =>
	(tools ?? []).find((tool) =>
		new RegExp(word, 'i').test(`${tool.function?.name} ${tool.function?.description}`),
	);

/** Whether n8n's human review gates this tool: its arguments go under `toolParameters`. */
const isReviewed = (tool) => tool?.function?.parameters?.properties?.toolParameters !== undefined;

/** A reviewed tool's arguments: the tool's own, and none for the review step. */
const reviewed = (args) => ({ toolParameters: args, hitlParameters: {} });

/** The next assistant message for a conversation: a tool call while steps remain, then a final answer. */
function nextMessage(body) {
	const messages = body.messages ?? [];
	const results = messages.filter((message) => message.role === 'tool');
	const withdraw = findTool(body.tools, 'withdraw');
	const steps = isReviewed(withdraw)
		? [{ tool: withdraw, args: reviewed({ address: ALLOWED_ADDRESS, amount: '0.5' }) }]
		: [
				{ tool: findTool(body.tools, 'balance'), args: {} },
				{
					tool: findTool(body.tools, 'invoice'),
					args: { amount: '25', fiat_currency: 'EUR', name: 'Agent order' },
				},
				{
					tool: findTool(body.tools, 'withdraw'),
					args: { address: NOT_ALLOWED_ADDRESS, amount: '0.5' },
				},
				{
					tool: findTool(body.tools, 'withdraw'),
					args: { address: ALLOWED_ADDRESS, amount: '0.5' },
				},
				// The same payout again with the last decimal changed: the tool refuses it as attempted.
				{
					tool: findTool(body.tools, 'withdraw'),
					args: { address: ALLOWED_ADDRESS, amount: '0.50000001' },
				},
			].filter((step) => step.tool);
	const step = steps[results.length];
	if (step) {
		return {
			role: 'assistant',
			content: null,
			tool_calls: [
				{
					id: `call_${results.length + 1}`,
					type: 'function',
					function: { name: step.tool.function.name, arguments: JSON.stringify(step.args) },
				},
			],
		};
	}
	return { role: 'assistant', content: finalAnswer(body.messages ?? [], results) };
}

/** A tool result in a few words: its message or error, or its first fields, never a JSON dump. */
function resultInWords(content) {
	let value;
	try {
		value = JSON.parse(String(content));
	} catch {
		return String(content).slice(0, 200);
	}
	const first = Array.isArray(value) ? value[0] : value;
	if (first === null || typeof first !== 'object') return String(first).slice(0, 200);
	if (typeof first.message === 'string') return first.message.slice(0, 200);
	if (typeof first.error === 'string') return `refused: ${first.error.slice(0, 200)}`;
	return Object.entries(first)
		.filter(([, field]) => typeof field !== 'object')
		.slice(0, 4)
		.map(([name, field]) => `${name} ${String(field)}`)
		.join(', ');
}

/** The scripted model's last answer: one line per tool it called, in the order it called them. */
function finalAnswer(messages, results) {
	const calls = messages
		.flatMap((message) => message.tool_calls ?? [])
		.map((call) => call.function?.name ?? 'tool');
	const lines = results.map(
		(result, index) => `- ${calls[index] ?? 'tool'}: ${resultInWords(result.content)}`,
	);
	return ['Done. What each tool said:', ...lines].join('\n');
}

function completion(body, message) {
	return {
		id: `chatcmpl-sim-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: body.model ?? 'sim-model',
		choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

/** The same answer as server-sent events, for a client that asked to stream. */
function streamed(res, body, message) {
	const chunk = (delta, finish = null) =>
		`data: ${JSON.stringify({ id: 'chatcmpl-sim', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model ?? 'sim-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	const delta = message.tool_calls
		? {
				role: 'assistant',
				tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
			}
		: { role: 'assistant', content: message.content };
	res.writeHead(200, { 'content-type': 'text/event-stream' });
	res.end(
		chunk(delta) + chunk({}, message.tool_calls ? 'tool_calls' : 'stop') + 'data: [DONE]\n\n',
	);
}

/** Answers POST …/chat/completions; records each request body in `sim.chats`. */
function handleOpenAi(sim, req, res, path, text) {
	if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
		res.writeHead(404, { 'content-type': 'application/json' });
		return res.end(
			JSON.stringify({
				error: { message: `no ${req.method} ${path} here`, type: 'invalid_request_error' },
			}),
		);
	}
	const body = JSON.parse(text || '{}');
	sim.chats.push(body);
	const message = nextMessage(body);
	if (body.stream) return streamed(res, body, message);
	const answer = JSON.stringify(completion(body, message));
	res.writeHead(200, {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(answer),
	});
	return res.end(answer);
}

module.exports = { handleOpenAi, finalAnswer, ALLOWED_ADDRESS, NOT_ALLOWED_ADDRESS };
