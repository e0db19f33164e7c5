/** A callback we refuse: answered with `status` and a short reason, and no execution starts. */
export class CallbackRejection extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

/** A rejection answered with `status` (4xx, or 503 when it is worth retrying later). */
export const refuse = (status: number, reason: string) => new CallbackRejection(status, reason);
