// Where a CoinRemitter credential's keys may go: CoinRemitter's own HTTPS hosts, or a simulator on
// the same machine. Written in code, not in the credential: whoever can edit a credential must not
// be able to send its keys elsewhere.

/** CoinRemitter's hosts: coinremitter.com and its subdomains (api.coinremitter.com), over HTTPS. */
const COINREMITTER_DOMAIN = 'coinremitter.com';
/** A simulator on this machine, or on the machine of n8n's Docker container. */
const LOCAL_HOSTS = new Set(['localhost', '[::1]', 'host.docker.internal']);
const LOOPBACK_IPV4 = /^127(\.\d{1,3}){3}$/;

export const ALLOWED_HOSTS_IN_WORDS =
	'https://api.coinremitter.com (v1), https://coinremitter.com (legacy), or a simulator on this machine (http://localhost, http://127.0.0.1, http://host.docker.internal, any port)';

const isCoinRemitterHost = (hostname: string) =>
	hostname === COINREMITTER_DOMAIN || hostname.endsWith(`.${COINREMITTER_DOMAIN}`);

const isLocal = (hostname: string) => LOCAL_HOSTS.has(hostname) || LOOPBACK_IPV4.test(hostname);

/** Why the keys may not be sent to `url`, or undefined when they may. */
export function hostProblem(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `"${url.slice(0, 200)}" is not a URL`;
	}
	const { protocol, hostname, port, username, password } = parsed;
	if (username || password) return 'a URL with a user name or password in it is not allowed';
	if (isLocal(hostname) && (protocol === 'http:' || protocol === 'https:')) return undefined;
	if (isCoinRemitterHost(hostname) && protocol === 'https:' && (port === '' || port === '443'))
		return undefined;
	return `${parsed.origin} is not CoinRemitter's: the keys go only to ${ALLOWED_HOSTS_IN_WORDS}`;
}
