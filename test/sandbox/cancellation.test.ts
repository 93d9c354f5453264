/** The sandbox's cancellation over real HTTP: without and with the recipient's acceptance (RMF rule 2.7.1.35), and the next-business-day option. Refusals: cancellation.refusals.test.ts. */
import { EMISOR, PREFIX } from '../support/sandboxHelpers';
import { useCancellationSandbox } from './sandboxKit';
import { needsAcceptance, cancelJson, type CancelResult } from './cancelRequests';

const DAY = 86_400_000;

describe('sandbox cancellation', () => {
	const kit = useCancellationSandbox();

	describe('without the recipient (RMF rule 2.7.1.35)', () => {
		beforeEach(() => kit.start());

		it('cancels a general-public voucher at once (motive 02, JSON body)', async () => {
			const { id, uuid } = await kit.client.stamp();
			const result = await cancelJson(kit.client, uuid, { motivo: '02', folioSustitucion: '' });
			expect(result).toEqual({
				esValido: true,
				idComprobante: id,
				errores: null,
				uuid,
				subEstatusId: 3,
				descripcion: 'Cancelado sin aceptación',
			});
			expect(kit.sandbox.cancellations.get(uuid)).toMatchObject({
				motivo: '02',
				folioSustitucion: null,
				state: 'cancelled',
			});
			const [logged] = kit.sandbox.requests.filter((r) => r.route === 'cancelVoucher');
			expect(logged).toMatchObject({ method: 'DELETE', status: 200 });
		});

		it.each([
			[
				'a total of exactly 1,000.00 MXN',
				{
					subTotal: 862.07,
					total: 1000,
					impuestos: { totalImpuestosTrasladados: 137.93 },
					conceptos: [{ cantidad: '1', valorUnitario: 862.07, importe: 862.07 }],
				},
			],
			[
				'a credit note (type E)',
				{
					tipoDeComprobante: 'E',
					cfdiRelacionados: [
						{
							tipoRelacion: '01',
							cfdiRelacionado: [{ uuid: '11111111-2222-4333-8444-555555555555' }],
						},
					],
				},
			],
			['payroll (type N)', { tipoDeComprobante: 'N' }],
			['a transfer (type T)', { tipoDeComprobante: 'T' }],
		])('cancels %s without acceptance', async (_label, overrides) => {
			const { uuid } = await kit.client.stamp(needsAcceptance(overrides));
			expect((await cancelJson(kit.client, uuid, { motivo: '03' })).subEstatusId).toBe(3);
		});

		it('accepts motive and replacement in the query when the body is empty (one public kit.client sends them so)', async () => {
			const { uuid } = await kit.client.stamp();
			const res = await kit.client.request(
				'DELETE',
				`${PREFIX}/emisores/${EMISOR}/comprobantes/${uuid}?motivo=02`,
			);
			expect(((await res.json()) as CancelResult).subEstatusId).toBe(3);
		});
	});

	describe('with the recipient', () => {
		beforeEach(() => kit.start());

		it('waits for acceptance above 1,000 MXN, reports the same state when asked again, then is accepted', async () => {
			const { uuid } = await kit.client.stamp(needsAcceptance());
			expect(
				await cancelJson(kit.client, uuid, { motivo: '02', folioSustitucion: '' }),
			).toMatchObject({
				esValido: true,
				subEstatusId: 4,
				descripcion: 'En proceso',
			});
			expect(await cancelJson(kit.client, uuid, { motivo: '03' })).toMatchObject({
				esValido: true,
				subEstatusId: 4,
			});
			expect(kit.sandbox.cancellations.get(uuid)).toMatchObject({
				motivo: '02',
				state: 'pending',
				askedAgain: 1,
			});

			kit.clock.advance(60_000);
			expect(kit.sandbox.resolveCancellation(uuid.toLowerCase(), 'accepted')).toMatchObject({
				state: 'cancelled',
				descripcion: 'Cancelado con aceptación',
				resolvedAt: kit.clock.now(),
			});
			expect(await cancelJson(kit.client, uuid, { motivo: '02' })).toMatchObject({
				esValido: true,
				subEstatusId: 3,
				descripcion: 'Cancelado con aceptación',
			});
			expect(kit.sandbox.cancellations.get(uuid)?.askedAgain).toBe(2);
			expect(() => kit.sandbox.resolveCancellation(uuid, 'rejected')).toThrow(
				/no cancellation waiting/,
			);
		});

		it('counts foreign-currency totals in pesos', async () => {
			const usd = needsAcceptance({
				moneda: 'USD',
				tipoCambio: 17.5,
				subTotal: 100,
				total: 116,
				impuestos: { totalImpuestosTrasladados: 16 },
				conceptos: [{ cantidad: '1', valorUnitario: 100, importe: 100 }],
			});
			const { uuid } = await kit.client.stamp(usd);
			expect((await cancelJson(kit.client, uuid, { motivo: '02' })).subEstatusId).toBe(4);
		});

		it('a rejected request leaves the voucher valid, and a new request can be made', async () => {
			const { uuid } = await kit.client.stamp(needsAcceptance());
			await cancelJson(kit.client, uuid, { motivo: '02' });
			kit.sandbox.resolveCancellation(uuid, 'rejected');
			expect(kit.sandbox.cancellations.get(uuid)).toMatchObject({
				state: 'rejected',
				descripcion: 'Solicitud rechazada',
			});
			expect(await cancelJson(kit.client, uuid, { motivo: '03' })).toMatchObject({
				esValido: true,
				subEstatusId: 4,
			});
			expect(kit.sandbox.cancellations.get(uuid)).toMatchObject({ motivo: '03', state: 'pending' });
		});

		it('takes silence for acceptance after three business days ("Plazo vencido")', async () => {
			const { uuid } = await kit.client.stamp(needsAcceptance());
			await cancelJson(kit.client, uuid, { motivo: '02' }); // Wednesday 10:00
			kit.clock.advance(4 * DAY); // Sunday: Thursday and Friday counted so far
			expect((await cancelJson(kit.client, uuid, { motivo: '02' })).subEstatusId).toBe(4);
			kit.clock.advance(DAY); // Monday 10:00, the third business day
			expect(await cancelJson(kit.client, uuid, { motivo: '02' })).toMatchObject({
				subEstatusId: 3,
				descripcion: 'Plazo vencido',
			});
		});
	});

	describe('next-business-day rule (rule 2.7.1.35 IX, an option)', () => {
		beforeEach(() => kit.start({ nextBusinessDayRule: true }));

		it('cancels without acceptance until the end of the next business day, then asks the recipient', async () => {
			const early = await kit.client.stamp(needsAcceptance()); // Wednesday 10:00
			const late = await kit.client.stamp(needsAcceptance());
			kit.clock.advance(DAY + 13 * 3_600_000); // Thursday 23:00
			expect((await cancelJson(kit.client, early.uuid, { motivo: '02' })).subEstatusId).toBe(3);
			kit.clock.advance(3_600_000); // Friday 00:00
			expect((await cancelJson(kit.client, late.uuid, { motivo: '02' })).subEstatusId).toBe(4);
		});
	});
});
