/**
 * A payment receipt built (actions/voucher/paymentReceipt/buildReceipt.ts): type P with its Pagos
 * 2.0 complement (the SAT guide's case, installments, currencies, several payments) and what it
 * cannot compute. Beside it: buildReceipt.taxes, buildReceipt.overpaid, and
 * completeReceipt.computeTotals (a type P voucher given as JSON).
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/paymentReceipt/index.ts (the kind's face, through
 * which these tests import it).
 */
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import { buildPaymentComplement } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { satGuideDoctoRelacionado } from '../../../../../support/vouchers';

import {
	INVOICE_UUID,
	IVA16,
	paymentReceipt,
	satGuidePayment,
	SECOND_UUID,
	validateWithKinds,
} from '../../../../../support/kindFixtures';
import { complement } from '../../../../../support/receiptKit';

describe('payment receipt (type P, Pagos 2.0)', () => {
	// Source: SAT, "Guía de llenado del comprobante al que se le incorpore el complemento para
	// recepción de pagos", version 2.0: invoice 1,160.00 with IVA 16 %, 580.00 paid in installment 1.
	it('reproduces the SAT Pagos 2.0 guide case: 1,160.00 invoice, 580.00 paid in installment 1', () => {
		const voucher = paymentReceipt();
		const pagos = complement(voucher);
		const dr = pagos.pago[0].doctoRelacionado[0];
		expect(dr).toEqual(satGuideDoctoRelacionado(INVOICE_UUID));
		expect(pagos.pago[0].impuestosP).toEqual({
			trasladosP: [
				{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
			],
		});
		expect(pagos.pago[0]).toMatchObject({
			monedaP: 'MXN',
			tipoCambioP: 1,
			monto: 580,
			formaDePagoP: '03',
		});
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(pagos.version).toBe('2.0');
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('gives the voucher the fixed members of type P', () => {
		const voucher = paymentReceipt();
		expect(voucher).toMatchObject({
			version: '4.0',
			subTotal: 0,
			total: 0,
			moneda: 'XXX',
			tipoDeComprobante: 'P',
			exportacion: '01',
			lugarExpedicion: '64000',
		});
		expect(voucher.receptor.usoCFDI).toBe('CP01');
		expect(voucher.conceptos).toEqual([
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Pago',
				valorUnitario: 0,
				importe: 0,
				objetoImp: '01',
			},
		]);
		expect(voucher).not.toHaveProperty('formaPago');
		expect(voucher).not.toHaveProperty('metodoPago');
		expect(voucher).not.toHaveProperty('impuestos');
	});

	it('pays installment 2 from the balance left by installment 1', () => {
		const pagos = complement(
			paymentReceipt([
				satGuidePayment({
					documents: [
						{
							idDocumento: INVOICE_UUID,
							numParcialidad: 2,
							impSaldoAnt: 580,
							impPagado: 580,
							taxes: [IVA16],
						},
					],
				}),
			]),
		);
		expect(pagos.pago[0].doctoRelacionado[0]).toMatchObject({
			numParcialidad: 2,
			impSaldoAnt: 580,
			impPagado: 580,
			impSaldoInsoluto: 0,
		});
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
	});

	it('converts a USD invoice paid in MXN with equivalenciaDR (1 USD = 20 MXN)', () => {
		// Invoice USD 116.00 (100.00 + IVA 16.00); the payment of MXN 2,320.00 settles it.
		const voucher = paymentReceipt([
			satGuidePayment({
				documents: [
					{
						idDocumento: INVOICE_UUID,
						monedaDR: 'USD',
						equivalenciaDR: 0.05,
						impSaldoAnt: 116,
						impPagado: 116,
						taxes: [IVA16],
					},
				],
			}),
		]);
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0]).toMatchObject({
			monedaDR: 'USD',
			equivalenciaDR: 0.05,
			impSaldoInsoluto: 0,
		});
		expect(pago.doctoRelacionado[0].impuestosDR.trasladosDR).toEqual([
			{ baseDR: 100, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 16 },
		]);
		expect(pago.monto).toBe(2320);
		expect(pago.impuestosP.trasladosP).toEqual([
			{ baseP: 2000, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 320 },
		]);
		expect(complement(voucher).totales).toEqual({
			totalTrasladosBaseIVA16: 2000,
			totalTrasladosImpuestoIVA16: 320,
			montoTotalPagos: 2320,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('rounds a converted amount once, after summing (1 USD = 17 MXN, equivalenciaDR 0.0588235294)', () => {
		const voucher = paymentReceipt([
			satGuidePayment({
				documents: [
					{
						idDocumento: INVOICE_UUID,
						monedaDR: 'USD',
						equivalenciaDR: 0.0588235294,
						impSaldoAnt: 116,
						impPagado: 116,
						taxes: [IVA16],
					},
				],
			}),
		]);
		const pago = complement(voucher).pago[0];
		// 116 ÷ 0.0588235294 = 1972.0000118...; 100 ÷ 0.0588235294 = 1700.0000102...; 16 ÷ ... = 272.0000016...
		expect(pago.monto).toBe(1972);
		expect(pago.impuestosP.trasladosP[0]).toMatchObject({ baseP: 1700, importeP: 272 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('multiplies by tipoCambioP for the MXN totales of a USD payment', () => {
		const voucher = paymentReceipt([
			satGuidePayment({
				monedaP: 'USD',
				tipoCambioP: 17.5,
				documents: [
					{
						idDocumento: INVOICE_UUID,
						monedaDR: 'USD',
						impSaldoAnt: 1160,
						impPagado: 1160,
						taxes: [IVA16],
					},
				],
			}),
		]);
		const pagos = complement(voucher);
		expect(pagos.pago[0]).toMatchObject({ monedaP: 'USD', tipoCambioP: 17.5, monto: 1160 });
		expect(pagos.pago[0].doctoRelacionado[0].equivalenciaDR).toBe(1);
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 17500,
			totalTrasladosImpuestoIVA16: 2800,
			montoTotalPagos: 20300,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('adds up several payments in one receipt', () => {
		const complementOnly = buildPaymentComplement([
			satGuidePayment(),
			satGuidePayment({
				documents: [{ idDocumento: SECOND_UUID, impSaldoAnt: 232, impPagado: 232, taxes: [IVA16] }],
			}),
		]);
		expect(complementOnly.totales).toEqual({
			totalTrasladosBaseIVA16: 700,
			totalTrasladosImpuestoIVA16: 112,
			montoTotalPagos: 812,
		});
	});

	it('asks for what it cannot compute, naming the input', () => {
		const noEquivalence = () =>
			paymentReceipt([
				satGuidePayment({
					documents: [
						{ idDocumento: INVOICE_UUID, monedaDR: 'USD', impSaldoAnt: 116, impPagado: 116 },
					],
				}),
			]);
		expect(noEquivalence).toThrow(KindInputError);
		expect(noEquivalence).toThrow(/USD.*MXN/);
		try {
			noEquivalence();
		} catch (error) {
			expect((error as KindInputError).field).toBe('payments[0].documents[0].equivalenciaDR');
		}
		expect(() =>
			paymentReceipt([
				satGuidePayment({
					monedaP: 'USD',
					documents: [{ idDocumento: INVOICE_UUID, monedaDR: 'USD', impSaldoAnt: 1, impPagado: 1 }],
				}),
			]),
		).toThrow(/tipoCambioP/);
		expect(() =>
			paymentReceipt([
				satGuidePayment({
					documents: [
						{
							idDocumento: INVOICE_UUID,
							impSaldoAnt: 100,
							impPagado: 100,
							taxes: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4 }],
						},
					],
				}),
			]),
		).toThrow(/Cuota/);
		expect(() => paymentReceipt([satGuidePayment({ documents: [] })])).toThrow(/pays no invoice/);
	});
});
