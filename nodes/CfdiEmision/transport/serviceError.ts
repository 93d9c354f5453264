/**
 * What went wrong on one call to the service, classified for the decisions that matter:
 * may it be retried, and could the service have acted on the request anyway.
 */
export type FailureKind =
	/** The service answered with an HTTP error status. */
	| 'http'
	/** The request never reached the service (connection refused, DNS): nothing happened there. */
	| 'unreachable'
	/** No answer in time, or the connection broke mid-way: the service may have acted. */
	| 'ambiguous'
	/** Signing in failed (token service or user-info). */
	| 'auth'
	/** The service answered 200 with something that is not what the spec promises. */
	| 'malformed'
	/**
	 * The configured host answered with a redirect to another origin (or kept redirecting): the
	 * request was not sent on, and a redirect is not a result.
	 */
	| 'redirect';

export class ServiceCallError extends Error {
	constructor(
		message: string,
		readonly kind: FailureKind,
		readonly details: {
			status?: number;
			body?: unknown;
			code?: string;
			url?: string;
			advice?: string;
		} = {},
	) {
		super(message);
		this.name = 'ServiceCallError';
	}

	/** HTTP 429: the service would not take the request now, so nothing was done and it may go again. */
	get rateLimited(): boolean {
		return this.kind === 'http' && this.details.status === 429;
	}

	/** Whether the service may have processed the request although no success was seen. */
	get mayHaveTakenEffect(): boolean {
		return this.kind === 'ambiguous' || (this.kind === 'http' && (this.details.status ?? 0) >= 500);
	}
}
