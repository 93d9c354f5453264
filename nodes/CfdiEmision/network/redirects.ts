/**
 * Redirects on the calls to the issuing API and the token service: followed only within the same
 * origin (scheme, host and port), so a request and its credentials stay on the hosts the
 * credential names, and only their answers count. Worded here like every other failure.
 */
/** Statuses that send a request elsewhere (with a Location header). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Whether an answer's status sends the request elsewhere (readRedirect reads no other). */
export function isRedirectStatus(status: number): boolean {
	return REDIRECT_STATUSES.has(status);
}

/** How many redirects within one host a request follows before it is an error. */
export const MAX_SAME_ORIGIN_REDIRECTS = 5;

/** A redirect answer: where it came from and where it points (scheme, host and port are the origin). */
export interface Redirect {
	status: number;
	/** The URL that answered. */
	from: URL;
	/** The Location, resolved against `from`. */
	to: URL;
	/** Same scheme, host and port: the only redirects a request to the service follows. */
	sameOrigin: boolean;
}

/** The redirect an answer carries, if it is one with a usable Location. */
export function readRedirect(
	status: number,
	headers: Record<string, unknown> | undefined,
	requestUrl: string,
): Redirect | undefined {
	if (!REDIRECT_STATUSES.has(status)) return undefined;
	const location = Object.entries(headers ?? {}).find(
		([name]) => name.toLowerCase() === 'location',
	)?.[1];
	const text = Array.isArray(location)
		? String(location[0] ?? '')
		: typeof location === 'string'
			? location
			: '';
	if (!text || !URL.canParse(requestUrl)) return undefined;
	const from = new URL(requestUrl);
	if (!URL.canParse(text, from.href)) return undefined;
	const to = new URL(text, from);
	return { status, from, to, sameOrigin: to.origin === from.origin };
}

/**
 * The method a followed redirect uses, as browsers and HTTP clients do: 307 and 308 repeat the
 * request as it was; 303 (and 301/302 after a POST) fetch the new place with GET, without a body.
 */
export function methodAfterRedirect(
	method: string,
	status: number,
): { method: string; keepsBody: boolean } {
	const upper = method.toUpperCase();
	if (status === 307 || status === 308) return { method: upper, keepsBody: true };
	if (status === 303 ? upper !== 'HEAD' : upper === 'POST')
		return { method: 'GET', keepsBody: false };
	return { method: upper, keepsBody: true };
}

/** The origin alone (scheme, host, port): what a redirect message names, never a path or query. */
function originOf(url: URL): string {
	return url.protocol === 'http:' || url.protocol === 'https:'
		? url.origin
		: `${url.protocol}//${url.host}`;
}

/** The sentence for a redirect to another origin, which is never followed. */
export function describeCrossOriginRedirect(
	redirect: Redirect,
	service: RedirectingService,
): string {
	return `${service} at ${originOf(redirect.from)} answered with a redirect (HTTP ${redirect.status}) to another host, ${originOf(redirect.to)}. The node does not follow redirects away from the configured host.`;
}

/** What a refused cross-origin redirect left behind, and what to check. */
export function describeRedirectAdvice(
	redirect: Redirect,
	credentialField: 'Base URL' | 'Auth URL',
): string {
	return `Nothing was sent to ${redirect.to.host || originOf(redirect.to)}, so nothing was stamped, sent or changed there, and no answer from it counts. ${redirect.from.host} answered with the redirect instead of processing the request. Check the credential's ${credentialField} (Environment Custom): enter the address of the service itself, with the scheme (https://) it answers on.`;
}

/** The sentence when a host keeps redirecting to itself. */
export function describeRedirectLoop(redirect: Redirect, service: RedirectingService): string {
	return `${service} at ${originOf(redirect.from)} redirected the request more than ${MAX_SAME_ORIGIN_REDIRECTS} times.`;
}

export function describeRedirectLoopAdvice(credentialField: 'Base URL' | 'Auth URL'): string {
	return `Every answer was a redirect, not a result, so the request was not processed. Check the credential's ${credentialField} (Environment Custom) and API path style.`;
}

/** The error words of a refused redirect (see sendWithinOrigin), for the issuing API or the token service. */
export function describeRefusedRedirect(
	redirect: Redirect,
	loop: boolean,
	service: RedirectingService,
): { message: string; advice: string } {
	const field = service === 'the token service' ? 'Auth URL' : 'Base URL';
	return loop
		? {
				message: describeRedirectLoop(redirect, service),
				advice: describeRedirectLoopAdvice(field),
			}
		: {
				message: describeCrossOriginRedirect(redirect, service),
				advice: describeRedirectAdvice(redirect, field),
			};
}

export type RedirectingService = 'the issuing API' | 'the token service';

/** One hop of a request: where it goes and how (after a 303 a POST becomes a GET without body). */
export interface RequestHop {
	url: string;
	method: string;
	keepsBody: boolean;
	/** The original request (its URL may still be a template the credential fills in). */
	first: boolean;
}

/**
 * Sends a request with the client's own redirect following off, and follows a redirect only when
 * it stays on the same origin. `absoluteUrl` gives the full URL of the first hop (called only when
 * a redirect arrives); `refuse` builds the error for a redirect elsewhere or a loop.
 */
export async function sendWithinOrigin<R extends { statusCode: number; headers?: object }>(
	first: { url: string; method: string },
	send: (hop: RequestHop) => Promise<R>,
	absoluteUrl: (url: string) => Promise<string>,
	refuse: (redirect: Redirect, loop: boolean) => Error,
): Promise<R> {
	let hop: RequestHop = {
		url: first.url,
		method: first.method.toUpperCase(),
		keepsBody: true,
		first: true,
	};
	for (let hops = 0; ; hops++) {
		const response = await send(hop);
		if (!REDIRECT_STATUSES.has(response.statusCode)) return response;
		const redirect = readRedirect(
			response.statusCode,
			response.headers as Record<string, unknown>,
			hop.first ? await absoluteUrl(hop.url) : hop.url,
		);
		if (!redirect) return response;
		if (!redirect.sameOrigin) throw refuse(redirect, false);
		if (hops >= MAX_SAME_ORIGIN_REDIRECTS) throw refuse(redirect, true);
		const next = methodAfterRedirect(hop.method, redirect.status);
		hop = {
			url: redirect.to.href,
			method: next.method,
			keepsBody: hop.keepsBody && next.keepsBody,
			first: false,
		};
	}
}
