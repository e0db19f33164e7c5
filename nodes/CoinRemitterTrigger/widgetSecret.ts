import { createHash, timingSafeEqual } from 'crypto';
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
	IWebhookFunctions,
} from 'n8n-workflow';

import { MIN_WIDGET_SECRET_LENGTH } from '../shared/widgetSecret';
import { refuse } from './rejection';

export { MIN_WIDGET_SECRET_LENGTH } from '../shared/widgetSecret';

// Widget orders cannot be looked up with the API: a secret at the end of the widget's callback URL
// (?secret=…) is all that tells a widget's order from a forged one. From typeVersion 3 it lives in a
// credential (CoinRemitter Widget Secret) and widget orders start nothing without it; typeVersions
// 1 and 2 keep the optional Widget Secret option of their saved workflows.

export const WIDGET_SECRET_CREDENTIAL = 'coinRemitterWidgetApi';
/** Characters that survive a URL's query string unchanged. */
const SECRET_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** Why `secret` cannot guard widget orders, or undefined when it can. */
export function secretProblem(secret: unknown): string | undefined {
	if (typeof secret !== 'string' || secret.length < MIN_WIDGET_SECRET_LENGTH)
		return `The widget secret must be at least ${MIN_WIDGET_SECRET_LENGTH} characters long`;
	if (!SECRET_CHARACTERS.test(secret))
		return 'The widget secret may hold only letters, digits, "-" and "_" (it goes in a URL)';
	return undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Refuses (401) a callback whose `?secret=` is not `secret`, comparing in constant time. */
function checkGiven(context: IWebhookFunctions, secret: string) {
	const given = (context.getQueryData() as IDataObject).secret;
	if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(secret)))
		throw refuse(401, 'The widget secret is missing or wrong');
}

/**
 * Checks a widget order's secret; the item's `verification` when it passes. typeVersion 3 and
 * later: no secret credential, or a weak one, means widget orders are off (403).
 */
export async function checkWidgetSecret(
	context: IWebhookFunctions,
	optionSecret: string | undefined,
): Promise<string> {
	const passed =
		'Not verified with the API (widget orders cannot be looked up); the widget secret matched';
	if (context.getNode().typeVersion < 3) {
		if (!optionSecret)
			return 'NOT verified: widget orders cannot be looked up and no Widget Secret is set, so anyone who knows this URL can send one';
		checkGiven(context, optionSecret);
		return passed;
	}
	if (!context.getNode().credentials?.[WIDGET_SECRET_CREDENTIAL])
		throw refuse(
			403,
			'Widget orders are off: this trigger has no CoinRemitter Widget API credential',
		);
	const { secret } = await context.getCredentials(WIDGET_SECRET_CREDENTIAL);
	const problem = secretProblem(secret);
	if (problem) throw refuse(403, `Widget orders are off: ${problem}`);
	checkGiven(context, secret as string);
	return passed;
}

/** The Widget Secret credential's test (the trigger's `testedBy`): its length and characters. */
export async function testWidgetSecret(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const problem = secretProblem(credential.data?.secret);
	return problem
		? { status: 'Error', message: problem }
		: { status: 'OK', message: 'The secret can guard widget orders' };
}
