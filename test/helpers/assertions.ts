import type { SimulatorInstance as Simulator } from '../fixtures/simulator';

/** The one request the simulator received, asserting it is a multipart v1 call with the wallet headers. */
export function onlyRequest(sim: Simulator, keys: { apiKey: string; apiPassword: string }) {
	expect(sim.requests).toHaveLength(1);
	const [request] = sim.requests;
	expect(request.method).toBe('POST');
	expect(request.headers['x-api-key']).toBe(keys.apiKey);
	expect(request.headers['x-api-password']).toBe(keys.apiPassword);
	return request;
}

export function expectMultipart(request: { contentType: string; bodyKind?: string }) {
	expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
	expect(request.bodyKind).toBe('multipart/form-data');
}

/** Fails when any of the secrets appears anywhere in what the user or a log could see. */
export function expectNoSecrets(value: unknown, secrets: string[]) {
	const seen = [
		value,
		value instanceof Error ? { message: value.message, stack: value.stack } : undefined,
	];
	const text = JSON.stringify(seen, (_key, inner) =>
		inner instanceof Error ? { ...inner, message: inner.message, stack: inner.stack } : inner,
	);
	for (const secret of secrets) expect(text).not.toContain(secret);
}
