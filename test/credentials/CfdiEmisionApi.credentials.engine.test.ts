/**
 * The credential through n8n-core's engine against the sandbox: its test, sign-in and request signing.
 *
 * Also covers: nodes/CfdiEmision/auth/tokenService.ts (the sign-in the credential imports).
 * The credential test's call to the issuing API: test/nodes/CfdiEmision/api/credentialTest.engine.test.ts.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { invoiceVoucher } from '../support/vouchers';
import { CREDENTIAL_ID, Engine, shutdownEngine } from '../support/engine/engine';
import { account, passwordMd5, routes, sandboxCredential } from '../support/sandboxCredential';
import { createParams } from '../support/nodeTestKit';

const savePending = {
	resource: 'voucher',
	operation: 'create',
	stamp: false,
	inputMode: 'json',
	voucherJson: JSON.stringify(invoiceVoucher()),
};

let sandbox: Sandbox;
let engine: Engine;

beforeEach(async () => {
	sandbox = await startSandbox();
	engine = new Engine();
});
afterEach(async () => await sandbox.close());
afterAll(shutdownEngine);

function tokenForms() {
	return routes(sandbox, 'token').map((request) =>
		Object.fromEntries(new URLSearchParams(request.body)),
	);
}

describe('password grant', () => {
	test('sends the exact form of spec 5.2 with the MD5 of the plain password, then finds the emisorId', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		const { items, error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			esValido: false,
			status: 'pending',
			uuid: null,
			subEstatusId: 0,
		});

		const [token] = routes(sandbox, 'token');
		expect(token.method).toBe('POST');
		expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(token.body).toBe(
			`grant_type=password&scope=offline_access+openid+APINegocios&username=${account.username}` +
				`&password=${passwordMd5}&client_id=${account.clientId}&client_secret=${account.clientSecret}&es_md5=true`,
		);
		const [userinfo] = routes(sandbox, 'userinfo');
		expect(userinfo.method).toBe('GET');
		expect(userinfo.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

		const [create] = routes(sandbox, 'createVoucher');
		expect(create.pathname).toBe(
			`/businessEmision/api/v1/emisores/${account.emisorId}/comprobantes`,
		);
		expect(create.headers.authorization).toBe(userinfo.headers.authorization);

		const saved = engine.credentials.saved(CREDENTIAL_ID);
		expect(saved.emisorId).toBe(String(account.emisorId));
		expect(saved.accessToken).toBe(userinfo.headers.authorization.slice('Bearer '.length));
		expect(saved.refreshToken).toEqual(expect.any(String));
		expect(sandbox.requests.map((r) => r.route)).toEqual(['token', 'userinfo', 'createVoucher']);
	});

	test('sends a password given as MD5 unchanged when "Password Is MD5" is on', async () => {
		engine.setCredential(
			sandboxCredential(sandbox, { password: passwordMd5.toUpperCase(), passwordIsMd5: true }),
		);
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		expect(tokenForms()[0].password).toBe(passwordMd5);
	});

	test('rejects a non-digest password when "Password Is MD5" is on, before calling the token service', async () => {
		engine.setCredential(sandboxCredential(sandbox, { passwordIsMd5: true }));
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error?.message).toContain(
			'"Password Is MD5" is on, but the password is not a 32-character hexadecimal MD5 digest',
		);
		expect(error?.message).not.toContain(account.password);
		expect(routes(sandbox, 'token')).toHaveLength(0);
	});

	test('a second run reuses the saved token: no token or userinfo call', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(savePending, [{}]);
		sandbox.clearLog();
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.route)).toEqual(['createVoucher']);
	});
});

describe('refresh grant', () => {
	test('is used when a refresh token is stored and the access token was rejected', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(savePending, [{}]);
		const firstRefresh = engine.credentials.saved(CREDENTIAL_ID).refreshToken;
		sandbox.expireAccessTokens();
		sandbox.clearLog();

		const { error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		// 401 on the API, the refresh grant, then the same request again; emisorId is already known.
		expect(sandbox.requests.map((r) => `${r.route}:${r.status}`)).toEqual([
			'createVoucher:401',
			'token:200',
			'createVoucher:200',
		]);
		expect(tokenForms()[0]).toEqual({
			grant_type: 'refresh_token',
			refresh_token: firstRefresh,
			client_id: account.clientId,
			client_secret: account.clientSecret,
		});
		expect(engine.credentials.saved(CREDENTIAL_ID).refreshToken).not.toBe(firstRefresh);
	});

	test('is used before the request when the stored token is past its lifetime', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(savePending, [{}]);
		engine.setCredential({
			...engine.credentials.saved(CREDENTIAL_ID),
			sessionExpiresAt: Date.now() - 1000,
		});
		sandbox.clearLog();

		const { error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.route}:${r.status}`)).toEqual([
			'token:200',
			'createVoucher:200',
		]);
		expect(tokenForms()[0].grant_type).toBe('refresh_token');
	});

	test('falls back to the password grant when the refresh token is rejected', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(savePending, [{}]);
		sandbox.revokeRefreshTokens();
		sandbox.expireAccessTokens();
		sandbox.clearLog();

		const { error } = await engine.runNode(savePending, [{}]);
		expect(error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.route}:${r.status}`)).toEqual([
			'createVoucher:401',
			'token:400',
			'token:200',
			'createVoucher:200',
		]);
		expect(tokenForms().map((form) => form.grant_type)).toEqual(['refresh_token', 'password']);
	});

	test('signs in again when the credential is edited to another account', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(savePending, [{}]);
		// Same stored token and emisorId, but the user typed another client id.
		engine.setCredential({ ...engine.credentials.saved(CREDENTIAL_ID), clientId: 'other-client' });
		sandbox.clearLog();

		const { error } = await engine.runNode(savePending, [{}]);
		expect(error?.message).toContain('rejected the client ID or client secret (invalid_client)');
		expect(routes(sandbox, 'createVoucher')).toHaveLength(0);
		expect(tokenForms().map((form) => form.grant_type)).toEqual(['password']);
	});
});

describe('sign-in failures give clear errors without secrets', () => {
	const secretsOf = (data: Record<string, unknown>) =>
		[
			account.password,
			passwordMd5,
			account.clientSecret,
			data.accessToken,
			data.refreshToken,
		].filter((value): value is string => typeof value === 'string' && value.length > 0);

	test('wrong password', async () => {
		engine.setCredential(sandboxCredential(sandbox, { password: 'not-the-password' }));
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error?.message).toContain(
			'The token service rejected the username or password (invalid_grant)',
		);
		const text = JSON.stringify(error) + String(error?.message) + String(error?.description);
		for (const secret of [...secretsOf({}), 'not-the-password']) expect(text).not.toContain(secret);
		expect(routes(sandbox, 'createVoucher')).toHaveLength(0);
	});

	test('wrong client secret', async () => {
		engine.setCredential(sandboxCredential(sandbox, { clientSecret: 'wrong-secret-value' }));
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error?.message).toContain(
			'The token service rejected the client ID or client secret (invalid_client)',
		);
		const text = JSON.stringify(error) + String(error?.message) + String(error?.description);
		for (const secret of [...secretsOf({}), 'wrong-secret-value'])
			expect(text).not.toContain(secret);
	});

	test('token service unreachable', async () => {
		const closed = await startSandbox();
		const authUrl = closed.authUrl;
		await closed.close();
		engine.setCredential(sandboxCredential(sandbox, { authUrl }));
		const { error } = await engine.runNode(savePending, [{}]);
		expect(error?.message).toContain(
			`Could not reach the token service at ${authUrl}/connect/token (connection refused)`,
		);
	});
});

describe('credential test', () => {
	test('fails with the token service message for a bad password', async () => {
		engine.setCredential(sandboxCredential(sandbox, { password: 'bad' }));
		const result = await engine.testCredential();
		expect(result.status).toBe('Error');
		expect(result.message).toContain('rejected the username or password (invalid_grant)');
		expect(routes(sandbox, 'userinfo')).toHaveLength(0);
	});

	test('fails when the API host is not a URL', async () => {
		engine.setCredential(sandboxCredential(sandbox, { baseUrl: 'not a url' }));
		const result = await engine.testCredential();
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringContaining('Base URL "not a url" is not a valid URL'),
		});
	});
});

describe('token expiry in the middle of a run', () => {
	test('the item that meets a 401 signs in again and is sent once more; the run completes', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		sandbox.injectFault({ route: 'createVoucher', kind: 'unauthorized', after: 2 });
		const { items, error } = await engine.runNode(
			{ ...savePending, voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			Array.from({ length: 5 }, () => ({ voucher: invoiceVoucher() })),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual([
			'pending',
			'pending',
			'pending',
			'pending',
			'pending',
		]);
		expect(sandbox.requests.map((r) => `${r.route}:${r.status}`)).toEqual([
			'token:200',
			'userinfo:200',
			'createVoucher:200',
			'createVoucher:200',
			'createVoucher:401',
			'token:200',
			'createVoucher:200',
			'createVoucher:200',
			'createVoucher:200',
		]);
		expect(tokenForms().map((form) => form.grant_type)).toEqual(['password', 'refresh_token']);
		expect(sandbox.vouchers.size).toBe(5);
	});
});

describe('sign-in refusals and the credential test', () => {
	test('a token-service refusal in capital letters is still a sign-in failure: one token call for all items', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		sandbox.injectFault({
			route: 'token',
			kind: 'status',
			status: 400,
			times: 10,
			body: JSON.stringify({
				error: 'unauthorized_client',
				error_description: 'EL CLIENTE NO ESTA HABILITADO',
			}),
		});
		const { items } = await engine.runNode(createParams(), [{}, {}, {}, {}], {
			continueOnFail: true,
		});
		expect(items).toHaveLength(4);
		expect(
			items.every((item) =>
				String(item.json.error).includes('(unauthorized_client: EL CLIENTE NO ESTA HABILITADO)'),
			),
		).toBe(true);
		expect(routes(sandbox, 'token')).toHaveLength(1);
	});

	test('the credential test proves an edited password even when a session is stored', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await engine.runNode(createParams(), [{}]);
		engine.setCredential({ ...engine.credentials.saved('cred-1'), password: 'typo-password' });
		const edited = await engine.testCredential();
		expect(edited.status).toBe('Error');
		expect(edited.message).toContain('rejected the username or password (invalid_grant)');

		// Back to the saved values: the stored session is still valid, so the refresh grant proves it.
		engine.setCredential({ ...engine.credentials.saved('cred-1'), password: 'Sandbox-Pass-2024' });
		sandbox.clearLog();
		await expect(engine.testCredential()).resolves.toMatchObject({ status: 'OK' });
		expect(
			routes(sandbox, 'token').map((r) => new URLSearchParams(r.body).get('grant_type')),
		).toEqual(['refresh_token']);
	});
});
