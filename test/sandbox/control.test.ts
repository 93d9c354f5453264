/**
 * The sandbox's HTTP control surface, in process and in its own process (`npm run sandbox -- --json`).
 * Also covers: sandbox/cli.ts (the sandbox run in its own process by npm run sandbox).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import {
	CONTROL_ACTIONS,
	SandboxControl,
	startControlServer,
	type ControlServer,
} from '../../sandbox/control';
import { ApiClient, getToken, passwordFields, postToken } from '../support/sandboxHelpers';
import { invoiceVoucher } from '../support/vouchers';

let sandbox: Sandbox;
let server: ControlServer;
let control: SandboxControl;

beforeEach(async () => {
	sandbox = await startSandbox();
	server = await startControlServer(sandbox);
	control = new SandboxControl(server.url);
});
afterEach(async () => {
	await server.close();
	await sandbox.close();
});

async function stamp(
	client: ApiClient,
	voucher = invoiceVoucher(),
): Promise<{ status: number; body: { idComprobante: number; esValido: boolean } }> {
	const response = await client.create(voucher);
	const text = await response.text();
	return {
		status: response.status,
		body: (text ? JSON.parse(text) : {}) as { idComprobante: number; esValido: boolean },
	};
}

describe('views', () => {
	test('counts token calls by grant, stamps per voucher and FAC119 answers; the control calls stay out of the log', async () => {
		const token = await getToken(sandbox);
		await postToken(sandbox, { ...passwordFields(), password: 'wrong' });
		await postToken(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: token.refresh_token,
			client_id: 'sandbox-client',
			client_secret: 'sandbox-secret-9f2c',
		});
		await postToken(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: token.refresh_token,
			client_id: 'sandbox-client',
			client_secret: 'sandbox-secret-9f2c',
		});
		const client = new ApiClient(sandbox, token.access_token);
		const first = await stamp(client);
		await control.action('injectFault', { route: 'createVoucher', kind: 'seriesBusy', times: 2 });
		expect((await stamp(client)).body.esValido).toBe(false);
		expect((await stamp(client)).body.esValido).toBe(false);

		const counts = await control.counts();
		expect(counts.tokenCalls).toEqual({
			password: { accepted: 1, refused: 1 },
			refresh_token: { accepted: 1, refused: 1 },
		});
		expect(counts.fac119).toBe(2);
		expect(counts.vouchers).toEqual({ total: 1, stamped: 1, stampedMoreThanOnce: 0 });
		expect(counts.stampsPerVoucher).toEqual({ [String(first.body.idComprobante)]: 1 });
		expect(counts.requests).toBe(7);
		expect(counts.statuses).toEqual({ '200': 5, '400': 2 });
	});

	test('requests since an index, vouchers and info', async () => {
		const token = await getToken(sandbox);
		await stamp(new ApiClient(sandbox, token.access_token));
		const all = await control.requests();
		expect(all.map((request) => request.route)).toEqual(['token', 'createVoucher']);
		expect((await control.requests(1)).map((request) => request.route)).toEqual(['createVoucher']);
		const vouchers = await control.view<Array<{ state: string; uuid: string }>>('vouchers');
		expect(vouchers).toEqual([
			expect.objectContaining({ state: 'stamped', uuid: expect.any(String) }),
		]);
		expect(await control.view('info')).toMatchObject({
			authUrl: sandbox.authUrl,
			baseUrl: sandbox.baseUrl,
			blobUrl: sandbox.blobUrl,
		});
	});
});

describe('actions', () => {
	test('expireAccessTokens: the API answers 401 to a token issued before', async () => {
		const client = new ApiClient(sandbox, (await getToken(sandbox)).access_token);
		await control.action('expireAccessTokens');
		expect((await stamp(client)).status).toBe(401);
	});

	test('revokeRefreshTokens: a stored refresh token is refused', async () => {
		const token = await getToken(sandbox);
		await control.action('revokeRefreshTokens');
		const response = await postToken(sandbox, {
			grant_type: 'refresh_token',
			refresh_token: token.refresh_token,
			client_id: 'sandbox-client',
			client_secret: 'sandbox-secret-9f2c',
		});
		expect(response.status).toBe(400);
	});

	test('setTokenLifetime changes expires_in of the tokens issued afterwards', async () => {
		expect((await getToken(sandbox)).expires_in).toBe(3600);
		await control.action('setTokenLifetime', { seconds: 2 });
		expect((await getToken(sandbox)).expires_in).toBe(2);
		expect(sandbox.options.tokenLifetimeSeconds).toBe(2);
	});

	test('setLatency, injectFault, clearFaults and clearLog reach the in-process methods', async () => {
		await control.action('setLatency', { ms: 25 });
		expect(sandbox.options.latencyMs).toBe(25);
		await control.action('injectFault', { route: 'token', kind: 'status', status: 503 });
		expect((await postToken(sandbox, passwordFields())).status).toBe(503);
		await control.action('injectFault', { route: 'token', kind: 'status', status: 503 });
		await control.action('clearFaults');
		expect((await postToken(sandbox, passwordFields())).status).toBe(200);
		await control.action('clearLog');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('wrong calls get a clear 4xx and change nothing', async () => {
		await expect(control.action('setLatency', { ms: 'slow' })).rejects.toThrow(
			'HTTP 400 "ms" must be a number',
		);
		await expect(
			control.action('injectFault', { route: 'nowhere', kind: 'status', status: 500 }),
		).rejects.toThrow("HTTP 400 injectFault: unknown route 'nowhere'");
		await expect(
			control.action('resolveCancellation', { uuid: 'ABC', answer: 'maybe' }),
		).rejects.toThrow('HTTP 400 "answer" is accepted or rejected');
		await expect(
			control.action('resolveCancellation', { uuid: 'ABC', answer: 'accepted' }),
		).rejects.toThrow(/HTTP 400 .*no cancellation waiting/);
		await expect(control.action('shutdownEverything')).rejects.toThrow(
			'HTTP 404 unknown action "shutdownEverything"',
		);
		await expect(control.view('secrets')).rejects.toThrow('HTTP 404 unknown view "secrets"');
		const notJson = await fetch(`${server.url}/actions/setLatency`, {
			method: 'POST',
			body: 'ms=5',
		});
		expect(notJson.status).toBe(400);
		const wrongMethod = await fetch(`${server.url}/actions/clearLog`);
		expect(wrongMethod.status).toBe(405);
		expect(sandbox.options.latencyMs).toBe(0);
	});

	test('setGetVoucherShape switches what GET .../comprobantes/{id} shows; a shape it does not know is a 400', async () => {
		await control.action('setGetVoucherShape', { shape: 'bodyOnly' });
		expect(sandbox.options.getVoucherShape).toBe('bodyOnly');
		await expect(control.action('setGetVoucherShape', { shape: 'withEverything' })).rejects.toThrow(
			/HTTP 400 .*getVoucherShape/,
		);
		await control.action('setGetVoucherShape', { shape: 'bodyWithState' });
		expect(sandbox.options.getVoucherShape).toBe('bodyWithState');
	});

	test("setListDates moves the zone of the list's dates; an offset that is not a number is a 400", async () => {
		await control.action('setListDates', { offsetHours: 6 });
		expect(sandbox.options.listDates).toEqual({ offsetHours: 6, filterBy: 'listed' });
		await control.action('setListDates', { offsetHours: -8, filterBy: 'instant' });
		expect(sandbox.options.listDates).toEqual({ offsetHours: -8, filterBy: 'instant' });
		await expect(control.action('setListDates', { offsetHours: '6' })).rejects.toThrow(
			'HTTP 400 "offsetHours" must be a number',
		);
		await expect(
			control.action('setListDates', { offsetHours: 6, filterBy: 'stamp' }),
		).rejects.toThrow(/HTTP 400 .*filterBy/);
		expect(sandbox.options.listDates).toEqual({ offsetHours: -8, filterBy: 'instant' });
	});

	test('one more in-process method is one table entry', async () => {
		const calls: unknown[] = [];
		CONTROL_ACTIONS.recordForTest = (_sandbox, args) => calls.push(args);
		try {
			await control.action('recordForTest', { uuid: 'ABC' });
		} finally {
			delete CONTROL_ACTIONS.recordForTest;
		}
		expect(calls).toEqual([{ uuid: 'ABC' }]);
	});
});

describe('npm run sandbox as its own process', () => {
	let child: ChildProcess | undefined;
	afterEach(() => {
		child?.kill('SIGTERM');
	});

	test('prints its URLs as one JSON line with --json and is driven through the control port', async () => {
		const root = join(__dirname, '..', '..');
		child = spawn(
			process.execPath,
			[
				join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
				'sandbox/cli.ts',
				'--api-port',
				'0',
				'--auth-port',
				'0',
				'--blob-port',
				'0',
				'--control-port',
				'0',
				'--token-lifetime',
				'5',
				'--json',
			],
			{
				cwd: root,
				stdio: ['ignore', 'pipe', 'inherit'],
			},
		);
		const line = await new Promise<string>((resolve, reject) => {
			let out = '';
			child!.stdout!.on('data', (chunk: Buffer) => {
				out += chunk.toString('utf8');
				if (out.includes('\n')) resolve(out.split('\n')[0]);
			});
			child!.on('exit', (code) =>
				reject(new Error(`the sandbox exited with ${String(code)}: ${out}`)),
			);
		});
		const urls = JSON.parse(line) as { authUrl: string; baseUrl: string; controlUrl: string };
		const remote = new SandboxControl(urls.controlUrl);
		const response = await fetch(`${urls.authUrl}/connect/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(passwordFields()).toString(),
		});
		expect(((await response.json()) as { expires_in: number }).expires_in).toBe(5);
		expect((await remote.counts()).tokenCalls).toEqual({ password: { accepted: 1, refused: 0 } });
		const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
		child = undefined;
	}, 30_000);
});
