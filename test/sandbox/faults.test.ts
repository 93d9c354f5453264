import { startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	passwordFields,
	postToken,
	PREFIX,
	validVoucher,
	waitFor,
} from '../support/sandboxHelpers';

describe('sandbox faults', () => {
	let sandbox: Sandbox;
	let client: ApiClient;

	beforeAll(async () => {
		sandbox = await startSandbox();
		client = await apiClient(sandbox);
	});
	afterEach(() => {
		sandbox.clearFaults();
		sandbox.setLatency(0);
	});
	afterAll(async () => {
		await sandbox.close();
	});

	const lastVoucher = (): ReturnType<Sandbox['vouchers']['get']> =>
		[...sandbox.vouchers.values()].at(-1);

	it('status: answers as told for `times` requests, performs nothing, then disappears', async () => {
		const count = sandbox.vouchers.size;
		sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 503,
			body: '{"message":"down"}',
			times: 2,
		});
		for (let i = 0; i < 2; i++) {
			const res = await client.create(validVoucher());
			expect(res.status).toBe(503);
			expect(await res.json()).toEqual({ message: 'down' });
		}
		expect(sandbox.vouchers.size).toBe(count);
		expect((await client.create(validVoucher())).status).toBe(200);
		expect(sandbox.vouchers.size).toBe(count + 1);
	});

	it('status: can carry any content type and applies on every server', async () => {
		sandbox.injectFault({
			route: 'token',
			kind: 'status',
			status: 502,
			body: 'Bad Gateway',
			contentType: 'text/plain',
		});
		const token = await postToken(sandbox, passwordFields());
		expect(token.status).toBe(502);
		expect(token.headers.get('content-type')).toBe('text/plain');
		expect(await token.text()).toBe('Bad Gateway');
		expect((await postToken(sandbox, passwordFields())).status).toBe(200);
	});

	it('faults wait for an authenticated request and queue in order', async () => {
		sandbox.injectFault({ route: 'getVoucher', kind: 'rateLimited' });
		sandbox.injectFault({ route: 'getVoucher', kind: 'html' });
		const anonymous = await fetch(
			`${sandbox.baseUrl}${PREFIX}/emisores/${EMISOR}/comprobantes/1001`,
		);
		expect(anonymous.status).toBe(401);
		const first = await client.get(1001);
		expect(first.status).toBe(429);
		expect(first.headers.get('retry-after')).toBe('1');
		const second = await client.get(1001);
		expect(second.status).toBe(200);
		expect(second.headers.get('content-type')).toMatch(/^text\/html/);
		expect(await second.text()).toContain('<html>');
		expect((await client.get(1001)).headers.get('content-type')).toMatch(/^application\/json/);
	});

	it('unauthorized: 401 even with a valid token, before anything else', async () => {
		sandbox.injectFault({ route: 'userinfo', kind: 'unauthorized' });
		const res = await fetch(`${sandbox.authUrl}/connect/userinfo`, {
			headers: { authorization: `Bearer ${client.token}` },
		});
		expect(res.status).toBe(401);
		expect(res.headers.get('www-authenticate')).toContain('invalid_token');
		sandbox.injectFault({ route: 'createVoucher', kind: 'unauthorized' });
		const count = sandbox.vouchers.size;
		expect((await client.create(validVoucher())).status).toBe(401);
		expect(sandbox.vouchers.size).toBe(count);
		expect((await client.create(validVoucher())).status).toBe(200);
	});

	it('storeThen500: stamps, then answers 500', async () => {
		const stamps = sandbox.stampCount();
		sandbox.injectFault({ route: 'createVoucher', kind: 'storeThen500' });
		const res = await client.create(validVoucher());
		expect(res.status).toBe(500);
		expect(await res.json()).toEqual({ message: 'An error has occurred.' });
		expect(lastVoucher()).toMatchObject({ state: 'stamped', stampCount: 1 });
		expect(sandbox.stampCount()).toBe(stamps + 1);
	});

	it('storeThen500 with stamp=false stores a pending voucher even with emitir=true', async () => {
		const stamps = sandbox.stampCount();
		sandbox.injectFault({ route: 'createVoucher', kind: 'storeThen500', stamp: false });
		expect((await client.create(validVoucher())).status).toBe(500);
		const stored = lastVoucher();
		expect(stored).toMatchObject({ state: 'pending', uuid: null });
		expect(sandbox.stampCount()).toBe(stamps);

		// The retry of a careful client: PUT the pending voucher.
		sandbox.injectFault({ route: 'updateVoucher', kind: 'storeThen500' });
		const id = stored?.id as number;
		expect((await client.update(id, { ...validVoucher(), id })).status).toBe(500);
		expect(sandbox.vouchers.get(id)).toMatchObject({ state: 'stamped', stampCount: 1 });
	});

	it('storeThen500 does not bypass validation', async () => {
		const count = sandbox.vouchers.size;
		sandbox.injectFault({ route: 'createVoucher', kind: 'storeThen500' });
		expect((await client.create(validVoucher({ total: 1 }))).status).toBe(500);
		expect(sandbox.vouchers.size).toBe(count);
	});

	it('seriesBusy: FAC119, nothing stored', async () => {
		const count = sandbox.vouchers.size;
		sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy' });
		const res = await client.create(validVoucher());
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({
			esValido: false,
			idComprobante: 0,
			errores: [{ codigo: 'FAC119', mensaje: 'La serie se encuentra ocupada, intente más tarde.' }],
			uuid: null,
			subEstatusId: 0,
			descripcion: null,
		});
		expect(sandbox.vouchers.size).toBe(count);
	});

	it('malformedJson: truncated JSON, operation not performed', async () => {
		const count = sandbox.vouchers.size;
		sandbox.injectFault({ route: 'createVoucher', kind: 'malformedJson' });
		const res = await client.create(validVoucher());
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		const text = await res.text();
		expect(() => JSON.parse(text)).toThrow();
		expect(sandbox.vouchers.size).toBe(count);
	});

	it('html: an IIS error page with status 200', async () => {
		const { uuid } = await client.stamp();
		sandbox.injectFault({ route: 'downloadXml', kind: 'html' });
		const res = await client.xml(uuid);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
		expect(await res.text()).toContain("Server Error in '/' Application.");
	});

	it('pdfNotReady and expiredLink on getPdfLink', async () => {
		const { uuid } = await client.stamp();
		await client.requestPdf(uuid);
		sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady' });
		const notReady = await client.pdfLink(uuid);
		expect(notReady.status).toBe(404);
		expect(await notReady.json()).toEqual({ message: 'The PDF has not been generated yet.' });

		sandbox.injectFault({ route: 'getPdfLink', kind: 'expiredLink' });
		const expiredLink = JSON.parse(await (await client.pdfLink(uuid)).text()) as string;
		expect(Date.parse(new URL(expiredLink).searchParams.get('se') ?? '')).toBeLessThan(Date.now());
		const expired = await fetch(expiredLink);
		expect(expired.status).toBe(403);
		expect(await expired.text()).toContain('<Code>AuthenticationFailed</Code>');

		const fresh = JSON.parse(await (await client.pdfLink(uuid)).text()) as string;
		expect((await fetch(fresh)).status).toBe(200);
	});

	it('rateLimited on the blob store', async () => {
		const { uuid } = await client.stamp();
		await client.requestPdf(uuid);
		const link = JSON.parse(await (await client.pdfLink(uuid)).text()) as string;
		sandbox.injectFault({ route: 'blob', kind: 'rateLimited' });
		const limited = await fetch(link);
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('1');
		expect((await fetch(link)).status).toBe(200);
	});

	it('timeout: performs, then never answers (the client gives up)', async () => {
		const stamps = sandbox.stampCount();
		sandbox.injectFault({ route: 'createVoucher', kind: 'timeout' });
		const pending = client.create(validVoucher()).catch((e: Error) => e);
		await waitFor(() => sandbox.stampCount() === stamps + 1);
		expect(sandbox.requests.at(-1)).toMatchObject({ route: 'createVoucher', status: 0 });
		// Nothing arrives while held; the next request is answered normally.
		expect((await client.get(1001)).status).toBe(200);
		const early = await Promise.race([
			pending,
			new Promise((resolve) => setTimeout(() => resolve('still held'), 50)),
		]);
		expect(early).toBe('still held');
	});

	it('timeout with perform=false and a short hold: nothing performed, connection dropped', async () => {
		const count = sandbox.vouchers.size;
		sandbox.injectFault({ route: 'createVoucher', kind: 'timeout', perform: false, holdMs: 50 });
		await expect(client.create(validVoucher())).rejects.toThrow();
		expect(sandbox.vouchers.size).toBe(count);
		expect(sandbox.requests.at(-1)).toMatchObject({ route: 'createVoucher', status: 0 });
	});

	it('connectionReset: performs, then resets the connection', async () => {
		const stamps = sandbox.stampCount();
		sandbox.injectFault({ route: 'createVoucher', kind: 'connectionReset' });
		await expect(client.create(validVoucher())).rejects.toThrow();
		expect(sandbox.stampCount()).toBe(stamps + 1);
		expect(sandbox.requests.at(-1)?.status).toBe(0);

		const count = sandbox.vouchers.size;
		sandbox.injectFault({ route: 'createVoucher', kind: 'connectionReset', perform: false });
		await expect(client.create(validVoucher())).rejects.toThrow();
		expect(sandbox.vouchers.size).toBe(count);
	});

	it('connectionReset on the token route can consume a refresh token', async () => {
		const first = (await (await postToken(sandbox, passwordFields())).json()) as {
			refresh_token: string;
		};
		const refresh = {
			grant_type: 'refresh_token',
			refresh_token: first.refresh_token,
			client_id: passwordFields().client_id,
			client_secret: passwordFields().client_secret,
		};
		sandbox.injectFault({ route: 'token', kind: 'connectionReset' });
		await expect(postToken(sandbox, refresh)).rejects.toThrow();
		const retry = await postToken(sandbox, refresh);
		expect(retry.status).toBe(400);
		expect(await retry.json()).toMatchObject({ error: 'invalid_grant' });
	});

	it('rejects faults that do not fit the route', () => {
		expect(() => sandbox.injectFault({ route: 'getVoucher', kind: 'seriesBusy' } as never)).toThrow(
			/createVoucher/,
		);
		expect(() =>
			sandbox.injectFault({ route: 'createVoucher', kind: 'expiredLink' } as never),
		).toThrow(/getPdfLink/);
		expect(() =>
			sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 42 }),
		).toThrow();
		expect(() => sandbox.injectFault({ route: 'createVoucher', kind: 'html', times: 0 })).toThrow();
	});

	it('clearFaults drops queued faults', async () => {
		sandbox.injectFault({ route: 'getVoucher', kind: 'rateLimited', times: 5 });
		sandbox.clearFaults();
		expect((await client.get(1001)).status).toBe(200);
	});

	it('setLatency delays every response', async () => {
		sandbox.setLatency(150);
		expect(sandbox.options.latencyMs).toBe(150);
		for (const call of [() => client.get(1001), () => postToken(sandbox, passwordFields())]) {
			const started = Date.now();
			const res = await call();
			expect(res.status).toBe(200);
			expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		}
	});

	it('logs every request of every server in arrival order', async () => {
		sandbox.clearLog();
		expect(sandbox.requests).toHaveLength(0);
		const { uuid } = await client.stamp();
		await client.requestPdf(uuid);
		const link = JSON.parse(await (await client.pdfLink(uuid)).text()) as string;
		await fetch(link);
		expect(sandbox.requests.map((r) => [r.server, r.route, r.status])).toEqual([
			['api', 'createVoucher', 200],
			['api', 'requestPdf', 200],
			['api', 'getPdfLink', 200],
			['blob', 'blob', 200],
		]);
		const [create, , , blob] = sandbox.requests;
		expect(create.query).toEqual({ emitir: 'true' });
		expect(create.pathname).toBe(`${PREFIX}/emisores/${EMISOR}/comprobantes`);
		expect(JSON.parse(create.body)).toMatchObject({ version: '4.0' });
		expect(create.headers.authorization).toBe(`Bearer ${client.token}`);
		expect(blob.headers.authorization).toBeUndefined();
		expect(blob.query.sig).toBeDefined();
		expect(create.at).toBeLessThanOrEqual(blob.at);
	});
});

describe('sandbox close()', () => {
	it('returns promptly while a timeout fault holds a request', async () => {
		const sandbox = await startSandbox();
		const client = await apiClient(sandbox);
		sandbox.injectFault({ route: 'createVoucher', kind: 'timeout' });
		const held = client.create(validVoucher()).then(
			() => 'answered',
			() => 'dropped',
		);
		await waitFor(() => sandbox.requests.some((r) => r.route === 'createVoucher'));
		await waitFor(() => sandbox.stampCount() === 1);
		const started = Date.now();
		await sandbox.close();
		expect(Date.now() - started).toBeLessThan(2000);
		expect(await held).toBe('dropped');
		// Idempotent.
		await sandbox.close();
	});

	it('returns promptly with responses waiting on latency and idle keep-alive sockets', async () => {
		const sandbox = await startSandbox({ latencyMs: 60_000 });
		const pending = fetch(`${sandbox.authUrl}/connect/userinfo`).then(
			() => 'answered',
			() => 'dropped',
		);
		await waitFor(() => sandbox.requests.length === 1);
		const started = Date.now();
		await sandbox.close();
		expect(Date.now() - started).toBeLessThan(2000);
		expect(await pending).toBe('dropped');
		expect(sandbox.requests[0].status).toBe(0);
	});
});
