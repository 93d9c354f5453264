/**
 * The credential test's call to the issuing API (api/credentialTest.ts) through n8n-core's engine
 * against the sandbox: after the sign-in, one harmless read of the voucher list, which fails when
 * the Base URL, the API Path Style or the environment is wrong. Moved from
 * test/credentials/CfdiEmisionApi.credentials.engine.test.ts with its cases; the sign-in's own
 * failures in the credential test stay there.
 */
import { startSandbox, type Sandbox } from '../../../../sandbox';
import { Engine, shutdownEngine } from '../../../support/engine/engine';
import { account, routes, sandboxCredential } from '../../../support/sandboxCredential';

let sandbox: Sandbox;
let engine: Engine;

beforeEach(async () => {
	sandbox = await startSandbox();
	engine = new Engine();
});
afterEach(async () => await sandbox.close());
afterAll(shutdownEngine);

describe('credential test: the call to the issuing API', () => {
	test('passes with good values: signs in, then makes one harmless call to the issuing API with the new token', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		await expect(engine.testCredential()).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(sandbox.requests.map((r) => `${r.server}:${r.route}:${r.status}`)).toEqual([
			'auth:token:200',
			'auth:userinfo:200',
			'api:listVouchers:200',
		]);
		const [probe] = routes(sandbox, 'listVouchers');
		expect(probe.method).toBe('GET');
		expect(probe.pathname).toBe(
			`/businessEmision/api/v1/emisores/${account.emisorId}/comprobantes`,
		);
		expect(probe.query).toMatchObject({ take: '1', skip: '0' });
		expect(probe.headers.authorization).toMatch(/^Bearer /);
		// Harmless: nothing was created, stamped or changed.
		expect(sandbox.vouchers.size).toBe(0);
	});

	// n8n's tester shows its own message for the status (NodeApiError's); the sign-in before it names the token service.
	test('a Base URL that is not the issuing API fails (it passed before): the sign-in worked, the issuing API call did not', async () => {
		// The token service's host answers, but it has no voucher list.
		engine.setCredential(sandboxCredential(sandbox, { baseUrl: sandbox.authUrl }));
		await expect(engine.testCredential()).resolves.toEqual({
			status: 'Error',
			message: 'The resource you are requesting could not be found',
		});
		expect(sandbox.requests.map((r) => `${r.server}:${r.route}:${r.status}`)).toEqual([
			'auth:token:200',
			'auth:userinfo:200',
			'auth:unknown:404',
		]);
	});

	test('a wrong API Path Style fails the same way', async () => {
		engine.setCredential(sandboxCredential(sandbox, { apiPathStyle: 'short' }));
		await expect(engine.testCredential()).resolves.toEqual({
			status: 'Error',
			message: 'The resource you are requesting could not be found',
		});
		expect(routes(sandbox, 'unknown').map((r) => r.pathname)).toEqual([
			`/api/v1/emisores/${account.emisorId}/comprobantes`,
		]);
	});

	test('an issuing API that keeps refusing the token (another environment) fails', async () => {
		engine.setCredential(sandboxCredential(sandbox));
		sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 401, body: '', times: 5 });
		const result = await engine.testCredential();
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Authorization failed/);
	});

	test('an issuing API host that does not answer fails; the token service was reached', async () => {
		const closed = await startSandbox();
		const baseUrl = closed.baseUrl;
		await closed.close();
		engine.setCredential(sandboxCredential(sandbox, { baseUrl }));
		await expect(engine.testCredential()).resolves.toEqual({
			status: 'Error',
			message: 'The service refused the connection - perhaps it is offline',
		});
		expect(routes(sandbox, 'userinfo')).toHaveLength(1);
	});
});
