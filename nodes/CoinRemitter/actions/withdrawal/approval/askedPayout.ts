import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiVersion } from '../../../../shared/client';
import { credentialTypeOf } from '../../../../shared/client';
import { credentialsOf } from '../../../../shared/client/credentials';
import { walletOf } from '../guardrails';
import type { Approval } from './approvers';

// A payout waiting for a person, as Withdrawal → Create recorded it and showed it: the item on the
// "Ask a Person" output. It carries a seal, an HMAC of the payout under a key derived from the
// wallet's own API key and password (which never leave n8n), so that Withdrawal → Send Approved on
// the same wallet sends exactly the payout shown, and refuses one changed since, or made up.

export interface AskedPayout {
	payoutKey: string;
	address: string;
	amount: string;
	coin: string;
	walletName: string;
	/** Empty: the wallet's default speed (v1 only). */
	withdrawalSpeed: string;
	api: ApiVersion;
	/** Who may approve (user ids or emails), as Ask a Person had it at the ask; empty: anyone. */
	approvers: string[];
	/** How many different people must approve: 2 above Ask a Person's Two People Above. */
	approvalsNeeded: 1 | 2;
	/** The approvals given so far: one, on its way to the second person. */
	approvals: Approval[];
}

/** The fields of an asked payout item that the seal covers, in the order they are sealed. */
const SEALED = ['payoutKey', 'address', 'amount', 'coin', 'withdrawalSpeed', 'api'] as const;
/** v1: the fields above (0.2.0, anyone, one approval); v2: also who may approve and who did. */
const SEAL_VERSION = 'v2';
type SealVersion = 'v1' | 'v2';

const sealedText = (wallet: string, payout: AskedPayout, version: SealVersion) =>
	JSON.stringify([
		version,
		wallet,
		...SEALED.map((name) => payout[name]),
		...(version === 'v2' ? [payout.approvers, payout.approvalsNeeded, payout.approvals] : []),
	]);

async function sealKey(context: IExecuteFunctions, api: ApiVersion, itemIndex: number) {
	const credentials = await credentialsOf(context, credentialTypeOf(api), itemIndex);
	const password = api === 'v1' ? credentials.apiPassword : credentials.password;
	return createHmac('sha256', 'n8n-nodes-coinremitter approval seal')
		.update(`${String(credentials.apiKey ?? '')}\n${String(password ?? '')}`)
		.digest();
}

async function sealOf(
	context: IExecuteFunctions,
	payout: AskedPayout,
	itemIndex: number,
	version: SealVersion = SEAL_VERSION,
): Promise<string> {
	const wallet = walletOf(context, credentialTypeOf(payout.api));
	const mac = createHmac('sha256', await sealKey(context, payout.api, itemIndex))
		.update(sealedText(wallet, payout, version))
		.digest('base64url');
	return `${version}.${mac}`;
}

/** The item of a payout asked about: the payout, its seal, why it needs a person and the message. */
export async function askedPayoutItem(
	context: IExecuteFunctions,
	payout: AskedPayout,
	itemIndex: number,
	fields: { reason: string; message: string },
): Promise<IDataObject> {
	return {
		status: 'waitingForPerson',
		payoutKey: payout.payoutKey,
		address: payout.address,
		amount: payout.amount,
		coin: payout.coin,
		walletName: payout.walletName,
		withdrawalSpeed: payout.withdrawalSpeed,
		api: payout.api,
		approvers: payout.approvers,
		approvalsNeeded: payout.approvalsNeeded,
		approvals: payout.approvals as unknown as IDataObject[],
		reason: fields.reason,
		message: fields.message,
		seal: await sealOf(context, payout, itemIndex),
	};
}

/** True when `json` has the shape of an asked payout item (its seal not checked). */
export function looksAsked(json: IDataObject): boolean {
	return (
		json.status === 'waitingForPerson' &&
		typeof json.seal === 'string' &&
		SEALED.every((name) => typeof json[name] === 'string')
	);
}

/** Who may approve and who did, as a v2 item carries them (checked by the seal after). */
function approvalFields(
	json: IDataObject,
): Pick<AskedPayout, 'approvers' | 'approvalsNeeded' | 'approvals'> {
	const list = (value: unknown) => (Array.isArray(value) ? value : []);
	return {
		approvers: list(json.approvers).map(String),
		approvalsNeeded: json.approvalsNeeded === 2 ? 2 : 1,
		approvals: list(json.approvals) as Approval[],
	};
}

/**
 * The asked payout in `json` if its seal is the one this wallet gives it (the same payout asked
 * about with this node's credential); undefined otherwise.
 */
export async function unsealed(
	context: IExecuteFunctions,
	json: IDataObject,
	itemIndex: number,
): Promise<AskedPayout | undefined> {
	if (!looksAsked(json) || (json.api !== 'v1' && json.api !== 'legacy')) return undefined;
	const version: SealVersion = String(json.seal).startsWith('v1.') ? 'v1' : 'v2';
	const payout: AskedPayout = {
		payoutKey: String(json.payoutKey),
		address: String(json.address),
		amount: String(json.amount),
		coin: String(json.coin),
		walletName: typeof json.walletName === 'string' ? json.walletName : '',
		withdrawalSpeed: String(json.withdrawalSpeed),
		api: json.api,
		...(version === 'v1'
			? { approvers: [], approvalsNeeded: 1, approvals: [] }
			: approvalFields(json)),
	};
	const expected = Buffer.from(await sealOf(context, payout, itemIndex, version));
	const given = Buffer.from(String(json.seal));
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
	return payout;
}
