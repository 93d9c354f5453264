/** The sandbox's cancellation refusals over real HTTP: each refused request, and what the refusal says. */
import {
	EMISOR,
	paymentVoucher,
	PREFIX,
	SECOND_ACCOUNT,
	validVoucher,
} from '../support/sandboxHelpers';
import { useCancellationSandbox } from './sandboxKit';
import { needsAcceptance, cancel, cancelJson } from './cancelRequests';

describe('sandbox cancellation', () => {
	const kit = useCancellationSandbox();

	describe('refusals', () => {
		beforeEach(() => kit.start());

		it('motive 01 needs a replacement that is a valid voucher of the same issuer', async () => {
			const { uuid } = await kit.client.stamp(needsAcceptance());
			const replacement = await kit.client.stamp(needsAcceptance());
			const missing = await cancelJson(kit.client, uuid, { motivo: '01', folioSustitucion: '' });
			expect(missing).toMatchObject({
				esValido: false,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC202', mensaje: expect.stringContaining('folio de sustitución') }],
			});
			const unknown = await cancelJson(kit.client, uuid, {
				motivo: '01',
				folioSustitucion: '11111111-2222-4333-8444-555555555555',
			});
			expect(unknown.errores?.[0].codigo).toBe('FAC204');
			const itself = await cancelJson(kit.client, uuid, { motivo: '01', folioSustitucion: uuid });
			expect(itself.errores?.[0].codigo).toBe('FAC204');
			expect(kit.sandbox.cancellations.size).toBe(0);

			const ok = await cancelJson(kit.client, uuid, {
				motivo: '01',
				folioSustitucion: replacement.uuid.toLowerCase(),
			});
			expect(ok).toMatchObject({ esValido: true, subEstatusId: 4 });
			expect(kit.sandbox.cancellations.get(uuid)?.folioSustitucion).toBe(replacement.uuid);
		});

		it('motives 02-04 refuse a replacement, unknown motives are refused', async () => {
			const { uuid } = await kit.client.stamp();
			const other = await kit.client.stamp();
			for (const motivo of ['02', '03', '04']) {
				expect(
					(await cancelJson(kit.client, uuid, { motivo, folioSustitucion: other.uuid }))
						.errores?.[0].codigo,
				).toBe('FAC203');
			}
			expect((await cancelJson(kit.client, uuid, { motivo: '05' })).errores?.[0]).toMatchObject({
				codigo: 'FAC201',
			});
			expect(kit.sandbox.cancellations.size).toBe(0);
		});

		it('motive 04 cancels a global invoice at once without a replacement; any other voucher is refused (FAC206)', async () => {
			const global = await kit.client.stamp(
				validVoucher({
					receptor: {
						rfc: 'XAXX010101000',
						nombre: 'PUBLICO EN GENERAL',
						usoCFDI: 'S01',
						regimenFiscalReceptor: '616',
						domicilioFiscalReceptor: '42501',
					},
					informacionGlobal: { periodicidad: '04', meses: '04', anio: 2024 },
				}),
			);
			const nominative = await kit.client.stamp();
			expect(await cancelJson(kit.client, nominative.uuid, { motivo: '04' })).toMatchObject({
				esValido: false,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC206', mensaje: expect.stringContaining('CFDI global') }],
			});
			expect(
				await cancelJson(kit.client, global.uuid, { motivo: '04', folioSustitucion: '' }),
			).toEqual({
				esValido: true,
				idComprobante: global.id,
				errores: null,
				uuid: global.uuid,
				subEstatusId: 3,
				descripcion: 'Cancelado sin aceptación',
			});
			expect(kit.sandbox.cancellations.get(global.uuid)).toMatchObject({
				motivo: '04',
				folioSustitucion: null,
				state: 'cancelled',
			});
			expect(kit.sandbox.cancellations.has(nominative.uuid)).toBe(false);
		});

		it('motive 04 too is refused ("No cancelable", FAC205) while a valid credit note relates the global invoice; nothing recorded', async () => {
			const generalPublic = {
				rfc: 'XAXX010101000',
				nombre: 'PUBLICO EN GENERAL',
				usoCFDI: 'S01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '42501',
			};
			const informacionGlobal = { periodicidad: '04', meses: '04', anio: 2024 };
			const global = await kit.client.stamp(
				validVoucher({ receptor: generalPublic, informacionGlobal }),
			);
			const note = await kit.client.stamp(
				validVoucher({
					tipoDeComprobante: 'E',
					receptor: generalPublic,
					informacionGlobal,
					cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: global.uuid }] }],
				}),
			);
			expect(await cancelJson(kit.client, global.uuid, { motivo: '04' })).toMatchObject({
				esValido: false,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC205', mensaje: expect.stringContaining(note.uuid) }],
			});
			expect(kit.sandbox.cancellations.has(global.uuid)).toBe(false);
			expect((await cancelJson(kit.client, note.uuid, { motivo: '02' })).subEstatusId).toBe(3);
			expect((await cancelJson(kit.client, global.uuid, { motivo: '04' })).subEstatusId).toBe(3);
		});

		it('refuses a voucher that a valid voucher still refers to ("No cancelable") until that one is cancelled', async () => {
			const invoice = await kit.client.stamp();
			// The invoice went to the general public, and so does its payment receipt (cancelled at once).
			const generalPublic = {
				rfc: 'XAXX010101000',
				nombre: 'PUBLICO EN GENERAL',
				usoCFDI: 'CP01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '42501',
			};
			const receipt = await kit.client.stamp({
				...paymentVoucher(invoice.uuid.toLowerCase()),
				receptor: generalPublic,
			});
			expect(
				(await cancelJson(kit.client, invoice.uuid, { motivo: '02' })).errores?.[0],
			).toMatchObject({ codigo: 'FAC205', mensaje: expect.stringContaining(receipt.uuid) });
			expect((await cancelJson(kit.client, receipt.uuid, { motivo: '02' })).subEstatusId).toBe(3);
			expect((await cancelJson(kit.client, invoice.uuid, { motivo: '02' })).subEstatusId).toBe(3);
		});

		it('binding: motivo required and a string, JSON content type; unknown, pending or foreign vouchers are 404', async () => {
			const { uuid } = await kit.client.stamp();
			const problem = async (res: Response) => ({
				status: res.status,
				body: (await res.json()) as { errors?: Record<string, string[]> },
			});
			expect(await problem(await cancel(kit.client, uuid, {}))).toMatchObject({
				status: 400,
				body: { errors: { motivo: ['The motivo field is required.'] } },
			});
			expect(await problem(await cancel(kit.client, uuid, { motivo: 2 }))).toMatchObject({
				status: 400,
				body: { errors: { '$.motivo': [expect.any(String)] } },
			});
			const asText = await kit.client.request(
				'DELETE',
				`${PREFIX}/emisores/${EMISOR}/comprobantes/${uuid}`,
				'{"motivo":"02"}',
				{ 'content-type': 'text/plain' },
			);
			expect(asText.status).toBe(415);

			expect(
				(await cancel(kit.client, '11111111-2222-4333-8444-555555555555', { motivo: '02' })).status,
			).toBe(404);
			const pending = (await (await kit.client.create(validVoucher(), 'emitir=false')).json()) as {
				idComprobante: number;
			};
			expect(
				(await cancel(kit.client, String(pending.idComprobante), { motivo: '02' })).status,
			).toBe(404);
			expect(
				(await cancel(kit.client, uuid, { motivo: '02' }, SECOND_ACCOUNT.emisorId)).status,
			).toBe(403);
		});

		it('keeps the numeric GET route apart: GET .../comprobantes/{id} still reads a pending voucher, GET on a UUID is 405', async () => {
			const pending = (await (await kit.client.create(validVoucher(), 'emitir=false')).json()) as {
				idComprobante: number;
			};
			expect((await kit.client.get(pending.idComprobante)).status).toBe(200);
			const { uuid } = await kit.client.stamp();
			const res = await kit.client.request(
				'GET',
				`${PREFIX}/emisores/${EMISOR}/comprobantes/${uuid}`,
			);
			expect(res.status).toBe(405);
			expect(res.headers.get('allow')).toBe('DELETE');
		});

		it('faults apply to the cancel route: a timeout that still performs leaves the voucher cancelled', async () => {
			const { uuid } = await kit.client.stamp();
			kit.sandbox.injectFault({ route: 'cancelVoucher', kind: 'timeout', holdMs: 50 });
			await expect(cancel(kit.client, uuid, { motivo: '02' })).rejects.toThrow();
			expect(kit.sandbox.cancellations.get(uuid)?.state).toBe('cancelled');
		});
	});
});
