'use strict';
// What POST /__sim/fire (and `npm run simulator -- fire`) answers: what n8n made of the callback,
// read at a glance: the status, one line of reason, what to do. n8n's answer body can be a page of
// JSON with a stack trace; only its message is kept, on one line.

const MAX_REASON = 200;

const TEST_URL_STEPS =
	"Test URL: open the trigger's panel, copy the URL, click Execute step, then fire within 2 minutes; it answers once. Production URL: publish (n8n 1.x: activate) the workflow first.";

/** What to do after each kind of answer. */
const NEXT = {
	200: 'See the run on the canvas (Test URL) or in Executions (Production URL).',
	202: 'The trigger verifies it in the background; the run follows when the rate limit allows.',
	400: 'The trigger could not read the callback: fire a kind this trigger handles.',
	401: "A widget order needs ?secret=<the CoinRemitter Widget API credential's secret> at the end of the URL.",
	403: 'Give the trigger the credential of the simulator\'s wallet ("CoinRemitter (simulator)"), or turn Verify With the API off.',
	404: TEST_URL_STEPS,
	409: TEST_URL_STEPS,
	500: "Open the execution in n8n's Executions list: it names the node that failed.",
	503: "The trigger could not verify the callback now: check the trigger's credential, then fire again.",
	unreachable:
		"Start n8n, or copy the URL again from the trigger's panel. An n8n in Docker is reached from here at http://localhost:<its port>, not at its container name.",
};

/** One line of at most MAX_REASON characters: `text` without line breaks. */
function oneLine(text) {
	const line = String(text).replace(/\s+/g, ' ').trim();
	return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

/** The reason n8n gave: its JSON body's `error`, `ignored` or `message` (never `stacktrace`), or the body's text. */
function reasonFrom(status, body) {
	let parsed;
	try {
		parsed = JSON.parse(body);
	} catch {
		parsed = undefined;
	}
	if (parsed && typeof parsed === 'object') {
		if (typeof parsed.ignored === 'string')
			return oneLine(`The trigger ignored it: ${parsed.ignored}.`);
		for (const field of ['error', 'message'])
			if (typeof parsed[field] === 'string' && parsed[field] !== '') return oneLine(parsed[field]);
		if (parsed.received === true && status === 200) return 'n8n took the callback: a run started.';
		if (parsed.verification === 'pending') return 'n8n took the callback; verification is pending.';
	}
	const text = String(body ?? '');
	if (text.trim() === '' || /^\s*</.test(text)) return `n8n answered ${status}.`;
	return oneLine(text.split('\n')[0]);
}

/** A callback of `kind` in a few words: its kind and what identifies it. */
function describeCallback(kind, sent) {
	if (!sent || typeof sent !== 'object') return kind;
	const id = sent.invoice_id ?? sent.order_id ?? sent.id ?? sent.txid;
	const amount = sent.amount && (sent.coin_symbol ?? sent.coin_short_name ?? sent.coin);
	return [kind, id && `id ${id}`, amount && `${sent.amount} ${amount}`].filter(Boolean).join(', ');
}

/**
 * The fire answer: `{ status, reason, next, sent }`. `status` is n8n's HTTP status, or null when
 * nothing answered (`error`, the failure of the request).
 */
function fireAnswer({ kind, sent, status, body, error }) {
	if (error) {
		const cause = error.cause?.code ?? error.cause?.message ?? error.message;
		return {
			status: null,
			reason: oneLine(`Nothing answered at that URL (${cause}).`),
			next: NEXT.unreachable,
			sent: describeCallback(kind, sent),
		};
	}
	const fallback = status >= 500 ? NEXT[500] : 'Read the reason above, then fire again.';
	return {
		status,
		reason: reasonFrom(status, body),
		next: status === 503 ? NEXT[503] : (NEXT[status] ?? fallback),
		sent: describeCallback(kind, sent),
	};
}

/** The answer for a request that names no URL or an unknown kind: what the route takes. */
function fireRefusal(reason, kinds) {
	return {
		status: null,
		reason: oneLine(reason),
		next: `POST {"url": "<the trigger's Test or Production URL>", "kind": "${kinds[0]}"}; kinds: ${kinds.join(', ')}.`,
	};
}

/** The answer as a person reads it on a terminal: three or four short lines. */
function fireAnswerText(answer) {
	return [
		answer.status === null || answer.status === undefined
			? `No answer: ${answer.reason}`
			: `${answer.status}: ${answer.reason}`,
		`What to do: ${answer.next}`,
		...(answer.sent ? [`Sent: ${answer.sent}`] : []),
	].join('\n');
}

module.exports = { fireAnswer, fireAnswerText, fireRefusal, reasonFrom };
