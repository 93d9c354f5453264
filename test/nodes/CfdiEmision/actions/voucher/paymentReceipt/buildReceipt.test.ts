/**
 * A payment receipt built (actions/voucher/paymentReceipt/buildReceipt.ts): type P with its Pagos
 * 2.0 complement, more paid than owed refused, and Compute Totals on a type P voucher given as
 * JSON.
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/paymentReceipt/index.ts (the kind's face, through
 * which these tests import it).
 */
import * as voucherShape from '../../../../../../nodes/CfdiEmision/cfdi/voucherShape';
import { computeTotals } from '../../../../../../nodes/CfdiEmision/cfdi/computeTotals';
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import {
	buildPaymentComplement,
	completePaymentReceipt,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { satGuideDoctoRelacionado, satGuideSparseReceipt } from '../../../../../support/vouchers';

import {
	changed,
	CUSTOMER,
	expectOnlyError,
	INVOICE_UUID,
	IVA16,
	paymentReceipt,
	satGuidePayment,
	SECOND_UUID,
	type Mutable,
	validateWithKinds,
} from '../../../../../support/kindFixtures';
import { VOUCHER_KINDS } from '../../../../../../nodes/CfdiEmision/actions/voucher/kindsTable';

/* eslint-disable @typescript-eslint/no-explicit-any */
function complement(voucher: Voucher): any {
	return voucherShape.complementOf(voucher as Record<string, unknown>, 'payments');
}

const P = 'complemento.complementoPago20';
const PAGO = `${P}.pago[0]`;
const DR = `${PAGO}.doctoRelacionado[0]`;

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

describe('more paid than owed is refused; Totales rounded once', () => {
	const twice = (second: Record<string, unknown>) =>
		satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1160,
					impPagado: 580,
					numParcialidad: 1,
					taxes: [IVA16],
				},
				{
					idDocumento: INVOICE_UUID.toLowerCase(),
					impSaldoAnt: 1160,
					impPagado: 580,
					numParcialidad: 2,
					taxes: [IVA16],
					...second,
				},
			],
		});

	it('the same invoice listed twice counts once against its balance: the second installment starts where the first left', () => {
		expect(() => paymentReceipt([twice({})])).toThrow(
			new KindInputError(
				'payments[0].documents[1].impSaldoAnt',
				`Invoice ${INVOICE_UUID} is listed twice: installment 2 starts from a balance of 1160.00, but installment 1 left 580.00 (1160.00 − 580.00); the same invoice counts once against its balance.`,
				"Set installment 2's previous balance to 580.00, or list the invoice once with the sum paid.",
			),
		);
		// Listed consistently, it is a valid receipt of both installments.
		const voucher = paymentReceipt([twice({ impSaldoAnt: 580 })]);
		expect(
			complement(voucher).pago[0].doctoRelacionado.map((dr: any) => [
				dr.numParcialidad,
				dr.impSaldoAnt,
				dr.impSaldoInsoluto,
			]),
		).toEqual([
			[1, 1160, 580],
			[2, 580, 0],
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('the same installment twice, or installments that skip, are refused', () => {
		expect(() => paymentReceipt([twice({ numParcialidad: 1, impSaldoAnt: 580 })])).toThrow(
			`Invoice ${INVOICE_UUID} is listed twice as installment 1.`,
		);
		expect(() => paymentReceipt([twice({ numParcialidad: 3, impSaldoAnt: 580 })])).toThrow(
			'is listed as installments 1 and 3',
		);
	});

	it('two payments of one receipt paying one invoice more than its balance are refused', () => {
		const first = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1160,
					impPagado: 1000,
					numParcialidad: 1,
					taxes: [IVA16],
				},
			],
		});
		const second = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 160,
					impPagado: 300,
					numParcialidad: 2,
					taxes: [IVA16],
				},
			],
		});
		expect(() => paymentReceipt([first, second])).toThrow(
			new KindInputError(
				'payments[1].documents[0].impPagado',
				`The amount paid (300) is more than the balance before this payment (160) of ${INVOICE_UUID}.`,
				'Apply to this invoice at most its balance; put the rest on another invoice.',
			),
		);
	});

	it('the validator applies the same rule to a receipt given as JSON', () => {
		const voucher = paymentReceipt([twice({ impSaldoAnt: 580 })]);
		const wrong = changed(voucher, (v) => {
			const dr = complement(v).pago[0].doctoRelacionado[1];
			dr.impSaldoAnt = 1160;
			dr.impSaldoInsoluto = 580;
		});
		expectOnlyError(wrong, 'DR_BALANCE', `${PAGO}.doctoRelacionado[1].impSaldoAnt`);
	});

	it('a previous balance above the invoice total is refused', () => {
		const payment = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1200,
					impPagado: 580,
					taxes: [IVA16],
					invoiceTotal: 1160,
				},
			],
		});
		expect(() => paymentReceipt([payment])).toThrow(
			`The balance before this payment (1200) is more than the invoice's total (1160) of ${INVOICE_UUID}.`,
		);
	});

	// Two payments of 100.00 USD at 17.123456 MXN: each × TipoCambioP is 1712.3456. Rounded per payment
	// and summed: 1712.35 + 1712.35 = 3424.70; summed exact and rounded once: 3424.6912 → 3424.69.
	// The Pagos 2.0 filling guide defines MontoTotalPagos as the sum of Monto × TipoCambioP (one sum,
	// one rounding to the 2 decimals of t_Importe), as phpcfdi's CfdiUtils computes it.
	it('Totales: Σ Monto × TipoCambioP rounded once, at the end (3424.69, not 3424.70)', () => {
		const usd = (uuid: string) =>
			satGuidePayment({
				monedaP: 'USD',
				tipoCambioP: '17.123456',
				monto: 100,
				documents: [{ idDocumento: uuid, monedaDR: 'USD', impSaldoAnt: 100, impPagado: 100 }],
			});
		const voucher = paymentReceipt([usd(INVOICE_UUID), usd(SECOND_UUID)]);
		expect(complement(voucher).totales).toEqual({ montoTotalPagos: 3424.69 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

describe('Compute Totals completes a type P voucher given as JSON', () => {
	/** Only what a user knows: payment, balances, amounts paid and rates. */
	const sparse = () => satGuideSparseReceipt(INVOICE_UUID, CUSTOMER) as unknown as Voucher;

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
