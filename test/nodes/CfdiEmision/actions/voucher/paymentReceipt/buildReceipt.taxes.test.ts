/** A payment receipt built (actions/voucher/paymentReceipt/buildReceipt.ts): the taxes of invoices paid together (16 %, 8 %, 0 %, exempt), several rates in one invoice, and withholdings. */

import {
	INVOICE_UUID,
	IVA16,
	paymentReceipt,
	satGuidePayment,
	SECOND_UUID,
	type Mutable,
	validateWithKinds,
} from '../../../../../support/kindFixtures';
import { complement } from '../../../../../support/receiptKit';

describe('payment receipt (type P, Pagos 2.0)', () => {
	it('groups 16 %, 8 %, 0 % and exempt invoices paid together', () => {
		const rate = (tasaOCuota: number) => [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota }];
		const voucher = paymentReceipt([
			satGuidePayment({
				documents: [
					{ idDocumento: INVOICE_UUID, impSaldoAnt: 1160, impPagado: 1160, taxes: rate(0.16) },
					{ idDocumento: SECOND_UUID, impSaldoAnt: 540, impPagado: 540, taxes: rate(0.08) },
					{
						idDocumento: '11111111-2222-4333-8444-555555555555',
						impSaldoAnt: 300,
						impPagado: 300,
						taxes: rate(0),
					},
					{
						idDocumento: '66666666-7777-4888-9999-AAAAAAAAAAAA',
						impSaldoAnt: 200,
						impPagado: 200,
						taxes: [{ impuesto: '002', tipoFactor: 'Exento' }],
					},
				],
			}),
		]);
		const pagos = complement(voucher);
		expect(pagos.pago[0].doctoRelacionado[3].impuestosDR.trasladosDR).toEqual([
			{ baseDR: 200, impuestoDR: '002', tipoFactorDR: 'Exento' },
		]);
		expect(pagos.pago[0].impuestosP.trasladosP).toEqual([
			{ baseP: 1000, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 160 },
			{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.08, importeP: 40 },
			{ baseP: 300, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0, importeP: 0 },
			{ baseP: 200, impuestoP: '002', tipoFactorP: 'Exento' },
		]);
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 1000,
			totalTrasladosImpuestoIVA16: 160,
			totalTrasladosBaseIVA8: 500,
			totalTrasladosImpuestoIVA8: 40,
			totalTrasladosBaseIVA0: 300,
			totalTrasladosImpuestoIVA0: 0,
			totalTrasladosBaseIVAExento: 200,
			montoTotalPagos: 2200,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('splits one invoice with several rates in proportion to its bases', () => {
		// Invoice: 1,000 at 16 % (160), 500 at 8 % (40), 300 at 0 %, 200 exempt: total 2,200; half is paid.
		const taxes = [
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000 },
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, base: 500 },
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, base: 300 },
			{ impuesto: '002', tipoFactor: 'Exento', base: 200 },
		];
		const voucher = paymentReceipt([
			satGuidePayment({
				documents: [
					{
						idDocumento: INVOICE_UUID,
						impSaldoAnt: 2200,
						impPagado: 1100,
						taxes,
						invoiceTotal: 2200,
					},
				],
			}),
		]);
		const pagos = complement(voucher);
		expect(
			pagos.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR.map((t: Mutable) => [
				t.baseDR,
				t.importeDR,
			]),
		).toEqual([
			[500, 80],
			[250, 20],
			[150, 0],
			[100, undefined],
		]);
		expect(pagos.totales).toMatchObject({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosBaseIVA8: 250,
			totalTrasladosBaseIVA0: 150,
			totalTrasladosBaseIVAExento: 100,
			montoTotalPagos: 1100,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('carries withholdings: IVA two thirds and ISR 10 % of a professional service', () => {
		// 10,000.00 + IVA 1,600.00 − IVA withheld 1,066.67 − ISR withheld 1,000.00 = 9,533.33.
		const taxes = [
			IVA16,
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.106667, withheld: true },
			{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true },
		];
		const voucher = paymentReceipt([
			satGuidePayment({
				documents: [{ idDocumento: INVOICE_UUID, impSaldoAnt: 9533.33, impPagado: 9533.33, taxes }],
			}),
		]);
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0].impuestosDR).toEqual({
			retencionesDR: [
				{
					baseDR: 10000,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.106667,
					importeDR: 1066.67,
				},
				{
					baseDR: 10000,
					impuestoDR: '001',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.1,
					importeDR: 1000,
				},
			],
			trasladosDR: [
				{
					baseDR: 10000,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.16,
					importeDR: 1600,
				},
			],
		});
		expect(pago.impuestosP).toEqual({
			retencionesP: [
				{ impuestoP: '002', importeP: 1066.67 },
				{ impuestoP: '001', importeP: 1000 },
			],
			trasladosP: [
				{ baseP: 10000, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 1600 },
			],
		});
		expect(complement(voucher).totales).toEqual({
			totalRetencionesIVA: 1066.67,
			totalRetencionesISR: 1000,
			totalTrasladosBaseIVA16: 10000,
			totalTrasladosImpuestoIVA16: 1600,
			montoTotalPagos: 9533.33,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});
