// Verifying a callback with the API, by job: within the sender's wait or acknowledged and in the
// background (waitOrAcknowledge.ts), looking the record up (lookup.ts; a v1 deposit among its
// address's transactions: byAddress.ts, addressList.ts), telling the wallet's identity (wallet.ts).
// The reads go through apiRead.ts to the client; what is remembered between callbacks is in
// ../memory (data only). What a sender hears: answers.ts.
export {
	credentialsOnNode,
	DEFAULT_VERIFICATION_WAIT_S,
	verifyPatiently,
	withCallbackCredential,
} from './waitOrAcknowledge';
export type { Verification } from './answers';
export { verifyCallback } from './lookup';
