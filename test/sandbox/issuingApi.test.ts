/**
 * Also covers: sandbox/index.ts, sandbox/http.ts, sandbox/dispatch.ts, sandbox/stamping.ts, sandbox/types.ts, sandbox/apiRoutes.ts, sandbox/operationRequests.ts, sandbox/printedVoucher.ts (the sandbox over real HTTP: startSandbox, the HTTP host, routing and the route table, the stamping checks, the binding of the create/update and e-mail requests, the printed PDF and the shared types).
 */
import { DEFAULT_ACCOUNT, startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	MAIL_PREFIX,
	PREFIX,
	SECOND_ACCOUNT,
	validVoucher,
} from '../support/sandboxHelpers';

type Result = {
	esValido: boolean;
	idComprobante: number;
	errores: Array<{ codigo: string; mensaje: string }> | null;
	uuid: string | null;
	subEstatusId: number;
	descripcion: string | null;
};

const UUID_V4 = /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;

describe('sandbox issuing API', () => {
	let sandbox: Sandbox;
	let client: ApiClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ accounts: [DEFAULT_ACCOUNT, SECOND_ACCOUNT] });
		client = await apiClient(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
	});

	describe('create', () => {
		it('stamps with emitir=true', async () => {
			const before = sandbox.stampCount();
			const res = await client.create(validVoucher());
			expect(res.status).toBe(200);
			const result = (await res.json()) as Result;
			expect(result).toEqual({
				esValido: true,
				idComprobante: expect.any(Number),
				errores: null,
				uuid: expect.stringMatching(UUID_V4),
				subEstatusId: 2,
				descripcion: null,
			});
			expect(result.idComprobante).toBeGreaterThanOrEqual(1001);
			const stored = sandbox.vouchers.get(result.idComprobante);
			expect(stored).toMatchObject({
				state: 'stamped',
				uuid: result.uuid,
				stampCount: 1,
				emisorId: EMISOR,
				pdfRequestedAt: null,
			});
			expect(stored?.xml).toContain(result.uuid);
			expect(sandbox.stampCount()).toBe(before + 1);
		});

		it('numbers vouchers from 1001 upwards', async () => {
			const fresh = await startSandbox();
			try {
				const c = await apiClient(fresh);
				const first = (await (await c.create(validVoucher(), 'emitir=false')).json()) as Result;
				const second = (await (await c.create(validVoucher())).json()) as Result;
				expect(first.idComprobante).toBe(1001);
				expect(second.idComprobante).toBe(1002);
			} finally {
				await fresh.close();
			}
		});

		it('saves as pending with emitir=false and ignores a body id', async () => {
			const res = await client.create({ ...validVoucher(), id: 5 }, 'emitir=false');
			const result = (await res.json()) as Result;
			expect(result).toEqual({
				esValido: false,
				idComprobante: expect.any(Number),
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: null,
			});
			expect(result.idComprobante).not.toBe(5);
			const stored = sandbox.vouchers.get(result.idComprobante);
			expect(stored).toMatchObject({ state: 'pending', uuid: null, xml: null, stampCount: 0 });
			expect(stored?.body.id).toBeUndefined();
		});

		it('applies the base validations for both emitir values and stores nothing', async () => {
			for (const query of ['emitir=true', 'emitir=false']) {
				const count = sandbox.vouchers.size;
				const res = await client.create(
					validVoucher({
						version: '3.3',
						serie: 'ZZ',
						emisor: { rfc: 'AAA010101AAA' },
						receptor: {},
						conceptos: [],
					}),
					query,
				);
				expect(res.status).toBe(200);
				const result = (await res.json()) as Result;
				expect(result).toMatchObject({
					esValido: false,
					idComprobante: 0,
					uuid: null,
					subEstatusId: 0,
					descripcion: expect.any(String),
				});
				expect(result.errores?.map((e) => e.codigo)).toEqual([
					'FAC101',
					'FAC102',
					'FAC103',
					'FAC104',
					'FAC112',
				]);
				expect(result.errores?.find((e) => e.codigo === 'FAC112')?.mensaje).toBe(
					'La serie no existe',
				);
				expect(sandbox.vouchers.size).toBe(count);
			}
		});

		it('collects every stamping failure and stores nothing', async () => {
			const count = sandbox.vouchers.size;
			const stamps = sandbox.stampCount();
			const voucher = validVoucher({
				subTotal: 900,
				total: 1000,
				metodoPago: 'PPD',
				formaPago: '03',
				fecha: '2024-05-01 10:00',
			});
			(voucher.conceptos as Array<Record<string, unknown>>)[0].importe = 999;
			const res = await client.create(voucher, 'emitir=true&noCalcularFecha=true');
			const result = (await res.json()) as Result;
			expect(result.esValido).toBe(false);
			expect(result.idComprobante).toBe(0);
			expect(result.errores?.map((e) => e.codigo).sort()).toEqual([
				'CFDI40101',
				'CFDI40105',
				'CFDI40108',
				'CFDI40119',
				'CFDI40167',
			]);
			expect(sandbox.vouchers.size).toBe(count);
			expect(sandbox.stampCount()).toBe(stamps);
		});

		it('ignores the fecha format unless noCalcularFecha=true, and tolerates a cent', async () => {
			const res = await client.create(validVoucher({ fecha: 'whenever', total: 1160.01 }));
			expect(((await res.json()) as Result).esValido).toBe(true);
		});

		it('accepts a PPD invoice with formaPago 99 and withheld taxes', async () => {
			const voucher = validVoucher({
				metodoPago: 'PPD',
				formaPago: '99',
				descuento: 100,
				total: 1010,
				impuestos: {
					totalImpuestosTrasladados: 160,
					totalImpuestosRetenidos: 50,
					traslados: [],
					retenciones: [{ impuesto: '001', importe: 50 }],
				},
			});
			const result = (await (await client.create(voucher)).json()) as Result;
			expect(result.errores).toBeNull();
			expect(result.esValido).toBe(true);
		});

		it('requires emitir', async () => {
			for (const query of ['', 'emitir=maybe']) {
				const res = await client.create(validVoucher(), query);
				expect(res.status).toBe(400);
				const problem = (await res.json()) as Record<string, unknown>;
				expect(problem).toMatchObject({
					title: 'One or more validation errors occurred.',
					status: 400,
					errors: { emitir: [expect.any(String)] },
				});
			}
		});

		it('answers 400 problem details to invalid JSON and to type mismatches', async () => {
			const broken = await client.create('{"version": "4.0",');
			expect(broken.status).toBe(400);
			expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
			expect(await broken.json()).toMatchObject({
				title: 'One or more validation errors occurred.',
				status: 400,
				errors: { $: [expect.any(String)] },
			});

			const voucher = validVoucher();
			(voucher.conceptos as Array<Record<string, unknown>>)[0].cantidad = 2;
			const typed = await client.create(voucher);
			expect(typed.status).toBe(400);
			expect(((await typed.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
				'$.conceptos[0].cantidad',
			]);

			const array = await client.create([validVoucher()]);
			expect(array.status).toBe(400);
		});

		it('reads numbers from numeric strings, like ASP.NET web defaults', async () => {
			const result = (await (
				await client.create(validVoucher({ subTotal: '1000.00', total: '1160' }))
			).json()) as Result;
			expect(result.esValido).toBe(true);
		});

		it('needs a JSON content type (charset allowed)', async () => {
			const withCharset = await client.request(
				'POST',
				`${PREFIX}/emisores/${EMISOR}/comprobantes?emitir=false`,
				validVoucher(),
				{
					'content-type': 'application/json; charset=utf-8',
				},
			);
			expect(withCharset.status).toBe(200);
			const wrong = await client.request(
				'POST',
				`${PREFIX}/emisores/${EMISOR}/comprobantes?emitir=false`,
				JSON.stringify(validVoucher()),
				{
					'content-type': 'text/plain',
				},
			);
			expect(wrong.status).toBe(415);
			const form = await client.request(
				'PUT',
				`${PREFIX}/emisores/${EMISOR}/comprobantes/1001?emitir=false`,
				'a=b',
				{
					'content-type': 'application/x-www-form-urlencoded',
				},
			);
			expect(form.status).toBe(415);
		});
	});

	describe('paths', () => {
		it('is case-exact: a wrong prefix case is a 404', async () => {
			const upper = await client.request(
				'POST',
				`/BusinessEmision/api/v1/emisores/${EMISOR}/comprobantes?emitir=true`,
				validVoucher(),
			);
			expect(upper.status).toBe(404);
			const lowerMail = await client.request(
				'POST',
				`/businessEmision/api/v1/emisores/${EMISOR}/enviocorreo`,
				{ para: 'a@b.mx' },
			);
			expect(lowerMail.status).toBe(404);
			const shortPath = await client.request(
				'POST',
				`/api/v1/emisores/${EMISOR}/comprobantes?emitir=true`,
				validVoucher(),
			);
			expect(shortPath.status).toBe(404);
			expect(sandbox.requests.slice(-3).map((r) => r.route)).toEqual([
				'unknown',
				'unknown',
				'unknown',
			]);
		});

		it('answers 405 to a known path with another method', async () => {
			const res = await client.request('PATCH', `${PREFIX}/emisores/${EMISOR}/comprobantes/1001`);
			expect(res.status).toBe(405);
			expect(res.headers.get('allow')).toBe('GET, PUT, DELETE');
		});

		it("serves the 'short' path style under /api/v1 only", async () => {
			const short = await startSandbox({ pathStyle: 'short' });
			try {
				const c = await apiClient(short);
				const spec = await c.create(validVoucher());
				expect(spec.status).toBe(404);
				const created = await c.request(
					'POST',
					`/api/v1/emisores/${EMISOR}/comprobantes?emitir=true`,
					validVoucher(),
				);
				const { uuid } = (await created.json()) as Result;
				const mail = await c.request('POST', `/api/v1/emisores/${EMISOR}/enviocorreo`, {
					para: 'a@b.mx',
					cc: '',
					asunto: 's',
					mensaje: 'm',
					responderA: '',
					cfdi: { uuid },
				});
				expect(mail.status).toBe(200);
				const xml = await c.request(
					'GET',
					`/api/v1/emisores/${EMISOR}/descargacomprobantes/${uuid}?tipoContenido=xml`,
				);
				expect(xml.status).toBe(200);
			} finally {
				await short.close();
			}
		});
	});

	describe('authentication and issuer', () => {
		it('answers 401 without, with a garbage or with an expired token', async () => {
			const path = `${PREFIX}/emisores/${EMISOR}/comprobantes?emitir=false`;
			const none = await fetch(`${sandbox.baseUrl}${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			expect(none.status).toBe(401);
			expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
			expect(await none.text()).toBe('');

			const garbage = new ApiClient(sandbox, 'garbage');
			expect((await garbage.create(validVoucher())).status).toBe(401);

			const expiring = await apiClient(sandbox);
			expect((await expiring.get(1001)).status).not.toBe(401);
			sandbox.expireAccessTokens();
			const expired = await expiring.get(1001);
			expect(expired.status).toBe(401);
			expect(expired.headers.get('www-authenticate')).toMatch(
				/error="invalid_token", error_description="The token expired at/,
			);
			client = await apiClient(sandbox);
		});

		it("answers 403 for another issuer's path", async () => {
			const res = await client.request(
				'GET',
				`${PREFIX}/emisores/${SECOND_ACCOUNT.emisorId}/comprobantes/1001`,
			);
			expect(res.status).toBe(403);
			expect(await res.json()).toEqual({ message: 'The issuer does not belong to this user.' });
		});

		it("hides another issuer's vouchers", async () => {
			const other = await apiClient(sandbox, SECOND_ACCOUNT);
			const created = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			expect((await other.get(created.idComprobante)).status).toBe(404);
			const foreignRfc = (await (
				await other.create(validVoucher({ serie: 'X' }))
			).json()) as Result;
			expect(foreignRfc.errores?.map((e) => e.codigo)).toEqual(['FAC102']);
		});
	});

	describe('get and update (state machine)', () => {
		it('pending → PUT emitir=true → stamped', async () => {
			const created = (await (
				await client.create(validVoucher({ serie: 'B' }), 'emitir=false')
			).json()) as Result;
			const id = created.idComprobante;

			const pending = await client.get(id);
			expect(pending.status).toBe(200);
			expect(await pending.json()).toMatchObject({
				id,
				serie: 'B',
				esValido: false,
				subEstatusId: 0,
				uuid: null,
				version: '4.0',
			});

			const updated = await client.update(id, { ...validVoucher({ serie: 'F', folio: '7' }), id });
			const result = (await updated.json()) as Result;
			expect(result).toEqual({
				esValido: true,
				idComprobante: id,
				errores: null,
				uuid: expect.stringMatching(UUID_V4),
				subEstatusId: 2,
				descripcion: null,
			});
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'stamped',
				stampCount: 1,
				body: expect.objectContaining({ serie: 'F', folio: '7' }),
			});

			const stamped = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(stamped).toMatchObject({
				id,
				serie: 'F',
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});

			const again = (await (await client.update(id, { ...validVoucher(), id })).json()) as Result;
			expect(again).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: result.uuid,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
			});
			expect(sandbox.vouchers.get(id)?.stampCount).toBe(1);
		});

		it('getVoucherShape bodyOnly: GET gives the body alone and the "already stamped" refusal only its code and text', async () => {
			sandbox.setGetVoucherShape('bodyOnly');
			const { idComprobante: id } = (await (
				await client.create(validVoucher({ folio: '88' }), 'emitir=false')
			).json()) as Result;
			const pending = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(pending).toMatchObject({ id, folio: '88', version: '4.0' });
			for (const member of ['esValido', 'subEstatusId', 'uuid'])
				expect(pending).not.toHaveProperty(member);
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '88' }), id })
			).json()) as Result;
			expect(result).toMatchObject({ esValido: true, uuid: expect.stringMatching(UUID_V4) });
			const stamped = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(
				Object.keys(stamped).filter((key) => ['esValido', 'subEstatusId', 'uuid'].includes(key)),
			).toEqual([]);
			const again = (await (await client.update(id, { ...validVoucher(), id })).json()) as Result;
			expect(again).toEqual({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: null,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
				descripcion: 'FAC121: El comprobante ya fue timbrado.',
			});
			expect(sandbox.vouchers.get(id)?.stampCount).toBe(1);
			sandbox.setGetVoucherShape('bodyWithState');
			expect(await (await client.get(id)).json()).toMatchObject({
				id,
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});
			expect(() => sandbox.setGetVoucherShape('other' as never)).toThrow(/bodyWithState/);
		});

		it('PUT emitir=false replaces the body and stays pending', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '555' }), id }, 'emitir=false')
			).json()) as Result;
			expect(result).toEqual({
				esValido: false,
				idComprobante: id,
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: null,
			});
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				body: expect.objectContaining({ folio: '555' }),
			});
		});

		it('a failed PUT stamp keeps the voucher pending and unchanged', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher({ folio: '1' }), 'emitir=false')
			).json()) as Result;
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '2', total: 5 }), id })
			).json()) as Result;
			expect(result).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: 0,
			});
			expect(result.errores?.map((e) => e.codigo)).toEqual(['CFDI40119']);
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				stampCount: 0,
				body: expect.objectContaining({ folio: '1' }),
			});
		});

		it('PUT needs a body id equal to the path id', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			for (const body of [{ ...validVoucher(), id: id + 1 }, validVoucher()]) {
				const res = await client.update(id, body);
				expect(res.status).toBe(400);
				expect(((await res.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty(
					'id',
				);
			}
			expect(sandbox.vouchers.get(id)?.state).toBe('pending');
		});

		it('404s for unknown ids', async () => {
			expect((await client.get(99999)).status).toBe(404);
			const res = await client.update(99999, { ...validVoucher(), id: 99999 });
			expect(res.status).toBe(404);
			expect(await res.json()).toEqual({ message: expect.any(String) });
			// A non-numeric id misses the GET route's int constraint; the cancel route (DELETE) has that path.
			expect(
				(await client.request('GET', `${PREFIX}/emisores/${EMISOR}/comprobantes/abc`)).status,
			).toBe(405);
		});
	});

	describe('XML, PDF and e-mail', () => {
		let uuid: string;
		beforeAll(async () => {
			({ uuid } = await client.stamp());
		});

		it('downloads the XML by UUID, case-insensitively', async () => {
			const res = await client.xml(uuid.toLowerCase());
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
			const xml = await res.text();
			expect(xml).toContain(`UUID="${uuid}"`);
			expect(xml.startsWith('<?xml')).toBe(true);
		});

		it('requires tipoContenido=xml and a known UUID', async () => {
			expect((await client.xml(uuid, 'tipoContenido=pdf')).status).toBe(400);
			expect((await client.xml(uuid, '')).status).toBe(400);
			expect((await client.xml('00000000-0000-4000-8000-000000000000')).status).toBe(404);
		});

		it('does not serve pending vouchers as XML or PDF', async () => {
			const { idComprobante } = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			expect((await client.xml(String(idComprobante))).status).toBe(404);
			expect((await client.requestPdf(String(idComprobante))).status).toBe(404);
		});

		it('requests the PDF (no body) and returns a signed link', async () => {
			const early = await client.pdfLink(uuid);
			expect(early.status).toBe(404);
			expect(await early.json()).toEqual({ message: 'The PDF has not been generated yet.' });

			const requested = await client.requestPdf(uuid);
			expect(requested.status).toBe(200);
			expect(requested.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await requested.text()).toBe('1');
			expect(sandbox.requests.at(-1)?.headers['content-length']).toBe('0');

			for (const slash of [false, true]) {
				const res = await client.pdfLink(uuid, slash);
				expect(res.status).toBe(200);
				expect(res.headers.get('content-type')).toMatch(/^application\/json/);
				const link = JSON.parse(await res.text()) as string;
				const url = new URL(link);
				expect(`${url.protocol}//${url.host}`).toBe(sandbox.blobUrl);
				expect(url.pathname).toBe(`/cfdi-pdfs/${EMISOR}/${uuid}.pdf`);
				expect([...url.searchParams.keys()]).toEqual(['sv', 'st', 'se', 'sr', 'sp', 'sig']);
				expect(
					Date.parse(url.searchParams.get('se') ?? '') -
						Date.parse(url.searchParams.get('st') ?? ''),
				).toBe(300_000);
			}
		});

		it('rejects a body on the PDF request', async () => {
			const res = await client.request('POST', `${PREFIX}/emisores/${EMISOR}/pdfs/${uuid}`, '{}');
			expect(res.status).toBe(400);
		});

		it('sends the voucher by e-mail', async () => {
			const before = sandbox.emails.length;
			const body = {
				para: 'cliente@example.com, otro@example.mx',
				cc: '',
				asunto: 'Su factura',
				mensaje: 'Adjunta',
				responderA: '',
				cfdi: { uuid },
			};
			const res = await client.email(body);
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await res.json()).toBe(true);
			expect(sandbox.emails).toHaveLength(before + 1);
			expect(sandbox.emails.at(-1)).toMatchObject({ emisorId: EMISOR, body });
			expect(sandbox.requests.at(-1)?.url).toBe(`${MAIL_PREFIX}/emisores/${EMISOR}/enviocorreo`);
		});

		it('validates the e-mail request', async () => {
			const good = {
				para: 'a@b.mx',
				cc: '',
				asunto: 's',
				mensaje: 'm',
				responderA: '',
				cfdi: { uuid },
			};
			for (const [patch, field] of [
				[{ para: '' }, 'para'],
				[{ para: 'not-an-address' }, 'para'],
				[{ para: 'a@b.mx; c@d.mx' }, 'para'],
				[{ asunto: undefined }, 'asunto'],
				[{ cc: 'x' }, 'cc'],
				[{ cfdi: {} }, 'cfdi.uuid'],
			] as Array<[Record<string, unknown>, string]>) {
				const res = await client.email({ ...good, ...patch });
				expect(res.status).toBe(400);
				expect(((await res.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
					field,
				]);
			}
			const unknown = await client.email({
				...good,
				cfdi: { uuid: '00000000-0000-4000-8000-000000000000' },
			});
			expect(unknown.status).toBe(404);
			const wrongType = await client.request(
				'POST',
				`${MAIL_PREFIX}/emisores/${EMISOR}/enviocorreo`,
				JSON.stringify(good),
				{ 'content-type': 'text/plain' },
			);
			expect(wrongType.status).toBe(415);
		});
	});

	describe('response framing options', () => {
		it('frames the XML as a JSON string and the link raw or double-quoted', async () => {
			for (const [pdfLinkFraming, decode] of [
				['raw', (text: string) => text],
				['double-json-string', (text: string) => JSON.parse(JSON.parse(text) as string) as string],
			] as const) {
				const framed = await startSandbox({ xmlFraming: 'json-string', pdfLinkFraming });
				try {
					const c = await apiClient(framed);
					const { uuid } = await c.stamp();
					const xml = await c.xml(uuid);
					expect(xml.headers.get('content-type')).toMatch(/^application\/json/);
					expect(JSON.parse(await xml.text())).toContain(`UUID="${uuid}"`);
					await c.requestPdf(uuid);
					const link = decode(await (await c.pdfLink(uuid)).text());
					expect(link.startsWith(`${framed.blobUrl}/cfdi-pdfs/`)).toBe(true);
					const pdf = await fetch(link);
					expect(pdf.status).toBe(200);
				} finally {
					await framed.close();
				}
			}
		});
	});
});
