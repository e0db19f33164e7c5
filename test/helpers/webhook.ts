/* eslint-disable @n8n/community-nodes/no-restricted-imports -- Jest test code, never loaded by n8n: Node built-ins are fine here */
// Drives the trigger's webhook() with an IWebhookFunctions built for the test: the body shaped the
// way n8n 1.x hands it to trigger nodes, and API calls made for real (n8n-core's httpRequest,
// credentials applied like n8n's server) against the simulator.
import { parse as parseQuery } from 'node:querystring';
import { httpRequest } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { sleepWithAbort } from 'n8n-workflow';

import { CoinRemitterTrigger } from '../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';
import { deliveryMemoryBounds } from '../../nodes/CoinRemitterTrigger/dedupe';
import { parseMultipart } from '../../simulator/multipart';
import { encodeCallback } from '../../simulator/callbacks';
import { credentialTypes } from './engine';
import { savedRow, TRIGGER, workflowOf } from './workflowRow';

export interface EncodedCallback {
	body: Buffer;
	contentType: string;
}

/** The body as n8n 1.x gives it to a trigger: multipart as { data, files }, urlencoded via querystring, JSON parsed with the raw body kept. */
export function asN8nRequest({ body, contentType }: EncodedCallback) {
	const type = contentType.split(';')[0];
	if (type === 'multipart/form-data')
		return { body: { data: parseMultipart(body, contentType), files: {} }, contentType: type };
	if (type === 'application/x-www-form-urlencoded')
		return { body: parseQuery(body.toString('utf8')) as IDataObject, contentType: type };
	let parsed: IDataObject = {};
	try {
		parsed = JSON.parse(body.toString('utf8')) as IDataObject;
	} catch {
		// n8n itself answers 422 here; the node must still cope with whatever body it is handed.
	}
	return { body: parsed, rawBody: body, contentType: type };
}

/** Resolves the `={{$credentials.x}}` values of a generic credential. */
function resolveGeneric(value: string, credentials: ICredentialDataDecryptedObject): string {
	return value.replace(/^=\{\{\s*\$credentials\.(\w+)\s*\}\}$/, (_match, name: string) =>
		String(credentials[name] ?? ''),
	);
}

async function authenticate(
	type: string,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
) {
	const credentialType = credentialTypes[type];
	if (typeof credentialType.authenticate === 'function')
		return await credentialType.authenticate(credentials, options);
	const headers = { ...(options.headers ?? {}) } as IDataObject;
	const generic = credentialType.authenticate?.properties.headers ?? {};
	for (const [name, value] of Object.entries(generic))
		headers[name] = resolveGeneric(String(value), credentials);
	return { ...options, headers };
}

export interface WebhookCall {
	parameters?: IDataObject;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	staticData?: IDataObject;
	query?: IDataObject;
	workflowId?: string;
	/** The trigger's typeVersion (default 1, as saved workflows of the first release have it). */
	typeVersion?: number;
	/** Called as webhook() returns, before an answer the node holds (where n8n saves the static data). */
	onReturn?: (response: IWebhookResponseData) => void;
	/** Counts n8n's reads of the node's credentials, by type. */
	credentialReads?: Record<string, number>;
}

export interface WebhookResult {
	status: number;
	body: unknown;
	items: IDataObject[];
	response: IWebhookResponseData;
	/** When the sender got its answer (Date.now()). */
	answeredAt: number;
	/** Headers the trigger set on its answer, names in lower case. */
	headers: Record<string, string>;
}

const trigger = new CoinRemitterTrigger();

/** Every line the trigger wrote to n8n's logger, across calls (tests read and clear it). */
export const loggedLines: string[] = [];

const rows = new Map<string, string>();

/**
 * The workflow's static data as n8n 1.x handles it for a webhook request, where the test gives none:
 * loaded from the workflow's row, written back whole after webhook() returns if it changed.
 */
function rowOf(workflowId: string) {
	const workflow = workflowOf(JSON.parse(rows.get(workflowId) ?? '{}') as IDataObject);
	const save = (response: IWebhookResponseData) => {
		const saved = savedRow(workflow, response);
		if (saved !== undefined) rows.set(workflowId, saved);
	};
	return { staticData: workflow.getStaticData('node', TRIGGER), save };
}

/** An answer the node holds comes within maxPaceMs, or the test fails saying so. */
async function answeredWithin(answered: Promise<void>) {
	const stop = new AbortController();
	const lost = sleepWithAbort(deliveryMemoryBounds.maxPaceMs + 2_000, stop.signal).then(
		() => {
			throw new Error('the node returned without answering, and never answered');
		},
		() => {}, // stopped: answered
	);
	try {
		await Promise.race([answered, lost]);
	} finally {
		stop.abort();
	}
}

/** Calls webhook() once with the encoded callback; returns what the sender and the workflow would get. */
export async function callWebhook(
	encoded: EncodedCallback,
	call: WebhookCall = {},
): Promise<WebhookResult> {
	const request = asN8nRequest(encoded);
	const credentials = call.credentials ?? {};
	const parameters: IDataObject = {
		events: ['deposit', 'withdrawal', 'invoice', 'widgetOrder'],
		options: {},
		...call.parameters,
	};
	// Each call is its own workflow unless the test says otherwise, so process-wide memory does not leak between tests.
	const workflowId = call.workflowId ?? `wf-${Math.random().toString(36).slice(2)}`;
	const row = call.staticData ? undefined : rowOf(workflowId);
	const staticData = call.staticData ?? row!.staticData;
	const sent: { status?: number; body?: unknown; at?: number; headers?: Record<string, string> } =
		{};
	let answerSent = () => {};
	const answered = new Promise<void>((resolve) => (answerSent = resolve));
	const response = {
		status(code: number) {
			sent.status = code;
			sent.at = Date.now();
			return response;
		},
		json(body: unknown) {
			// As Express: a second answer throws.
			if (response.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT: answered twice');
			sent.body = body;
			answerSent();
			return response;
		},
		get headersSent() {
			return sent.body !== undefined;
		},
		setHeader(name: string, value: string) {
			sent.headers = { ...sent.headers, [name.toLowerCase()]: value };
			return response;
		},
	};
	const log = (level: string) => (message: string) => loggedLines.push(`${level}: ${message}`);
	const context = {
		logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
		getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		getBodyData: () => request.body,
		getRequestObject: () => ({
			headers: { 'content-type': request.contentType },
			rawBody: request.rawBody,
		}),
		getResponseObject: () => response,
		getQueryData: () => call.query ?? {},
		getWorkflowStaticData: () => staticData,
		getWorkflow: () => ({ id: workflowId, active: true }),
		getNode: () => ({
			id: 'trigger-node',
			name: 'CoinRemitter Trigger',
			type: 'n8n-nodes-coinremitter.coinRemitterTrigger',
			typeVersion: call.typeVersion ?? 1,
			position: [0, 0],
			parameters,
			credentials: Object.fromEntries(
				Object.keys(credentials).map((type) => [type, { id: type, name: type }]),
			),
		}),
		getCredentials: async (type: string) => {
			if (call.credentialReads) call.credentialReads[type] = (call.credentialReads[type] ?? 0) + 1;
			if (!credentials[type]) throw new Error(`no ${type} credential`);
			return credentials[type];
		},
		helpers: {
			httpRequest: async (options: IHttpRequestOptions) => await httpRequest(options),
			// As n8n-core does: the credential data the node hands over, else the node's credential as read.
			httpRequestWithAuthentication: async (
				type: string,
				options: IHttpRequestOptions,
				additional?: { credentialsDecrypted?: { data?: ICredentialDataDecryptedObject } },
			) =>
				await httpRequest(
					await authenticate(
						type,
						additional?.credentialsDecrypted?.data ?? structuredClone(credentials[type]),
						options,
					),
				),
		},
	} as unknown as IWebhookFunctions;

	const result = await trigger.webhook.call(context);
	call.onReturn?.(result);
	row?.save(result);
	// The node may hold its answer after webhook() has returned (n8n 1.x, while n8n's writes are behind).
	if (result.noWebhookResponse === true && sent.status === undefined)
		await answeredWithin(answered);
	const items = (result.workflowData?.[0] ?? []).map((item) => item.json);
	// Answered by the node itself, or (a run started) by n8n with the node's webhookResponse and
	// the webhook's response code, 200; never both.
	const byN8n = result.webhookResponse !== undefined;
	expect(result.noWebhookResponse === true).toBe(!byN8n);
	if (byN8n) expect(sent.status).toBeUndefined();
	return {
		status: sent.status ?? (byN8n ? 200 : 0),
		body: sent.body ?? result.webhookResponse,
		items,
		response: result,
		answeredAt: sent.at ?? (byN8n ? Date.now() : 0),
		headers: sent.headers ?? {},
	};
}

export function encode(
	payload: object,
	encoding: 'multipart' | 'urlencoded' | 'json' = 'multipart',
	nested: 'json' | 'brackets' = 'json',
) {
	return encodeCallback(payload, { encoding, nested }) as EncodedCallback;
}

/** Raw bytes with a content type, for malformed bodies. */
export function rawBody(text: string, contentType: string): EncodedCallback {
	return { body: Buffer.from(text), contentType };
}
