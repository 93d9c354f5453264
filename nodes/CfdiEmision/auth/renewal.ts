import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { backoffDelay } from '../network/backoff';
import { resolveEndpoints } from './endpoints';
import { sessionFingerprint } from './secrets';

/** The session fields preAuthentication saves (see tokenService.ts). */
export interface RenewedSession {
	accessToken: string;
	refreshToken: string;
	sessionExpiresAt: number;
	sessionFingerprint: string;
}

/**
 * Identifies one stored session of one credential: a one-way digest of the sign-in fingerprint and
 * both tokens, so no secret is kept as a key. Two credentials share a key only if they hold the
 * very same tokens. Undefined when nothing is stored yet (a first sign-in is never shared).
 */
export function sessionKey(
	credentials: { accessToken?: unknown; refreshToken?: unknown; sessionFingerprint?: unknown },
	fingerprint?: string,
): string | undefined {
	const accessToken = String(credentials.accessToken ?? '');
	const refreshToken = String(credentials.refreshToken ?? '');
	if (!accessToken && !refreshToken) return undefined;
	return createHash('sha256')
		.update(
			[
				'cfdi-session',
				fingerprint ?? String(credentials.sessionFingerprint ?? ''),
				accessToken,
				refreshToken,
			].join('\n'),
		)
		.digest('hex');
}

/** The key of the session a credential holds, under the sign-in values it has now (edits change it). */
export function currentSessionKey(credentials: ICredentialDataDecryptedObject): string | undefined {
	let fingerprint: string;
	try {
		const endpoints = resolveEndpoints(credentials);
		fingerprint = sessionFingerprint(credentials, endpoints.authUrl, endpoints.baseUrl);
	} catch {
		return undefined;
	}
	return sessionKey(credentials, fingerprint);
}

interface Renewal {
	promise: Promise<RenewedSession>;
	result?: RenewedSession;
}

// Kept per process on purpose: n8n has no lock around preAuthentication, and every item or
// execution that met the same expired session would otherwise renew it again. Correctness never
// depends on it (other queue-mode workers do not see it); it only avoids spending a token twice.
const renewals = new Map<string, Renewal>();
/**
 * Sessions whose refresh token the token service refused in this process: when, and whether
 * another process may still save the session it renewed (until a wait for it came back empty).
 */
const refusedRefresh = new Map<string, { at: number; successorMayCome: boolean }>();

const MAX_ENTRIES = 500;
const REFUSAL_MEMORY_MS = 15 * 60_000;

function forgetOld(now: number): void {
	for (const [key, renewal] of renewals) {
		if (renewal.result && renewal.result.sessionExpiresAt <= now) renewals.delete(key);
	}
	for (const [key, refusal] of refusedRefresh)
		if (now - refusal.at > REFUSAL_MEMORY_MS) refusedRefresh.delete(key);
	// Maps keep insertion order: drop the oldest when a process holds very many credentials.
	for (const map of [renewals, refusedRefresh] as Array<Map<string, unknown>>) {
		while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
	}
}

/** A renewal result may itself have been renewed since (the server revoked it): follow to the newest. */
function newest(session: RenewedSession): RenewedSession {
	let current = session;
	for (let hops = 0; hops < MAX_ENTRIES; hops++) {
		const key = sessionKey(current);
		const next = key ? renewals.get(key)?.result : undefined;
		if (!next) break;
		current = next;
	}
	return current;
}

/**
 * Single flight per stored session: the first caller renews, callers that hold the same session
 * meanwhile (or later, while the new session is still valid) get the same new session instead of
 * spending the refresh token again.
 */
export async function renewOnce<T extends RenewedSession>(
	key: string | undefined,
	renew: () => Promise<T>,
): Promise<T> {
	forgetOld(Date.now());
	if (!key) return await renew();
	const existing = renewals.get(key);
	if (existing) {
		const session = existing.result ?? (await existing.promise);
		return { ...(newest(session) as T) };
	}
	const renewal: Renewal = { promise: renew() };
	renewals.set(key, renewal);
	// Registered before anyone awaits it, so it runs first: a failed renewal is not remembered.
	renewal.promise.then(
		(result) => (renewal.result = result),
		() => renewals.delete(key),
	);
	return { ...((await renewal.promise) as T) };
}

export function noteRefusedRefresh(key: string | undefined, successorMayCome: boolean): void {
	if (key) refusedRefresh.set(key, { at: Date.now(), successorMayCome });
}

/**
 * What this process knows about the refresh token of a session: nothing (use it), refused while
 * another process may still save its renewal (wait for that), or refused for good (password grant).
 */
export function refreshRefusal(
	key: string | undefined,
): 'none' | 'awaiting successor' | 'no successor' {
	const refusal = key === undefined ? undefined : refusedRefresh.get(key);
	if (!refusal) return 'none';
	return refusal.successorMayCome ? 'awaiting successor' : 'no successor';
}

/** Re-reads of the saved credential while another process is saving its renewal (3.1 s of pauses in all). */
const SAVED_SESSION_REREADS = 5;
const FIRST_REREAD_PAUSE_MS = 100;

/**
 * After a refresh race lost to another process: re-reads the saved credential until it holds a
 * session other than the refused one, or gives up (the caller then retries, and the password
 * grant decides). Returns whether a newer session was found.
 */
export async function awaitSessionSavedElsewhere(
	readCredentials: () => Promise<ICredentialDataDecryptedObject>,
	sleep: (ms: number) => Promise<void>,
): Promise<boolean> {
	let key: string | undefined;
	for (let read = 0; read <= SAVED_SESSION_REREADS; read++) {
		// The package's one back-off: 100, 200, 400, 800, 1600 ms.
		if (read > 0) await sleep(backoffDelay(FIRST_REREAD_PAUSE_MS, read - 1));
		key = currentSessionKey(await readCredentials());
		if (refreshRefusal(key) === 'none') return true;
	}
	// Nothing came: whoever meets this session next signs in with the password.
	const refusal = key === undefined ? undefined : refusedRefresh.get(key);
	if (refusal) refusal.successorMayCome = false;
	return false;
}
