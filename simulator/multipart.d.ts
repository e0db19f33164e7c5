export function parseMultipart(buffer: Buffer, contentType: string): Record<string, string>;
export function parseBody(
	buffer: Buffer,
	contentType?: string,
): { fields: Record<string, string>; kind: string };
export function buildMultipart(fields: Record<string, string>): {
	body: Buffer;
	contentType: string;
};
