import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { describeTokenServiceFailure, readNetworkFailure } from '../network/failures';
import { describeRefusedRedirect, sendWithinOrigin } from '../network/redirects';
import { resolveEndpoints, type ServiceEndpoints } from './endpoints';
import { noteRefusedRefresh, refreshRefusal, renewOnce, sessionKey } from './renewal';
import { passwordDigest, redactSecrets, secretValues, sessionFingerprint } from './secrets';

/** The scope the spec requires (5.2); offline_access is what yields a refresh token. */
export const TOKEN_SCOPE = 'offline_access openid APINegocios';
const TOKEN_SERVICE_TIMEOUT_MS = 30_000;

/** What preAuthentication stores in the credential (all declared as hidden properties). */
export interface StoredSession extends IDataObject {
	accessToken: string;
	refreshToken: string;
	emisorId: string;
	sessionExpiresAt: number;
	sessionStartedAt: number;
	sessionFingerprint: string;
}

interface TokenResponse {
	access_token?: unknown;
	refresh_token?: unknown;
	expires_in?: unknown;
}

/** A failure of the token service, with a message safe to show (no secret in it). */
export class TokenServiceError extends Error {
	constructor(
		message: string,
		readonly oauthError?: string,
	) {
		super(message);
		this.name = 'TokenServiceError';
	}
}

function parseBody(body: unknown): IDataObject | undefined {
	if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
	try {
		const parsed = JSON.parse(text) as unknown;
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

async function send(
	helper: IHttpRequestHelper,
	url: string,
	options: { method: 'GET' | 'POST'; form?: URLSearchParams; bearer?: string },
): Promise<IN8nHttpFullResponse> {
	let outcome: IN8nHttpFullResponse | TokenServiceError;
	try {
		// Only the configured token service answers: a redirect elsewhere is refused, not followed.
		outcome = await sendWithinOrigin(
			{ url, method: options.method },
			async (hop) =>
				(await helper.helpers.httpRequest({
					method: hop.method as IHttpRequestMethods,
					url: hop.url,
					headers: {
						Accept: 'application/json',
						...(options.form && hop.keepsBody
							? { 'Content-Type': 'application/x-www-form-urlencoded' }
							: {}),
						...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {}),
					},
					body: hop.keepsBody ? options.form?.toString() : undefined,
					encoding: 'text',
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					disableFollowRedirect: true,
					timeout: TOKEN_SERVICE_TIMEOUT_MS,
				})) as IN8nHttpFullResponse,
			async (absolute) => absolute,
			(redirect, loop) => {
				const words = describeRefusedRedirect(redirect, loop, 'the token service');
				return new TokenServiceError(`${words.message} ${words.advice}`);
			},
		);
	} catch (error) {
		outcome =
			error instanceof TokenServiceError
				? error
				: new TokenServiceError(describeTokenServiceFailure(readNetworkFailure(error), url));
	}
	if (outcome instanceof TokenServiceError) throw outcome;
	return outcome;
}

function explainTokenFailure(
	response: IN8nHttpFullResponse,
	grant: 'password' | 'refresh_token',
): TokenServiceError {
	const body = parseBody(response.body);
	const oauthError = typeof body?.error === 'string' ? body.error : undefined;
	const detail = typeof body?.error_description === 'string' ? `: ${body.error_description}` : '';
	if (oauthError === 'invalid_client') {
		return new TokenServiceError(
			'The token service rejected the client ID or client secret (invalid_client). Check "Client ID" and "Client Secret" in the CFDI Emision credential; test and production have different keys.',
			oauthError,
		);
	}
	if (oauthError === 'invalid_grant' && grant === 'password') {
		return new TokenServiceError(
			'The token service rejected the username or password (invalid_grant). Check "Username" (the account RFC) and "Password" in the CFDI Emision credential. Type the plain password unless "Password Is MD5" is on.',
			oauthError,
		);
	}
	if (oauthError) {
		return new TokenServiceError(
			`The token service refused the ${grant} grant (${oauthError}${detail}).`,
			oauthError,
		);
	}
	return new TokenServiceError(
		`The token service answered HTTP ${response.statusCode} without a token to the ${grant} grant. Check the credential's environment or Auth URL.`,
	);
}

async function requestToken(
	helper: IHttpRequestHelper,
	endpoints: ServiceEndpoints,
	form: URLSearchParams,
	grant: 'password' | 'refresh_token',
): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
	const response = await send(helper, `${endpoints.authUrl}/connect/token`, {
		method: 'POST',
		form,
	});
	const body = parseBody(response.body) as TokenResponse | undefined;
	if (response.statusCode !== 200 || typeof body?.access_token !== 'string' || !body.access_token) {
		throw explainTokenFailure(response, grant);
	}
	const expiresIn = Number(body.expires_in);
	return {
		accessToken: body.access_token,
		refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
		// expires_in behaves as seconds (service-facts.md) although the spec's list says milliseconds.
		expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
	};
}

function passwordGrantForm(credentials: ICredentialDataDecryptedObject): URLSearchParams {
	// Field order as in spec 5.2; URLSearchParams writes the scope's spaces as "+".
	return new URLSearchParams([
		['grant_type', 'password'],
		['scope', TOKEN_SCOPE],
		['username', String(credentials.username ?? '').trim()],
		['password', passwordDigest(credentials)],
		['client_id', String(credentials.clientId ?? '').trim()],
		['client_secret', String(credentials.clientSecret ?? '')],
		['es_md5', 'true'],
	]);
}

function refreshGrantForm(credentials: ICredentialDataDecryptedObject): URLSearchParams {
	return new URLSearchParams([
		['grant_type', 'refresh_token'],
		['refresh_token', String(credentials.refreshToken)],
		['client_id', String(credentials.clientId ?? '').trim()],
		['client_secret', String(credentials.clientSecret ?? '')],
	]);
}

async function fetchEmisorId(
	helper: IHttpRequestHelper,
	endpoints: ServiceEndpoints,
	accessToken: string,
): Promise<string> {
	const response = await send(helper, `${endpoints.authUrl}/connect/userinfo`, {
		method: 'GET',
		bearer: accessToken,
	});
	const body = parseBody(response.body);
	const emisorId = body?.emisorid;
	if (
		response.statusCode !== 200 ||
		(typeof emisorId !== 'number' && typeof emisorId !== 'string') ||
		emisorId === ''
	) {
		throw new TokenServiceError(
			`The user-info endpoint answered HTTP ${response.statusCode} without an emisorid, so the issuer id of the account is unknown. Check that the account is enabled for issuing.`,
		);
	}
	return String(emisorId);
}

function assertComplete(credentials: ICredentialDataDecryptedObject): void {
	const missing = [
		['username', 'Username'],
		['password', 'Password'],
		['clientId', 'Client ID'],
		['clientSecret', 'Client Secret'],
	]
		.filter(([key]) => !String(credentials[key] ?? '').trim())
		.map(([, label]) => `"${label}"`);
	if (missing.length) {
		throw new TokenServiceError(
			`The CFDI Emision credential is missing ${missing.join(', ')}. Fill it in and save the credential.`,
		);
	}
}

/**
 * What preAuthentication throws when the token service refused a refresh token that another n8n
 * process most likely spent a moment ago (queue mode): that process saves the new session, so the
 * node reads the credential again instead of signing in with the password (see transport.ts).
 */
export const SESSION_RENEWED_ELSEWHERE =
	'The token service refused the stored refresh token (invalid_grant): another n8n process has probably just renewed the session. Running again uses the session it saved.';

/** Whether a failure of n8n's authenticated request is that lost race (n8n keeps only the message). */
export function isSessionRenewedElsewhere(error: unknown): boolean {
	const wrapped = error as { message?: unknown; messages?: unknown[] };
	return [wrapped.message, ...(wrapped.messages ?? [])].includes(SESSION_RENEWED_ELSEWHERE);
}

// Refresh races happen around a session's expiry; a refresh token refused long after it is simply too old.
const RACE_WINDOW_MS = 15 * 60_000;

/**
 * Obtains a session: the refresh grant when a refresh token is stored, else (or when that is
 * rejected) the password grant; then the issuer id from userinfo unless it is already known for
 * this same account. Callers in this process that hold the same stored session share one renewal.
 */
export async function obtainSession(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<StoredSession> {
	const secrets = secretValues(credentials);
	let failure: unknown;
	try {
		assertComplete(credentials);
		const endpoints = resolveEndpoints(credentials);
		const fingerprint = sessionFingerprint(credentials, endpoints.authUrl, endpoints.baseUrl);
		const key = sessionKey(credentials, fingerprint);
		return await renewOnce(
			key,
			async () => await signIn(helper, credentials, endpoints, fingerprint, key),
		);
	} catch (error) {
		failure = error;
	}
	// Messages may quote the service: make sure no secret of this credential travels on in them.
	const message = failure instanceof Error ? failure.message : String(failure);
	throw new TokenServiceError(
		redactSecrets(message, secrets),
		(failure as TokenServiceError).oauthError,
	);
}

async function signIn(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	endpoints: ServiceEndpoints,
	fingerprint: string,
	key: string | undefined,
): Promise<StoredSession> {
	const sameAccount = credentials.sessionFingerprint === fingerprint;
	const known = refreshRefusal(key);
	// Already refused here and another process may still save its renewal: wait for it too.
	if (known === 'awaiting successor')
		throw new TokenServiceError(SESSION_RENEWED_ELSEWHERE, 'invalid_grant');
	let token: Awaited<ReturnType<typeof requestToken>> | undefined;
	if (
		sameAccount &&
		typeof credentials.refreshToken === 'string' &&
		credentials.refreshToken &&
		known === 'none'
	) {
		let refusal: unknown;
		try {
			token = await requestToken(helper, endpoints, refreshGrantForm(credentials), 'refresh_token');
		} catch (error) {
			refusal = error;
		}
		// A rotated refresh token is refused with invalid_grant: if another process spent it, use its session.
		if ((refusal as TokenServiceError | undefined)?.oauthError === 'invalid_grant') {
			const raceLikely = Number(credentials.sessionExpiresAt ?? 0) > Date.now() - RACE_WINDOW_MS;
			noteRefusedRefresh(key, raceLikely);
			if (raceLikely) throw new TokenServiceError(SESSION_RENEWED_ELSEWHERE, 'invalid_grant');
		}
		// Otherwise (too old, unreachable, other refusals) the password grant below decides.
	}
	token ??= await requestToken(helper, endpoints, passwordGrantForm(credentials), 'password');

	const knownEmisorId = sameAccount && credentials.emisorId ? String(credentials.emisorId) : '';
	const emisorId = knownEmisorId || (await fetchEmisorId(helper, endpoints, token.accessToken));
	const lifetimeMs = token.expiresIn * 1000;
	const now = Date.now();
	return {
		accessToken: token.accessToken,
		refreshToken: token.refreshToken,
		emisorId,
		// Renew a little early (a tenth of the lifetime, at most 30 s) rather than send a dying token.
		sessionExpiresAt: now + lifetimeMs - Math.min(30_000, lifetimeMs / 10),
		sessionStartedAt: now,
		sessionFingerprint: fingerprint,
	};
}
