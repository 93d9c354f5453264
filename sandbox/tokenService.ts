/**
 * The token service at {auth_url}: password and refresh grants (spec 5.2, 5.3), user info
 * (5.4), and bearer-token verification for the issuing API. Modelled on IdentityServer.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';

import { aspNetDate } from './clock';
import type { Resolution } from './dispatch';
import type { Call, Reply } from './http';
import { bearerChallenge, json, mediaType, methodNotAllowed, oauthError } from './replies';
import type { SandboxAccount } from './types';

const REQUIRED_SCOPES = ['offline_access', 'openid', 'APINegocios'];

interface AccessTokenRecord {
	account: SandboxAccount;
	expiresAt: number;
}

interface RefreshTokenRecord {
	account: SandboxAccount;
	clientId: string;
	scope: string;
}

export type BearerCheck = { account: SandboxAccount } | { denied: Reply };

export class TokenService {
	private readonly secret = randomBytes(32);
	private readonly accessTokens = new Map<string, AccessTokenRecord>();
	private readonly refreshTokens = new Map<string, RefreshTokenRecord>();

	constructor(
		private readonly config: {
			accounts: readonly SandboxAccount[];
			tokenLifetimeSeconds: number;
			now: () => number;
			issuer: () => string;
		},
	) {}

	resolve(call: Call): Resolution {
		if (call.pathname === '/connect/token') {
			if (call.method !== 'POST') return { route: 'token', reply: methodNotAllowed(['POST']) };
			return { route: 'token', perform: () => this.token(call) };
		}
		if (call.pathname === '/connect/userinfo') {
			if (call.method !== 'GET' && call.method !== 'POST') {
				return { route: 'userinfo', reply: methodNotAllowed(['GET', 'POST']) };
			}
			let account: SandboxAccount | undefined;
			return {
				route: 'userinfo',
				authorize: () => {
					const check = this.verifyBearer(call.headers.authorization, true);
					if ('denied' in check) return check.denied;
					account = check.account;
					return null;
				},
				perform: () => {
					const a = account as SandboxAccount;
					return json(200, {
						sub: a.rfc,
						emisorid: a.emisorId,
						rfc: a.rfc,
						usuarioid: a.usuarioId,
					});
				},
			};
		}
		return { route: 'unknown', reply: { status: 404, body: '' } };
	}

	/**
	 * Checks an Authorization header. `alwaysInvalidToken` gives the userinfo challenge
	 * (error="invalid_token" even when the header is missing), as IdentityServer does.
	 */
	verifyBearer(header: string | undefined, alwaysInvalidToken = false): BearerCheck {
		const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
		if (!match)
			return { denied: alwaysInvalidToken ? bearerChallenge('invalid_token') : bearerChallenge() };
		const record = this.decode(match[1]);
		if (!record) return { denied: bearerChallenge('invalid_token') };
		if (this.config.now() >= record.expiresAt) {
			const description = alwaysInvalidToken
				? undefined
				: `The token expired at '${aspNetDate(record.expiresAt)}'`;
			return { denied: bearerChallenge('invalid_token', description) };
		}
		return { account: record.account };
	}

	expireAccessTokens(): void {
		const now = this.config.now();
		for (const record of this.accessTokens.values())
			record.expiresAt = Math.min(record.expiresAt, now);
	}

	revokeRefreshTokens(): void {
		this.refreshTokens.clear();
	}

	private token(call: Call): Reply {
		if (mediaType(call.headers['content-type']) !== 'application/x-www-form-urlencoded') {
			return oauthError(
				'invalid_request',
				'Content-Type must be application/x-www-form-urlencoded',
			);
		}
		const form = new URLSearchParams(call.body);
		const field = (name: string): string => form.get(name) ?? '';

		const account = this.config.accounts.find((a) => a.clientId === field('client_id'));
		if (!account || !safeEqual(account.clientSecret, field('client_secret')))
			return oauthError('invalid_client');

		switch (field('grant_type')) {
			case 'password':
				return this.passwordGrant(account, form);
			case 'refresh_token':
				return this.refreshGrant(account, field('refresh_token'));
			default:
				return oauthError('unsupported_grant_type');
		}
	}

	private passwordGrant(account: SandboxAccount, form: URLSearchParams): Reply {
		const scopes = (form.get('scope') ?? '').split(/\s+/).filter((s) => s.length > 0);
		const unknown = scopes.filter((s) => !REQUIRED_SCOPES.includes(s));
		const missing = REQUIRED_SCOPES.filter((s) => !scopes.includes(s));
		if (unknown.length > 0 || missing.length > 0) {
			const detail =
				unknown.length > 0
					? `Invalid scope: ${unknown.join(' ')}`
					: `Missing scope: ${missing.join(' ')}`;
			return oauthError('invalid_scope', detail);
		}
		const username = form.get('username') ?? '';
		const password = form.get('password') ?? '';
		// es_md5 is a .NET bool: "true" in any letter case. Without it the password is taken as plain text.
		const sentAsMd5 = (form.get('es_md5') ?? '').toLowerCase() === 'true';
		const expected = sentAsMd5
			? createHash('md5').update(account.password, 'utf8').digest('hex')
			: account.password;
		// Usernames are normalized by ASP.NET Identity, so their case does not matter; passwords must match exactly.
		if (
			username.toUpperCase() !== account.username.toUpperCase() ||
			!safeEqual(expected, password)
		) {
			return oauthError('invalid_grant', 'invalid_username_or_password');
		}
		return this.issue(account, scopes.join(' '));
	}

	private refreshGrant(account: SandboxAccount, refreshToken: string): Reply {
		if (refreshToken === '') return oauthError('invalid_request', 'refresh_token is missing');
		const record = this.refreshTokens.get(refreshToken);
		if (!record || record.clientId !== account.clientId) return oauthError('invalid_grant');
		// One-time use: the presented token dies whether or not the caller receives the answer.
		this.refreshTokens.delete(refreshToken);
		return this.issue(record.account, record.scope);
	}

	private issue(account: SandboxAccount, scope: string): Reply {
		const now = this.config.now();
		const lifetime = this.config.tokenLifetimeSeconds;
		const iat = Math.floor(now / 1000);
		const jti = randomBytes(16).toString('hex').toUpperCase();
		const payload = {
			iss: this.config.issuer(),
			nbf: iat,
			iat,
			exp: iat + lifetime,
			aud: 'APINegocios',
			scope: scope.split(' '),
			amr: ['pwd'],
			client_id: account.clientId,
			sub: account.rfc,
			auth_time: iat,
			idp: 'local',
			emisorid: account.emisorId,
			usuarioid: account.usuarioId,
			jti,
		};
		const accessToken = this.sign(payload);
		this.accessTokens.set(jti, { account, expiresAt: now + lifetime * 1000 });
		const refreshToken = randomBytes(32).toString('hex').toUpperCase();
		this.refreshTokens.set(refreshToken, { account, clientId: account.clientId, scope });
		return json(
			200,
			{
				access_token: accessToken,
				expires_in: lifetime,
				token_type: 'Bearer',
				refresh_token: refreshToken,
				scope,
			},
			{ 'cache-control': 'no-store', pragma: 'no-cache' },
		);
	}

	private sign(payload: object): string {
		const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
		const body = base64url(JSON.stringify(payload));
		const signature = createHmac('sha256', this.secret)
			.update(`${header}.${body}`)
			.digest('base64url');
		return `${header}.${body}.${signature}`;
	}

	/** The record of a token this sandbox signed, or null for anything else. */
	private decode(token: string): AccessTokenRecord | null {
		const parts = token.split('.');
		if (parts.length !== 3) return null;
		const expected = createHmac('sha256', this.secret)
			.update(`${parts[0]}.${parts[1]}`)
			.digest('base64url');
		if (!safeEqual(expected, parts[2])) return null;
		try {
			const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as {
				jti?: unknown;
			};
			return typeof payload.jti === 'string' ? (this.accessTokens.get(payload.jti) ?? null) : null;
		} catch {
			return null;
		}
	}
}

function base64url(text: string): string {
	return Buffer.from(text, 'utf8').toString('base64url');
}

function safeEqual(a: string, b: string): boolean {
	const left = Buffer.from(a, 'utf8');
	const right = Buffer.from(b, 'utf8');
	return left.length === right.length && timingSafeEqual(left, right);
}
