/**
 * One token renewal per expiry: items running together share one renewal in a process, and a
 * process that loses a refresh race to another (queue mode) uses the session the other one saved.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import {
	DEFAULT_ACCOUNT,
	startSandbox,
	type LoggedRequest,
	type Sandbox,
	type SandboxAccount,
} from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { CREDENTIAL_ID, Engine, shutdownEngine } from '../../../support/engine/engine';
import { createParams } from '../../../support/nodeTestKit';
import { sandboxCredential } from '../../../support/sandboxCredential';

const LIFETIME_S = 1;
// The credential renews a tenth of the lifetime early.
const RENEW_AFTER_MS = LIFETIME_S * 900;

let sandbox: Sandbox;
afterEach(async () => await sandbox?.close());
afterAll(shutdownEngine);

interface TokenCall {
	grant: string;
	refreshToken: string;
	clientId: string;
	status: number;
	at: number;
}

function tokenCalls(requests: LoggedRequest[] = sandbox.requests): TokenCall[] {
	return requests
		.filter((request) => request.route === 'token')
		.map((request) => {
			const form = new URLSearchParams(request.body);
			return {
				grant: form.get('grant_type') ?? '',
				refreshToken: form.get('refresh_token') ?? '',
				clientId: form.get('client_id') ?? '',
				status: request.status,
				at: request.at,
			};
		});
}

const grants = (calls: TokenCall[]) => ({
	password: calls.filter((call) => call.grant === 'password').length,
	refreshAccepted: calls.filter((call) => call.grant === 'refresh_token' && call.status === 200)
		.length,
	refreshRejected: calls.filter((call) => call.grant === 'refresh_token' && call.status !== 200)
		.length,
});

const stampParams = createParams(invoiceVoucher(), {
	voucherJson: '={{ JSON.stringify($json.voucher) }}',
	// Sign-in is under test; the Duplicate Check (on by default) has its own tests.
	duplicateCheck: 'off',
	options: { concurrency: 4 },
});
const orders = (n: number, tag: string, overrides: IDataObject = {}) =>
	Array.from({ length: n }, (_, i) => ({
		voucher: invoiceVoucher({ descripcionFacturador: `${tag} ${i}`, ...overrides }),
	}));

function expectEveryItemStampedOnce(items: Array<{ json: IDataObject }>, count: number): void {
	expect(items).toHaveLength(count);
	expect(items.every((item) => item.json.status === 'stamped')).toBe(true);
	const ids = items.map((item) => item.json.idComprobante);
	expect(new Set(ids).size).toBe(count);
	for (const id of ids) expect(sandbox.vouchers.get(Number(id))?.stampCount).toBe(1);
}

/** Signs the credential in once (so the runs below only renew), then clears the log. */
async function signedIn(engine: Engine): Promise<void> {
	const { error } = await engine.runNode(
		{ resource: 'voucher', operation: 'get', voucherId: 1 },
		[{}],
		{ continueOnFail: true },
	);
	expect(error).toBeUndefined();
	sandbox.clearLog();
}

describe('in one process', () => {
	test('300 items at concurrency 4 with a 1 s token: one refresh per expiry, no rejected refresh, no extra password grant', async () => {
		// 10 ms per answer and two calls per item make the run last at least 75 × 2 × 10 ms = 1.5 s: at least one expiry.
		sandbox = await startSandbox({ tokenLifetimeSeconds: LIFETIME_S, latencyMs: 10 });
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));

		const { items, error } = await engine.runNode(stampParams, orders(300, 'order'));
		expect(error).toBeUndefined();
		expectEveryItemStampedOnce(items, 300);

		const calls = tokenCalls();
		const counts = grants(calls);
		expect(counts).toEqual({
			password: 1,
			refreshAccepted: expect.any(Number),
			refreshRejected: 0,
		});
		expect(counts.refreshAccepted).toBeGreaterThanOrEqual(1);
		expect(calls.every((call) => call.status === 200)).toBe(true);
		// Every refresh token is spent once, and a renewal only follows the expiry of the previous session.
		const spent = calls
			.filter((call) => call.grant === 'refresh_token')
			.map((call) => call.refreshToken);
		expect(new Set(spent).size).toBe(spent.length);
		for (let i = 1; i < calls.length; i++)
			expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(RENEW_AFTER_MS);
		expect(sandbox.requests.filter((request) => request.route === 'userinfo')).toHaveLength(1);
	});

	test('tokens revoked by the service mid-run: the items that meet the 401 share one refresh', async () => {
		sandbox = await startSandbox({ latencyMs: 5 });
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));
		await signedIn(engine);
		// Expire every access token once 40 vouchers are stamped (the service's clock, not the credential's).
		const watcher = setInterval(() => {
			if (sandbox.stampCount() >= 40) {
				sandbox.expireAccessTokens();
				clearInterval(watcher);
			}
		}, 5);
		try {
			const { items, error } = await engine.runNode(stampParams, orders(120, 'revoked'));
			expect(error).toBeUndefined();
			expectEveryItemStampedOnce(items, 120);
		} finally {
			clearInterval(watcher);
		}
		expect(
			sandbox.requests.filter((request) => request.status === 401).length,
		).toBeGreaterThanOrEqual(1);
		expect(grants(tokenCalls())).toEqual({ password: 0, refreshAccepted: 1, refreshRejected: 0 });
	});

	test('two executions of one credential in the same process share the renewal', async () => {
		sandbox = await startSandbox({ latencyMs: 5 });
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));
		await signedIn(engine);
		engine.setCredential({
			...engine.credentials.saved(CREDENTIAL_ID),
			sessionExpiresAt: Date.now() - 1000,
		});

		const [a, b] = await Promise.all([
			engine.runNode(stampParams, orders(20, 'a')),
			engine.runNode(stampParams, orders(20, 'b')),
		]);
		expect(a.error ?? b.error).toBeUndefined();
		expect(grants(tokenCalls())).toEqual({ password: 0, refreshAccepted: 1, refreshRejected: 0 });
	});

	test('different credentials never share a renewal: each spends its own refresh token and keeps its own account', async () => {
		const second: SandboxAccount = {
			...DEFAULT_ACCOUNT,
			username: 'XIA190128J61',
			rfc: 'XIA190128J61',
			nombre: 'XENON INDUSTRIAL ARTICLES',
			clientId: 'second-client',
			clientSecret: 'second-secret-77aa',
			emisorId: 5678,
			usuarioId: 78,
		};
		sandbox = await startSandbox({ latencyMs: 5, accounts: [DEFAULT_ACCOUNT, second] });
		const engine = new Engine();
		// Two credentials of the same account and one of another account, all three expired at once.
		engine.setCredential(sandboxCredential(sandbox), 'same-1');
		engine.setCredential(sandboxCredential(sandbox), 'same-2');
		engine.setCredential(
			sandboxCredential(sandbox, {
				username: second.username,
				clientId: second.clientId,
				clientSecret: second.clientSecret,
			}),
			'other',
		);
		const ids = ['same-1', 'same-2', 'other'];
		const get = { resource: 'voucher', operation: 'get', voucherId: 1 };
		for (const id of ids)
			await engine.runNode(get, [{}], { credentialId: id, continueOnFail: true });
		const before = Object.fromEntries(ids.map((id) => [id, engine.credentials.saved(id)]));
		for (const id of ids)
			engine.setCredential({ ...before[id], sessionExpiresAt: Date.now() - 1000 }, id);
		sandbox.clearLog();

		const issuer = (id: string) =>
			id === 'other'
				? {
						emisor: { rfc: second.rfc, nombre: second.nombre, regimenFiscal: second.regimenFiscal },
					}
				: {};
		const runs = await Promise.all(
			ids.map((id) => engine.runNode(stampParams, orders(8, id, issuer(id)), { credentialId: id })),
		);
		for (const run of runs) expect(run.error).toBeUndefined();

		const refreshes = tokenCalls().filter((call) => call.grant === 'refresh_token');
		expect(refreshes.map((call) => call.status)).toEqual([200, 200, 200]);
		expect(new Set(refreshes.map((call) => call.refreshToken))).toEqual(
			new Set(ids.map((id) => before[id].refreshToken)),
		);
		const after = Object.fromEntries(ids.map((id) => [id, engine.credentials.saved(id)]));
		expect(new Set(ids.map((id) => after[id].accessToken)).size).toBe(3);
		expect(after.other.emisorId).toBe(String(second.emisorId));
		expect(after['same-1'].emisorId).toBe(String(DEFAULT_ACCOUNT.emisorId));
		// Each run's vouchers went to its own account's issuer.
		expect(
			runs[2].items.every(
				(item) =>
					sandbox.vouchers.get(Number(item.json.idComprobante))?.emisorId === second.emisorId,
			),
		).toBe(true);
		expect(
			runs[0].items.every(
				(item) =>
					sandbox.vouchers.get(Number(item.json.idComprobante))?.emisorId ===
					DEFAULT_ACCOUNT.emisorId,
			),
		).toBe(true);
	});
});

describe('across processes (queue mode: one credential database, separate memory)', () => {
	test('two workers, 150 items each at concurrency 4, 1 s token: the loser of a refresh race uses the saved session, no extra password grant', async () => {
		sandbox = await startSandbox({ tokenLifetimeSeconds: LIFETIME_S, latencyMs: 10 });
		const workerA = new Engine();
		const workerB = new Engine({ copy: 'source', sharedDatabase: workerA });
		workerA.setCredential(sandboxCredential(sandbox));
		await signedIn(workerA);

		const [a, b] = await Promise.all([
			workerA.runNode(stampParams, orders(150, 'a')),
			workerB.runNode(stampParams, orders(150, 'b')),
		]);
		expect(a.error ?? b.error).toBeUndefined();
		expectEveryItemStampedOnce([...a.items, ...b.items], 300);

		const calls = tokenCalls();
		const counts = grants(calls);
		expect(counts.password).toBe(0);
		expect(counts.refreshAccepted).toBeGreaterThanOrEqual(1);
		// At most the other worker loses each race (one rejected refresh per expiry), and never retries the spent token.
		expect(counts.refreshRejected).toBeLessThanOrEqual(counts.refreshAccepted);
		const accepted = calls
			.filter((call) => call.grant === 'refresh_token' && call.status === 200)
			.map((call) => call.refreshToken);
		expect(new Set(accepted).size).toBe(accepted.length);
		for (const token of new Set(calls.map((call) => call.refreshToken))) {
			expect(
				calls.filter((call) => call.refreshToken === token && call.status !== 200).length,
			).toBeLessThanOrEqual(1);
		}
	});

	test('a race lost before the other worker saved: waits for the saved session instead of signing in with the password', async () => {
		sandbox = await startSandbox({ latencyMs: 5 });
		const worker = new Engine();
		worker.setCredential(sandboxCredential(sandbox));
		await signedIn(worker);
		const stale: ICredentialDataDecryptedObject = {
			...worker.credentials.saved(CREDENTIAL_ID),
			sessionExpiresAt: Date.now() - 1000,
		};
		worker.setCredential(stale);

		// The other worker (its own memory) renews first; its answer reaches the database 400 ms later.
		const other = new Engine({ copy: 'source' });
		other.setCredential(stale);
		const { error: otherError } = await other.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: 1 },
			[{}],
			{ continueOnFail: true },
		);
		expect(otherError).toBeUndefined();
		const renewed = other.credentials.saved(CREDENTIAL_ID);
		expect(renewed.refreshToken).not.toBe(stale.refreshToken);
		sandbox.clearLog();
		const saveLater = setTimeout(() => worker.setCredential(renewed), 400);

		try {
			// A second execution starts while the first one waits: it must wait too, not sign in with the password.
			const later = new Promise<void>((resolve) => setTimeout(resolve, 100)).then(
				async () => await worker.runNode(stampParams, orders(8, 'later')),
			);
			const [first, second] = await Promise.all([
				worker.runNode(stampParams, orders(8, 'late')),
				later,
			]);
			expect(first.error ?? second.error).toBeUndefined();
			expectEveryItemStampedOnce([...first.items, ...second.items], 16);
		} finally {
			clearTimeout(saveLater);
		}
		expect(grants(tokenCalls())).toEqual({ password: 0, refreshAccepted: 0, refreshRejected: 1 });
		const bearer = `Bearer ${String(renewed.accessToken)}`;
		expect(
			sandbox.requests
				.filter((request) => request.server === 'api')
				.every((request) => request.headers.authorization === bearer),
		).toBe(true);
	});

	test('a refresh token nobody saved a successor for (revoked): one password grant after the wait', async () => {
		sandbox = await startSandbox({ latencyMs: 5 });
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));
		await signedIn(engine);
		sandbox.revokeRefreshTokens();
		engine.setCredential({
			...engine.credentials.saved(CREDENTIAL_ID),
			sessionExpiresAt: Date.now() - 1000,
		});

		const { items, error } = await engine.runNode(stampParams, orders(12, 'revoked'));
		expect(error).toBeUndefined();
		expectEveryItemStampedOnce(items, 12);
		expect(grants(tokenCalls())).toEqual({ password: 1, refreshAccepted: 0, refreshRejected: 1 });
	});
});
