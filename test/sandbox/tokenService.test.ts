import { DEFAULT_ACCOUNT, startSandbox, type Sandbox } from '../../sandbox';
import { fakeClock, getToken, md5, passwordFields, postToken } from '../support/sandboxHelpers';

describe('sandbox token service', () => {
	let sandbox: Sandbox;
	const clock = fakeClock();

	beforeAll(async () => {
		sandbox = await startSandbox({ now: clock.now, tokenLifetimeSeconds: 1800 });
	});
	afterAll(async () => {
		await sandbox.close();
	});

	describe('password grant', () => {
		it('issues a JWT-shaped access token and a refresh token', async () => {
			const res = await postToken(sandbox, passwordFields());
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toMatch(/^application\/json/);
			const body = (await res.json()) as Record<string, unknown>;
			expect(body).toEqual({
				access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
				expires_in: 1800,
				token_type: 'Bearer',
				refresh_token: expect.any(String),
				scope: 'offline_access openid APINegocios',
			});
			const [header, payload] = (body.access_token as string)
				.split('.')
				.slice(0, 2)
				.map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
			expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
			expect(payload).toMatchObject({
				sub: 'EKU9003173C9',
				emisorid: 1234,
				iat: Math.floor(clock.now() / 1000),
			});
			expect(payload.exp - payload.iat).toBe(1800);
			expect(typeof payload.jti).toBe('string');
		});

		it('issues a different token each time', async () => {
			const a = await getToken(sandbox);
			const b = await getToken(sandbox);
			expect(a.access_token).not.toBe(b.access_token);
			expect(a.refresh_token).not.toBe(b.refresh_token);
		});

		it('accepts the scope in any order', async () => {
			const res = await postToken(sandbox, {
				...passwordFields(),
				scope: 'APINegocios openid offline_access',
			});
			expect(res.status).toBe(200);
		});

		it('compares the exact lower-case MD5 digest of the password', async () => {
			const wrong = await postToken(sandbox, {
				...passwordFields(),
				password: md5('Sandbox-Pass-2025'),
			});
			expect(wrong.status).toBe(400);
			expect(await wrong.json()).toEqual({
				error: 'invalid_grant',
				error_description: 'invalid_username_or_password',
			});

			const upper = await postToken(sandbox, {
				...passwordFields(),
				password: md5(DEFAULT_ACCOUNT.password).toUpperCase(),
			});
			expect(upper.status).toBe(400);

			const plainWithMd5Flag = await postToken(sandbox, {
				...passwordFields(),
				password: DEFAULT_ACCOUNT.password,
			});
			expect(plainWithMd5Flag.status).toBe(400);
		});

		it('compares the password as plain text when es_md5 is not true', async () => {
			const fields = passwordFields();
			delete fields.es_md5;
			const digestWithoutFlag = await postToken(sandbox, fields);
			expect(digestWithoutFlag.status).toBe(400);
			expect(await digestWithoutFlag.json()).toMatchObject({ error: 'invalid_grant' });

			const plain = await postToken(sandbox, {
				...fields,
				password: DEFAULT_ACCOUNT.password,
				es_md5: 'false',
			});
			expect(plain.status).toBe(200);
		});

		it('rejects an unknown username', async () => {
			const res = await postToken(sandbox, { ...passwordFields(), username: 'XAXX010101000' });
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
		});

		it('rejects a wrong client secret or an unknown client with invalid_client', async () => {
			const secret = await postToken(sandbox, { ...passwordFields(), client_secret: 'nope' });
			expect(secret.status).toBe(400);
			expect(await secret.json()).toEqual({ error: 'invalid_client' });

			const client = await postToken(sandbox, { ...passwordFields(), client_id: 'someone-else' });
			expect(client.status).toBe(400);
			expect(await client.json()).toEqual({ error: 'invalid_client' });
		});

		it('requires the three scopes', async () => {
			for (const scope of [
				'openid APINegocios',
				'offline_access openid',
				'',
				'offline_access openid APINegocios admin',
			]) {
				const res = await postToken(sandbox, { ...passwordFields(), scope });
				expect(res.status).toBe(400);
				expect(await res.json()).toMatchObject({ error: 'invalid_scope' });
			}
		});

		it('requires a form-encoded body', async () => {
			const res = await fetch(`${sandbox.authUrl}/connect/token`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(passwordFields()),
			});
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({
				error: 'invalid_request',
				error_description: expect.any(String),
			});
		});

		it('rejects an unsupported grant type', async () => {
			const res = await postToken(sandbox, {
				...passwordFields(),
				grant_type: 'client_credentials',
			});
			expect(res.status).toBe(400);
			expect(await res.json()).toEqual({ error: 'unsupported_grant_type' });
		});
	});

	describe('refresh grant', () => {
		const refresh = (
			refreshToken: string,
			overrides: Record<string, string> = {},
		): Promise<Response> =>
			postToken(sandbox, {
				grant_type: 'refresh_token',
				refresh_token: refreshToken,
				client_id: DEFAULT_ACCOUNT.clientId,
				client_secret: DEFAULT_ACCOUNT.clientSecret,
				...overrides,
			});

		it('rotates: new access and refresh tokens, the used refresh token dies', async () => {
			const first = await getToken(sandbox);
			const res = await refresh(first.refresh_token);
			expect(res.status).toBe(200);
			const second = (await res.json()) as Record<string, string>;
			expect(second.access_token).not.toBe(first.access_token);
			expect(second.refresh_token).not.toBe(first.refresh_token);
			expect(second.token_type).toBe('Bearer');

			const reused = await refresh(first.refresh_token);
			expect(reused.status).toBe(400);
			expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

			const again = await refresh(second.refresh_token);
			expect(again.status).toBe(200);
		});

		it('rejects unknown and revoked refresh tokens', async () => {
			expect((await refresh('not-a-token')).status).toBe(400);
			const token = await getToken(sandbox);
			sandbox.revokeRefreshTokens();
			const res = await refresh(token.refresh_token);
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
		});

		it('needs the client secret', async () => {
			const token = await getToken(sandbox);
			const res = await refresh(token.refresh_token, { client_secret: 'wrong' });
			expect(await res.json()).toEqual({ error: 'invalid_client' });
		});
	});

	describe('userinfo', () => {
		it('returns the account identifiers', async () => {
			const token = await getToken(sandbox);
			const res = await fetch(`${sandbox.authUrl}/connect/userinfo`, {
				headers: { authorization: `Bearer ${token.access_token}` },
			});
			expect(res.status).toBe(200);
			expect(await res.json()).toEqual({
				sub: 'EKU9003173C9',
				emisorid: 1234,
				rfc: 'EKU9003173C9',
				usuarioid: 77,
			});
		});

		it('answers 401 with an invalid_token challenge and an empty body', async () => {
			for (const headers of [
				{},
				{ authorization: 'Bearer abc.def.ghi' },
				{ authorization: 'Basic Zm9vOmJhcg==' },
			] as Array<Record<string, string>>) {
				const res = await fetch(`${sandbox.authUrl}/connect/userinfo`, { headers });
				expect(res.status).toBe(401);
				expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
				expect(await res.text()).toBe('');
			}
		});

		it('rejects expired tokens (clock and expireAccessTokens)', async () => {
			const call = (token: string): Promise<Response> =>
				fetch(`${sandbox.authUrl}/connect/userinfo`, {
					headers: { authorization: `Bearer ${token}` },
				});
			const byClock = await getToken(sandbox);
			clock.advance(1799_000);
			expect((await call(byClock.access_token)).status).toBe(200);
			clock.advance(1000);
			expect((await call(byClock.access_token)).status).toBe(401);

			const byCommand = await getToken(sandbox);
			expect((await call(byCommand.access_token)).status).toBe(200);
			sandbox.expireAccessTokens();
			expect((await call(byCommand.access_token)).status).toBe(401);
			const fresh = await getToken(sandbox);
			expect((await call(fresh.access_token)).status).toBe(200);
		});

		it('rejects a token signed by another sandbox', async () => {
			const other = await startSandbox();
			try {
				const foreign = await getToken(other);
				const res = await fetch(`${sandbox.authUrl}/connect/userinfo`, {
					headers: { authorization: `Bearer ${foreign.access_token}` },
				});
				expect(res.status).toBe(401);
			} finally {
				await other.close();
			}
		});
	});

	it('logs token requests with their route and status', async () => {
		sandbox.clearLog();
		await postToken(sandbox, { ...passwordFields(), client_secret: 'x' });
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			server: 'auth',
			route: 'token',
			method: 'POST',
			url: '/connect/token',
			status: 400,
			headers: expect.objectContaining({ 'content-type': 'application/x-www-form-urlencoded' }),
		});
		expect(new URLSearchParams(sandbox.requests[0].body).get('client_secret')).toBe('x');
	});
});
