/**
 * A payment receipt's related documents (actions/voucher/paymentReceipt/paidDocument.ts): each paid
 * invoice's balance and taxes, and each refusal with the input it names, its figures and its fix.
 * Figures from the SAT's Pagos 2.0 filling guide and decimal.js.
 */
import Decimal from 'decimal.js';

import { readStampedCfdi } from '../../../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import {
	computePago,
	computePaidDocument,
	documentTaxes,
	paidDocumentFromCfdi,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import {
	parseDecimal,
	type Decimal as ExactDecimal,
} from '../../../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	changed,
	INVOICE_UUID,
	IVA16,
	kindRefusal,
	paymentReceipt,
	SECOND_UUID,
	type Mutable,
	paidDocument as doc,
	paymentOf as payment,
	ISR10,
	IVA_WITHHELD,
	EXEMPT,
	validateWithKinds,
} from '../../../../../support/kindFixtures';
import { complement } from '../../../../../support/receiptKit';

describe('one related document (DoctoRelacionado)', () => {
	it('writes the members the SAT guide shows, in the schema order, and leaves out serie and folio when blank', () => {
		const dr = computePaidDocument(doc({ serie: 'A', folio: '1000' }), 'MXN');
		expect(Object.keys(dr)).toEqual([
			'idDocumento',
			'serie',
			'folio',
			'monedaDR',
			'equivalenciaDR',
			'numParcialidad',
			'impSaldoAnt',
			'impPagado',
			'impSaldoInsoluto',
			'objetoImpDR',
			'impuestosDR',
		]);
		const blank = computePaidDocument(doc({ serie: ' ', folio: '' }), 'MXN');
		expect(blank).not.toHaveProperty('serie');
		expect(blank).not.toHaveProperty('folio');
	});

	it('installment 1 unless given; the currency of the payment unless given; installment and amounts given as text', () => {
		expect(computePaidDocument(doc({ numParcialidad: '' }), 'MXN')).toMatchObject({
			numParcialidad: 1,
			monedaDR: 'MXN',
			equivalenciaDR: 1,
		});
		expect(
			computePaidDocument(
				doc({ numParcialidad: '3', impSaldoAnt: '580.00', impPagado: '290.00', monedaDR: '  ' }),
				'MXN',
			),
		).toMatchObject({
			numParcialidad: 3,
			monedaDR: 'MXN',
			impSaldoAnt: 580,
			impPagado: 290,
			impSaldoInsoluto: 290,
		});
	});

	it('the balance left is rounded to the decimals of the invoice currency', () => {
		// A balance given with more decimals than the currency has: 100.005 − 50 = 50.005 → 50.01 (MXN), 50.005 (BHD, 3 decimals).
		expect(
			computePaidDocument(doc({ impSaldoAnt: '100.005', impPagado: 50, taxes: [] }), 'MXN')
				.impSaldoInsoluto,
		).toBe(50.01);
		expect(
			computePaidDocument(
				doc({
					impSaldoAnt: '100.005',
					impPagado: 50,
					taxes: [],
					monedaDR: 'BHD',
					equivalenciaDR: 1,
				}),
				'BHD',
			).impSaldoInsoluto,
		).toBe(50.005);
	});

	it('objetoImpDR: 02 with taxes, 01 without; "01" given leaves the taxes out; a blank one is the default', () => {
		expect(computePaidDocument(doc({ taxes: [] }), 'MXN')).toMatchObject({ objetoImpDR: '01' });
		expect(computePaidDocument(doc({ taxes: undefined }), 'MXN')).not.toHaveProperty('impuestosDR');
		const notObject = computePaidDocument(doc({ objetoImpDR: '01' }), 'MXN');
		expect(notObject.objetoImpDR).toBe('01');
		expect(notObject).not.toHaveProperty('impuestosDR');
		expect(computePaidDocument(doc({ objetoImpDR: ' ' }), 'MXN')).toMatchObject({
			objetoImpDR: '02',
			impuestosDR: { trasladosDR: [{ baseDR: 500, importeDR: 80 }] },
		});
		// "02" with no taxes given: nothing to compute, validation names the missing taxes.
		expect(computePaidDocument(doc({ objetoImpDR: '02', taxes: [] }), 'MXN')).not.toHaveProperty(
			'impuestosDR',
		);
	});

	it('withholdings first, with their rate and amount; exempt transfers with their base only', () => {
		// 1,000 + 160 − 106.67 − 100 = 953.33 paid in full: one base of 1,000 for every tax.
		const dr = computePaidDocument(
			doc({ impSaldoAnt: 953.33, impPagado: 953.33, taxes: [IVA16, IVA_WITHHELD, ISR10] }),
			'MXN',
		);
		expect(Object.keys(dr.impuestosDR as object)).toEqual(['retencionesDR', 'trasladosDR']);
		expect(dr.impuestosDR).toEqual({
			retencionesDR: [
				{
					baseDR: 1000,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.106667,
					importeDR: 106.67,
				},
				{
					baseDR: 1000,
					impuestoDR: '001',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.1,
					importeDR: 100,
				},
			],
			trasladosDR: [
				{
					baseDR: 1000,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.16,
					importeDR: 160,
				},
			],
		});
		const exempt = computePaidDocument(
			doc({ impSaldoAnt: 500, impPagado: 500, taxes: [EXEMPT] }),
			'MXN',
		);
		expect(exempt.impuestosDR).toEqual({
			trasladosDR: [{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Exento' }],
		});
	});

	it('with the invoice figures, an amount per unit (Cuota) is the invoice amount in proportion to the amount paid', () => {
		// Invoice: 1,000 of fuel with IEPS 64.00 (Cuota 6.40 per unit) and IVA 160 on 1,000: total 1,224.00; 612.00 paid (half).
		const taxes = [
			{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4, base: 10, importe: 64 },
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000, importe: 160 },
		];
		const dr = computePaidDocument(
			doc({ impSaldoAnt: 1224, impPagado: 612, invoiceTotal: 1224, taxes }),
			'MXN',
		);
		expect(dr.impuestosDR).toEqual({
			trasladosDR: [
				{ baseDR: 5, impuestoDR: '003', tipoFactorDR: 'Cuota', tasaOCuotaDR: 6.4, importeDR: 32 },
				{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 80 },
			],
		});
		// Without the invoice's amount for the Cuota line: base × cuota.
		const noAmount = computePaidDocument(
			doc({
				impSaldoAnt: 1224,
				impPagado: 612,
				invoiceTotal: 1224,
				taxes: [{ ...taxes[0], importe: undefined }, taxes[1]],
			}),
			'MXN',
		);
		expect((noAmount.impuestosDR as any).trasladosDR[0]).toMatchObject({
			baseDR: 5,
			importeDR: 32,
		});
	});

	it('with the invoice total but a tax without its base, one base is derived from the amount paid', () => {
		const dr = computePaidDocument(
			doc({ invoiceTotal: 1160, taxes: [{ ...IVA16, base: 1000 }, { ...ISR10 }] }),
			'MXN',
		);
		// 580 ÷ (1 + 0.16 − 0.10) = 547.17 for both.
		const base = new Decimal(580).div('1.06').toDecimalPlaces(2).toNumber();
		expect(dr.impuestosDR).toEqual({
			retencionesDR: [
				{
					baseDR: base,
					impuestoDR: '001',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.1,
					importeDR: new Decimal(base).mul('0.1').toDecimalPlaces(2).toNumber(),
				},
			],
			trasladosDR: [
				{
					baseDR: base,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.16,
					importeDR: new Decimal(base)
						.mul('0.16')
						.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
						.toNumber(),
				},
			],
		});
		// An invoice total of 0 cannot give a proportion either.
		expect(
			computePaidDocument(
				doc({ impSaldoAnt: 0, impPagado: 0, invoiceTotal: 0, taxes: [{ ...IVA16, base: 1000 }] }),
				'MXN',
			).impuestosDR,
		).toEqual({
			trasladosDR: [
				{ baseDR: 0, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 0 },
			],
		});
	});
});
describe('more payment cases', () => {
	it('an invoice with only a withholding: the DR, the payment and the Totales carry only withholdings', () => {
		// 1,000 − ISR 100 = 900 paid in full.
		const voucher = paymentReceipt([
			payment([doc({ impSaldoAnt: 900, impPagado: 900, taxes: [ISR10] })]),
		]);
		const pagos = complement(voucher);
		expect(pagos.pago[0].doctoRelacionado[0].impuestosDR).toStrictEqual({
			retencionesDR: [
				{
					baseDR: 1000,
					impuestoDR: '001',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.1,
					importeDR: 100,
				},
			],
		});
		expect(pagos.pago[0].impuestosP).toStrictEqual({
			retencionesP: [{ impuestoP: '001', importeP: 100 }],
		});
		expect(pagos.totales).toEqual({ totalRetencionesISR: 100, montoTotalPagos: 900 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it("each DR tax is its base × rate (CRP20261), not the invoice's own tax in proportion", () => {
		// Three concepts of 0.03: each one's IVA rounds to 0.00, so the invoice's IVA is 0.00 on a base of
		// 0.09; paid in full, the DR base is 0.09 and its IVA round(0.09 × 0.16) = 0.01.
		const line =
			'<cfdi:Concepto Importe="0.03"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="0.03" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="0.00"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>';
		const xml = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="0.09" Moneda="MXN" MetodoPago="PPD"><cfdi:Conceptos>${line}${line}${line}</cfdi:Conceptos><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${SECOND_UUID}"/></cfdi:Complemento></cfdi:Comprobante>`;
		const dr = computePaidDocument(
			paidDocumentFromCfdi(readStampedCfdi(xml), { impPagado: 0.09 }),
			'MXN',
		);
		expect(dr.impuestosDR).toEqual({
			trasladosDR: [
				{
					baseDR: 0.09,
					impuestoDR: '002',
					tipoFactorDR: 'Tasa',
					tasaOCuotaDR: 0.16,
					importeDR: 0.01,
				},
			],
		});
	});

	it('an exempt tax given with a rate carries only its base in the DR (CRP20258)', () => {
		const dr = computePaidDocument(
			doc({
				impSaldoAnt: 500,
				impPagado: 500,
				taxes: [{ impuesto: '002', tipoFactor: 'Exento', tasaOCuota: 0 }],
			}),
			'MXN',
		);
		expect(dr.impuestosDR).toStrictEqual({
			trasladosDR: [{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Exento' }],
		});
	});

	it('an amount per unit with a rate charged on the same invoice still needs the invoice figures', () => {
		expect(() =>
			computePaidDocument(
				doc({ taxes: [IVA16, { impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4 }] }),
				'MXN',
			),
		).toThrow(/Cuota/);
	});

	it('called on its own, each calculator names its input from the top', () => {
		expect(kindRefusal(() => computePaidDocument(doc({ impPagado: 'x' }), 'MXN')).field).toBe(
			'documents[0].impPagado',
		);
		expect(
			kindRefusal(() =>
				documentTaxes(
					parseDecimal(100) as ExactDecimal,
					[{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4 }],
					2,
				),
			).field,
		).toBe('taxes');
		expect(kindRefusal(() => computePago(payment([]))).field).toBe('payments[0].documents');
	});

	it('the equivalence of a document read from its XML is left out when not given', () => {
		const xml = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="116.00" Moneda="USD" MetodoPago="PPD"><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${SECOND_UUID}"/></cfdi:Complemento></cfdi:Comprobante>`;
		expect(paidDocumentFromCfdi(readStampedCfdi(xml), { impPagado: 116 })).not.toHaveProperty(
			'equivalenciaDR',
		);
	});

	it('one invoice listed twice with spaces around its UUID is still one invoice', () => {
		expect(
			kindRefusal(() =>
				paymentReceipt([
					payment([
						doc({ numParcialidad: 1 }),
						doc({ idDocumento: `  ${INVOICE_UUID.toLowerCase()} `, numParcialidad: 2 }),
					]),
				]),
			).field,
		).toBe('payments[0].documents[1].impSaldoAnt');
	});

	it('the validator checks the Totales of an MXN payment given without its exchange rate (1)', () => {
		const wrong = changed(paymentReceipt(), (v: Mutable) => {
			delete v.complemento.complementoPago20.pago[0].tipoCambioP;
			v.complemento.complementoPago20.totales.montoTotalPagos = 600;
		});
		expect(validateWithKinds(wrong).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CRP20211 complemento.complementoPago20.totales.montoTotalPagos',
		]);
	});
});
