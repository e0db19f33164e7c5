// Verifying a callback with the API, by job: waiting for the wallet's rate limit (patience.ts),
// looking the record up (lookup.ts), telling the wallet's identity (wallet.ts).
export {
	credentialsOnNode,
	DEFAULT_VERIFICATION_WAIT_S,
	verifyPatiently,
	withCallbackCredential,
} from './patience';
export type { Verification } from './common';
export { verifyCallback } from './lookup';
