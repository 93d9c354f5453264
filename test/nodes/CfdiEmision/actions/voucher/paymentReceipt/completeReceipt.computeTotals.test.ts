/** Compute Totals (cfdi/computeTotals.ts, then actions/voucher/paymentReceipt/completeReceipt.ts) completes a type P voucher given as JSON as a built receipt is computed. */
import { computeTotals } from '../../../../../../nodes/CfdiEmision/cfdi/computeTotals';
import { completePaymentReceipt } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';

import { changed, validateWithKinds } from '../../../../../support/kindFixtures';
import { VOUCHER_KINDS } from '../../../../../../nodes/CfdiEmision/actions/voucher/kindsTable';
import { complement, DR, sparse } from '../../../../../support/receiptKit';

describe('Compute Totals completes a type P voucher given as JSON', () => {
	it('fills DR and P taxes, saldo insoluto, monto and totales (SAT guide figures)', () => {
		const voucher = completePaymentReceipt(sparse());
		const pagos = complement(voucher);
		expect(pagos.version).toBe('2.0');
		expect(pagos.pago[0]).toMatchObject({ tipoCambioP: 1, monto: 580 });
		expect(pagos.pago[0].doctoRelacionado[0]).toMatchObject({
			equivalenciaDR: 1,
			impSaldoInsoluto: 580,
			objetoImpDR: '02',
		});
		expect(pagos.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR).toEqual([
			{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 80 },
		]);
		expect(pagos.pago[0].impuestosP.trasladosP).toEqual([
			{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
		]);
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(Object.keys(pagos)).toEqual(['version', 'totales', 'pago']);
		expect(voucher).toMatchObject({ subTotal: 0, total: 0, moneda: 'XXX', exportacion: '01' });
		expect(voucher.conceptos).toHaveLength(1);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('is what Compute Totals does for a type P voucher (the shared totals, then the kind completes it)', () => {
		const sparseWithConcept = changed(
			sparse(),
			(v) =>
				(v.conceptos = [
					{
						claveProdServ: '84111506',
						cantidad: 1,
						claveUnidad: 'ACT',
						descripcion: 'Pago',
						valorUnitario: 0,
						objetoImp: '01',
					},
				]),
		);
		const voucher = VOUCHER_KINDS.complete(computeTotals(sparseWithConcept).voucher);
		expect(complement(voucher).totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(voucher.conceptos[0]).toMatchObject({ cantidad: '1', importe: 0 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('keeps bases given on every DR line and recomputes their amounts', () => {
		const voucher = completePaymentReceipt(
			changed(sparse(), (v) => {
				v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR = [
					{ baseDR: 300, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 },
					{ baseDR: 232, impuestoDR: '002', tipoFactorDR: 'Exento' },
				];
			}),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR.trasladosDR).toEqual([
			{ baseDR: 300, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 48 },
			{ baseDR: 232, impuestoDR: '002', tipoFactorDR: 'Exento' },
		]);
		expect(complement(voucher).totales).toEqual({
			totalTrasladosBaseIVA16: 300,
			totalTrasladosImpuestoIVA16: 48,
			totalTrasladosBaseIVAExento: 232,
			montoTotalPagos: 580,
		});
	});

	it('leaves what it cannot compute for validation to name', () => {
		const voucher = completePaymentReceipt(
			changed(
				sparse(),
				(v) => (v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impPagado = 'half'),
			),
		);
		const errors = validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`);
		expect(errors).toContain(`NUMBER_EXPECTED ${DR}.impPagado`);
	});
});
