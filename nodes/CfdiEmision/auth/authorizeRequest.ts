import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { expandUrlTemplate, isServiceUrl, resolveEndpoints } from './endpoints';
import { sessionFingerprint } from './secrets';

/**
 * Request option set by the node after the API answered 401: sessions that started before this
 * time are known to be rejected, so sign in again (through n8n's 401 path) before resending.
 */
export const REJECT_SESSIONS_BEFORE = 'cfdiRejectSessionsBefore';

/**
 * Set by `authenticate` on the request the node handed over: when the session it signed with
 * started. After a 401 the node rejects exactly that session (and older ones), not a newer one that
 * another item saved in the meantime.
 */
export const SIGNED_WITH_SESSION = 'cfdiSignedWithSession';

export type AuthorizableRequest = IHttpRequestOptions & {
	[REJECT_SESSIONS_BEFORE]?: number;
	[SIGNED_WITH_SESSION]?: number;
};

/**
 * Thrown from `authenticate` when the stored session cannot be used (expired, or the credential
 * was edited to another account). n8n's request helpers treat a 401 as "run preAuthentication
 * again and retry once", which is exactly what is needed, and nothing was sent yet.
 */
export class StaleSessionError extends Error {
	readonly response = { status: 401 };

	constructor(reason: string) {
		super(`The stored CFDI session cannot be used (${reason}); signing in again.`);
		this.name = 'StaleSessionError';
	}
}

function headerlessCopy(requestOptions: IHttpRequestOptions): IHttpRequestOptions {
	const headers = { ...(requestOptions.headers ?? {}) };
	for (const name of Object.keys(headers)) {
		if (name.toLowerCase() === 'authorization') delete headers[name];
	}
	return { ...requestOptions, headers };
}

/**
 * The credential's `authenticate`: expands the URL placeholders with the configured hosts and the
 * account's issuer id, and adds the bearer token only when the request goes to the configured
 * token service or issuing API.
 */
export async function authorizeRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const endpoints = resolveEndpoints(credentials);
	const url = expandUrlTemplate(
		requestOptions.baseURL
			? requestOptions.baseURL.replace(/\/+$/, '') + requestOptions.url
			: requestOptions.url,
		endpoints,
		String(credentials.emisorId ?? ''),
	);
	const rejectBefore = Number((requestOptions as AuthorizableRequest)[REJECT_SESSIONS_BEFORE] ?? 0);
	const options: AuthorizableRequest = { ...headerlessCopy(requestOptions), url };
	delete options.baseURL;
	delete options[REJECT_SESSIONS_BEFORE];
	delete options[SIGNED_WITH_SESSION];
	if (!isServiceUrl(url, endpoints)) {
		// Never hand the bearer token to a host the user did not configure (e.g. a PDF storage link).
		return options;
	}

	const accessToken = String(credentials.accessToken ?? '');
	if (!accessToken) throw new StaleSessionError('no access token');
	if (
		credentials.sessionFingerprint !==
		sessionFingerprint(credentials, endpoints.authUrl, endpoints.baseUrl)
	) {
		throw new StaleSessionError('the credential now points at another account or environment');
	}
	const expiresAt = Number(credentials.sessionExpiresAt ?? 0);
	if (expiresAt && Date.now() > expiresAt) {
		throw new StaleSessionError('the access token has expired');
	}
	if (rejectBefore && Number(credentials.sessionStartedAt ?? 0) <= rejectBefore) {
		throw new StaleSessionError('the service rejected the access token');
	}
	(requestOptions as AuthorizableRequest)[SIGNED_WITH_SESSION] = Number(
		credentials.sessionStartedAt ?? 0,
	);
	return {
		...options,
		// A redirect must not carry the token to another origin; a signed request follows none by itself
		// (the node's transport follows same-origin ones, see network/redirects.ts).
		sendCredentialsOnCrossOriginRedirect: false,
		disableFollowRedirect: true,
		headers: { ...options.headers, Authorization: `Bearer ${accessToken}` },
	};
}
