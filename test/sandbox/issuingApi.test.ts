/**
 * Also covers: sandbox/index.ts, sandbox/http.ts, sandbox/dispatch.ts, sandbox/stamping.ts, sandbox/types.ts, sandbox/apiRoutes.ts, sandbox/operationRequests.ts, sandbox/printedVoucher.ts (the sandbox over real HTTP: startSandbox, the HTTP host, routing and the route table, the stamping checks, the binding of the create/update and e-mail requests, the printed PDF and the shared types).
 */
import {
	ApiClient,
	apiClient,
	EMISOR,
	PREFIX,
	SECOND_ACCOUNT,
	validVoucher,
} from '../support/sandboxHelpers';
import { startSandbox } from '../../sandbox';
import { type StampResult, UUID_V4, useIssuingApi } from './sandboxKit';

describe('sandbox issuing API', () => {
	const kit = useIssuingApi();

	describe('create', () => {
		it('stamps with emitir=true', async () => {
			const before = kit.sandbox.stampCount();
			const res = await kit.client.create(validVoucher());
			expect(res.status).toBe(200);
			const result = (await res.json()) as StampResult;
			expect(result).toEqual({
				esValido: true,
				idComprobante: expect.any(Number),
				errores: null,
				uuid: expect.stringMatching(UUID_V4),
				subEstatusId: 2,
				descripcion: null,
			});
			expect(result.idComprobante).toBeGreaterThanOrEqual(1001);
			const stored = kit.sandbox.vouchers.get(result.idComprobante);
			expect(stored).toMatchObject({
				state: 'stamped',
				uuid: result.uuid,
				stampCount: 1,
				emisorId: EMISOR,
				pdfRequestedAt: null,
			});
			expect(stored?.xml).toContain(result.uuid);
			expect(kit.sandbox.stampCount()).toBe(before + 1);
		});

		it('numbers vouchers from 1001 upwards', async () => {
			const fresh = await startSandbox();
			try {
				const c = await apiClient(fresh);
				const first = (await (
					await c.create(validVoucher(), 'emitir=false')
				).json()) as StampResult;
				const second = (await (await c.create(validVoucher())).json()) as StampResult;
				expect(first.idComprobante).toBe(1001);
				expect(second.idComprobante).toBe(1002);
			} finally {
				await fresh.close();
			}
		});

		it('saves as pending with emitir=false and ignores a body id', async () => {
			const res = await kit.client.create({ ...validVoucher(), id: 5 }, 'emitir=false');
			const result = (await res.json()) as StampResult;
			expect(result).toEqual({
				esValido: false,
				idComprobante: expect.any(Number),
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: null,
			});
			expect(result.idComprobante).not.toBe(5);
			const stored = kit.sandbox.vouchers.get(result.idComprobante);
			expect(stored).toMatchObject({ state: 'pending', uuid: null, xml: null, stampCount: 0 });
			expect(stored?.body.id).toBeUndefined();
		});

		it('applies the base validations for both emitir values and stores nothing', async () => {
			for (const query of ['emitir=true', 'emitir=false']) {
				const count = kit.sandbox.vouchers.size;
				const res = await kit.client.create(
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
				const result = (await res.json()) as StampResult;
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
				expect(kit.sandbox.vouchers.size).toBe(count);
			}
		});

		it('collects every stamping failure and stores nothing', async () => {
			const count = kit.sandbox.vouchers.size;
			const stamps = kit.sandbox.stampCount();
			const voucher = validVoucher({
				subTotal: 900,
				total: 1000,
				metodoPago: 'PPD',
				formaPago: '03',
				fecha: '2024-05-01 10:00',
			});
			(voucher.conceptos as Array<Record<string, unknown>>)[0].importe = 999;
			const res = await kit.client.create(voucher, 'emitir=true&noCalcularFecha=true');
			const result = (await res.json()) as StampResult;
			expect(result.esValido).toBe(false);
			expect(result.idComprobante).toBe(0);
			expect(result.errores?.map((e) => e.codigo).sort()).toEqual([
				'CFDI40101',
				'CFDI40105',
				'CFDI40108',
				'CFDI40119',
				'CFDI40167',
			]);
			expect(kit.sandbox.vouchers.size).toBe(count);
			expect(kit.sandbox.stampCount()).toBe(stamps);
		});

		it('ignores the fecha format unless noCalcularFecha=true, and tolerates a cent', async () => {
			const res = await kit.client.create(validVoucher({ fecha: 'whenever', total: 1160.01 }));
			expect(((await res.json()) as StampResult).esValido).toBe(true);
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
			const result = (await (await kit.client.create(voucher)).json()) as StampResult;
			expect(result.errores).toBeNull();
			expect(result.esValido).toBe(true);
		});

		it('requires emitir', async () => {
			for (const query of ['', 'emitir=maybe']) {
				const res = await kit.client.create(validVoucher(), query);
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
			const broken = await kit.client.create('{"version": "4.0",');
			expect(broken.status).toBe(400);
			expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
			expect(await broken.json()).toMatchObject({
				title: 'One or more validation errors occurred.',
				status: 400,
				errors: { $: [expect.any(String)] },
			});

			const voucher = validVoucher();
			(voucher.conceptos as Array<Record<string, unknown>>)[0].cantidad = 2;
			const typed = await kit.client.create(voucher);
			expect(typed.status).toBe(400);
			expect(((await typed.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
				'$.conceptos[0].cantidad',
			]);

			const array = await kit.client.create([validVoucher()]);
			expect(array.status).toBe(400);
		});

		it('reads numbers from numeric strings, like ASP.NET web defaults', async () => {
			const result = (await (
				await kit.client.create(validVoucher({ subTotal: '1000.00', total: '1160' }))
			).json()) as StampResult;
			expect(result.esValido).toBe(true);
		});

		it('needs a JSON content type (charset allowed)', async () => {
			const withCharset = await kit.client.request(
				'POST',
				`${PREFIX}/emisores/${EMISOR}/comprobantes?emitir=false`,
				validVoucher(),
				{
					'content-type': 'application/json; charset=utf-8',
				},
			);
			expect(withCharset.status).toBe(200);
			const wrong = await kit.client.request(
				'POST',
				`${PREFIX}/emisores/${EMISOR}/comprobantes?emitir=false`,
				JSON.stringify(validVoucher()),
				{
					'content-type': 'text/plain',
				},
			);
			expect(wrong.status).toBe(415);
			const form = await kit.client.request(
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
			const upper = await kit.client.request(
				'POST',
				`/BusinessEmision/api/v1/emisores/${EMISOR}/comprobantes?emitir=true`,
				validVoucher(),
			);
			expect(upper.status).toBe(404);
			const lowerMail = await kit.client.request(
				'POST',
				`/businessEmision/api/v1/emisores/${EMISOR}/enviocorreo`,
				{ para: 'a@b.mx' },
			);
			expect(lowerMail.status).toBe(404);
			const shortPath = await kit.client.request(
				'POST',
				`/api/v1/emisores/${EMISOR}/comprobantes?emitir=true`,
				validVoucher(),
			);
			expect(shortPath.status).toBe(404);
			expect(kit.sandbox.requests.slice(-3).map((r) => r.route)).toEqual([
				'unknown',
				'unknown',
				'unknown',
			]);
		});

		it('answers 405 to a known path with another method', async () => {
			const res = await kit.client.request(
				'PATCH',
				`${PREFIX}/emisores/${EMISOR}/comprobantes/1001`,
			);
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
				const { uuid } = (await created.json()) as StampResult;
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
			const none = await fetch(`${kit.sandbox.baseUrl}${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			expect(none.status).toBe(401);
			expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
			expect(await none.text()).toBe('');

			const garbage = new ApiClient(kit.sandbox, 'garbage');
			expect((await garbage.create(validVoucher())).status).toBe(401);

			const expiring = await apiClient(kit.sandbox);
			expect((await expiring.get(1001)).status).not.toBe(401);
			kit.sandbox.expireAccessTokens();
			const expired = await expiring.get(1001);
			expect(expired.status).toBe(401);
			expect(expired.headers.get('www-authenticate')).toMatch(
				/error="invalid_token", error_description="The token expired at/,
			);
			kit.client = await apiClient(kit.sandbox);
		});

		it("answers 403 for another issuer's path", async () => {
			const res = await kit.client.request(
				'GET',
				`${PREFIX}/emisores/${SECOND_ACCOUNT.emisorId}/comprobantes/1001`,
			);
			expect(res.status).toBe(403);
			expect(await res.json()).toEqual({ message: 'The issuer does not belong to this user.' });
		});

		it("hides another issuer's vouchers", async () => {
			const other = await apiClient(kit.sandbox, SECOND_ACCOUNT);
			const created = (await (
				await kit.client.create(validVoucher(), 'emitir=false')
			).json()) as StampResult;
			expect((await other.get(created.idComprobante)).status).toBe(404);
			const foreignRfc = (await (
				await other.create(validVoucher({ serie: 'X' }))
			).json()) as StampResult;
			expect(foreignRfc.errores?.map((e) => e.codigo)).toEqual(['FAC102']);
		});
	});
});
