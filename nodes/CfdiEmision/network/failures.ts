/**
 * The one place that recognises low-level network failures (refused, DNS, timeout, reset, TLS,
 * body too large) and puts them into words. Transport, sign-in and the PDF download all use it,
 * so a failure reads the same wherever it happens. Words never carry the raw codes: n8n rewrites
 * messages that contain them into its own generic text.
 */

export type NetworkFailureKind =
	| 'refused'
	| 'dns'
	| 'unreachable'
	| 'timeout'
	| 'reset'
	| 'tls'
	| 'tooLarge'
	| 'cancelled'
	| 'other';

export interface NetworkFailure {
	kind: NetworkFailureKind;
	/** The code as Node or axios reports it (kept for logs and details, never shown in words). */
	code: string;
	/**
	 * True when the failure proves the request never reached the other side, so nothing can have
	 * happened there (refused, DNS, TLS handshake, a body refused before sending).
	 */
	neverArrived: boolean;
	/** A few plain words: "connection refused", "timed out". */
	reason: string;
}

const KIND_OF_CODE: Record<string, NetworkFailureKind> = {
	ECONNREFUSED: 'refused',
	ENOTFOUND: 'dns',
	EAI_AGAIN: 'dns',
	EHOSTUNREACH: 'unreachable',
	ENETUNREACH: 'unreachable',
	ERR_INVALID_URL: 'unreachable',
	ETIMEDOUT: 'timeout',
	ECONNABORTED: 'timeout',
	ESOCKETTIMEDOUT: 'timeout',
	ECONNRESET: 'reset',
	EPIPE: 'reset',
	ERR_BAD_RESPONSE: 'other',
	EPROTO: 'tls',
	CERT_HAS_EXPIRED: 'tls',
	DEPTH_ZERO_SELF_SIGNED_CERT: 'tls',
	SELF_SIGNED_CERT_IN_CHAIN: 'tls',
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls',
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'tls',
	ERR_TLS_CERT_ALTNAME_INVALID: 'tls',
	ERR_FR_MAX_BODY_LENGTH_EXCEEDED: 'tooLarge',
	ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED: 'tooLarge',
	ERR_CANCELED: 'cancelled',
};

/** Codes as they appear inside the messages n8n keeps when it wraps the original error. */
const CODE_IN_TEXT = new RegExp(`\\b(${Object.keys(KIND_OF_CODE).join('|')})\\b`);

/** Messages that carry no code (axios, Node's TLS layer, follow-redirects). */
const PHRASES: Array<[RegExp, string]> = [
	[/timeout of \d+ms exceeded/i, 'ETIMEDOUT'],
	[/socket hang up/i, 'ECONNRESET'],
	[/self[- ]signed certificate/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
	[/certificate has expired/i, 'CERT_HAS_EXPIRED'],
	[
		/unable to verify the first certificate|unable to get local issuer certificate/i,
		'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	],
	[/does not match certificate's altnames/i, 'ERR_TLS_CERT_ALTNAME_INVALID'],
	[/larger than maxBodyLength/i, 'ERR_FR_MAX_BODY_LENGTH_EXCEEDED'],
	[/^canceled$|aborted/i, 'ERR_CANCELED'],
];

const REASONS: Record<NetworkFailureKind, string> = {
	refused: 'connection refused',
	dns: 'host name not found',
	unreachable: 'host unreachable',
	timeout: 'timed out',
	reset: 'connection closed by the other side',
	tls: 'the secure connection failed: the server certificate could not be verified',
	tooLarge: 'the request body is too large',
	cancelled: 'cancelled',
	other: 'network error',
};

const NEVER_ARRIVED: ReadonlySet<NetworkFailureKind> = new Set([
	'refused',
	'dns',
	'unreachable',
	'tls',
	'tooLarge',
]);

function codeOf(text: string): string | undefined {
	return CODE_IN_TEXT.exec(text)?.[1] ?? PHRASES.find(([pattern]) => pattern.test(text))?.[1];
}

function failureOf(code: string): NetworkFailure {
	const kind = KIND_OF_CODE[code] ?? 'other';
	return { kind, code, neverArrived: NEVER_ARRIVED.has(kind), reason: REASONS[kind] };
}

/**
 * The network failure behind an error, if it is one: reads the error's own code, its cause, and
 * the messages n8n keeps when it wraps the original error (NodeApiError drops the error itself).
 */
export function readNetworkFailure(error: unknown): NetworkFailure | undefined {
	const wrapped = (error ?? {}) as {
		code?: unknown;
		message?: unknown;
		messages?: unknown;
		cause?: { code?: unknown };
	};
	// Request helpers set a code only for network failures; an unknown one is worded generically.
	if (typeof wrapped.code === 'string' && wrapped.code) return failureOf(wrapped.code);
	if (typeof wrapped.cause?.code === 'string' && wrapped.cause.code in KIND_OF_CODE)
		return failureOf(wrapped.cause.code);
	const texts = [
		...(Array.isArray(wrapped.messages) ? wrapped.messages.map(String) : []),
		String(wrapped.message ?? ''),
	];
	const code = texts.map(codeOf).find(Boolean);
	return code ? failureOf(code) : undefined;
}

/** An error that carried no code at all: nothing came back, without a reason. */
export const NO_ANSWER_REASON = 'no answer';

/** What the user should check or do for each kind of failure, in one sentence. */
function adviceFor(failure: NetworkFailure, where: string, nodeOptionsApply: boolean): string {
	switch (failure.kind) {
		case 'tls':
			return `Check that ${where} presents a valid certificate for its host name.${nodeOptionsApply ? ' For a test host whose certificate is not trusted, turn on the node option "Ignore SSL Issues (Insecure)".' : ''}`;
		case 'tooLarge':
			return 'Send a smaller request.';
		default:
			return '';
	}
}

/** The transport's sentence for a call to the issuing API that failed on the network. */
export function describeServiceFailure(failure: NetworkFailure): string {
	const sentence = failure.neverArrived
		? `The service could not be reached (${failure.reason}).`
		: `No answer from the service (${failure.reason}).`;
	return [sentence, adviceFor(failure, 'the issuing API', true)].filter(Boolean).join(' ');
}

/** Sign-in's sentence when the token service could not be reached. */
export function describeTokenServiceFailure(
	failure: NetworkFailure | undefined,
	url: string,
): string {
	const reason = failure?.reason ?? NO_ANSWER_REASON;
	const advice = failure ? adviceFor(failure, 'the token service', false) : '';
	return [
		`Could not reach the token service at ${url} (${reason}). Check the credential's environment or Auth URL and the network.`,
		advice,
	]
		.filter(Boolean)
		.join(' ');
}

/** The PDF download's phrase when the storage host could not be reached or did not answer. */
export function describeDownloadFailure(failure: NetworkFailure | undefined, host: string): string {
	return `the PDF download from the storage host ${host} failed (${failure?.reason ?? NO_ANSWER_REASON})`;
}

/**
 * What to do when the PDF download failed: the file lives on the storage host the link names, not
 * on the issuing API, so the credential's URLs are never the cause; a download changes nothing.
 */
export function describeDownloadAdvice(failure: NetworkFailure | undefined, host: string): string {
	const where = `The service gave the link; the file is served by ${host}, which the node reaches without the credential, so the credential's Base URL plays no part. Nothing was changed anywhere: a download only reads.`;
	const what =
		failure?.kind === 'tls'
			? adviceFor(failure, host, true)
			: failure?.kind === 'timeout'
				? 'Run the item again for a fresh link, or raise the node option "Timeout (Ms)" for a slow storage host.'
				: `Run the item again for a fresh link; if it keeps failing, check that n8n can reach ${host} (DNS, firewall, proxy).`;
	return `${where} ${what}`;
}

/** HTTP 413: the other side refused the body as too large (it processed nothing). */
export const PAYLOAD_TOO_LARGE_STATUS = 413;

/** Words for an HTTP 413 answer, so it reads like the network-level "too large" above. */
export function describePayloadTooLarge(): string {
	return 'The request body is too large for the service (HTTP 413), so nothing was processed. Send a smaller request (fewer lines or shorter texts).';
}
