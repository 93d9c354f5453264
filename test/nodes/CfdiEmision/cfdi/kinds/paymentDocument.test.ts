/**
 * Payment receipts built from what a user knows (cfdi/kinds/paymentReceipt.ts, paymentDocument.ts,
 * paymentTaxes.ts, paymentTotals.ts, paidBalances.ts, paidInvoice.ts): each related document's
 * balance and taxes, the payment's taxes and Monto, the MXN Totales, and each refusal with the input
 * it names, its figures and its fix. Figures from the SAT's Pagos 2.0 filling guide and decimal.js.
 */
import Decimal from 'decimal.js';

import {
	buildPaymentComplement,
	computePago,
	computePaidDocument,
	documentTaxes,
	paidDocumentFromCfdi,
	readStampedCfdi,
	validateVoucher,
	voucherShape,
	type PaidDocumentInput,
	type PaymentInput,
	type Voucher,
} from '../../../../../nodes/CfdiEmision/cfdi';
import {
	parseDecimal,
	type Decimal as ExactDecimal,
} from '../../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	changed,
	INVOICE_UUID,
	IVA16,
	kindRefusal,
	paymentReceipt,
	satGuidePayment,
	SECOND_UUID,
	type Mutable,
} from '../../../../support/kindFixtures';

/* eslint-disable @typescript-eslint/no-explicit-any */
const complement = (voucher: Voucher): any =>
	voucherShape.complementOf(voucher as Record<string, unknown>, 'payments');
const ISR10 = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true };
const IVA_WITHHELD = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.106667, withheld: true };
const EXEMPT = { impuesto: '002', tipoFactor: 'Exento' };
const THIRD_UUID = '11111111-2222-4333-8444-555555555555';

function doc(overrides: Partial<PaidDocumentInput>): PaidDocumentInput {
	return {
		idDocumento: INVOICE_UUID,
		impSaldoAnt: 1160,
		impPagado: 580,
		taxes: [IVA16],
		...overrides,
	};
}

function payment(
	documents: PaidDocumentInput[],
	overrides: Partial<PaymentInput> = {},
): PaymentInput {
	return satGuidePayment({ documents, ...overrides });
}

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

describe('a related document that cannot be computed is refused, naming the input', () => {
	const path = 'payments[0].documents[1]';
	const refusedIn = (second: Partial<PaidDocumentInput>, extra: Partial<PaymentInput> = {}) =>
		kindRefusal(() =>
			paymentReceipt([payment([doc({}), doc({ idDocumento: SECOND_UUID, ...second })], extra)]),
		);

	it.each([
		['impSaldoAnt', { impSaldoAnt: 'all' }, 'the balance before this payment'],
		['impPagado', { impPagado: '' }, 'the amount paid'],
	] as const)('%s not a number', (member, second, what) => {
		const value = (second as Record<string, unknown>)[member];
		expect(refusedIn(second)).toEqual({
			field: `${path}.${member}`,
			message: `${path}.${member} ${JSON.stringify(value)} is not a number.`,
			fix: `Give ${what} as a decimal number.`,
		});
	});

	it('more paid than the balance', () => {
		expect(refusedIn({ impSaldoAnt: 100, impPagado: '100.01' })).toEqual({
			field: `${path}.impPagado`,
			message: `The amount paid (100.01) is more than the balance before this payment (100) of ${SECOND_UUID}.`,
			fix: 'Apply to this invoice at most its balance; put the rest on another invoice.',
		});
	});

	it('a balance above the invoice total (equal is the first installment)', () => {
		expect(refusedIn({ impSaldoAnt: '1160.01', invoiceTotal: 1160 })).toEqual({
			field: `${path}.impSaldoAnt`,
			message: `The balance before this payment (1160.01) is more than the invoice's total (1160) of ${SECOND_UUID}.`,
			fix: 'Give the invoice total for installment 1, else what the previous payment receipt left.',
		});
		expect(() =>
			paymentReceipt([payment([doc({ impSaldoAnt: 1160, invoiceTotal: '1160.00' })])]),
		).not.toThrow();
	});

	it('an invoice in another currency without equivalenciaDR', () => {
		expect(refusedIn({ monedaDR: 'EUR', impSaldoAnt: 100, impPagado: 100 })).toEqual({
			field: `${path}.equivalenciaDR`,
			message: 'The invoice is in EUR and the payment in MXN, so the equivalence is needed.',
			fix: 'Give equivalenciaDR: how many EUR one MXN pays, e.g. 0.05 for 20 MXN per EUR.',
		});
	});

	it('a tax of the invoice without its rate', () => {
		expect(
			refusedIn({ taxes: [IVA16, { impuesto: '002', tipoFactor: 'Tasa', withheld: true }] }),
		).toEqual({
			field: `${path}.taxes[1].tasaOCuota`,
			message: 'Tax 2 (002 Tasa) has no rate.',
			fix: 'Give tasaOCuota, e.g. 0.16.',
		});
	});

	it('an amount per unit (Cuota) without the invoice figures', () => {
		expect(
			refusedIn({ taxes: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4 }] }),
		).toEqual({
			field: `${path}.taxes`,
			message:
				'An amount per unit (tipoFactor "Cuota") cannot be split from the amount paid without the invoice figures.',
			fix: "Give each tax's base and the invoice total (or read the related invoice from its XML).",
		});
	});

	it('withheld rates that take the whole base or more', () => {
		for (const withheld of ['1.16', '1.5']) {
			expect(
				refusedIn({
					taxes: [
						IVA16,
						{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: withheld, withheld: true },
					],
				}),
			).toEqual({
				field: `${path}.taxes`,
				message: 'The withheld rates are not smaller than 1 + the transferred rates.',
				fix: 'Check the tax rates.',
			});
		}
	});

	it('a payment in another currency than MXN without its exchange rate; a payment without documents; no payment', () => {
		expect(
			kindRefusal(() =>
				paymentReceipt([
					payment([doc({})]),
					payment([doc({ monedaDR: 'USD', equivalenciaDR: 1, impSaldoAnt: 10, impPagado: 10 })], {
						monedaP: 'USD',
					}),
				]),
			),
		).toEqual({
			field: 'payments[1].tipoCambioP',
			message: 'The payment is in USD, so its exchange rate (tipoCambioP) is needed.',
			fix: 'Give tipoCambioP: MXN per 1 USD, e.g. 17.25.',
		});
		expect(kindRefusal(() => paymentReceipt([payment([doc({})]), payment([])]))).toEqual({
			field: 'payments[1].documents',
			message: 'The payment pays no invoice.',
			fix: 'Add at least one related invoice (its UUID and the amount paid).',
		});
		expect(kindRefusal(() => buildPaymentComplement([]))).toEqual({
			field: 'payments',
			message: 'There is no payment.',
			fix: 'Add the payment received.',
		});
	});
});

describe('the payment (Pago)', () => {
	it('writes NumOperacion before the related documents, as the schema orders them, and only when given', () => {
		const [pago] = buildPaymentComplement([
			payment([doc({})], { numOperacion: 'SPEI-000123' }),
		]).pago;
		expect(Object.keys(pago)).toEqual([
			'fechaPago',
			'formaDePagoP',
			'monedaP',
			'tipoCambioP',
			'monto',
			'numOperacion',
			'doctoRelacionado',
			'impuestosP',
		]);
		expect(pago.numOperacion).toBe('SPEI-000123');
		expect(
			buildPaymentComplement([payment([doc({})], { numOperacion: '  ' })]).pago[0],
		).not.toHaveProperty('numOperacion');
	});

	it('the amount received as given; else the least the documents allow (Σ impPagado ÷ equivalenciaDR, rounded once)', () => {
		expect(buildPaymentComplement([payment([doc({})], { monto: '600.00' })]).pago[0].monto).toBe(
			600,
		);
		// Two USD invoices paid in MXN at 1 USD = 17 MXN: 10 ÷ 0.0588235294 + 10.01 ÷ 0.0588235294 = 340.170..., rounded once: 340.17.
		const usd = (id: string, paid: number) =>
			doc({
				idDocumento: id,
				monedaDR: 'USD',
				equivalenciaDR: 0.0588235294,
				impSaldoAnt: paid,
				impPagado: paid,
				taxes: [],
			});
		const expected = new Decimal(10)
			.div('0.0588235294')
			.plus(new Decimal('10.01').div('0.0588235294'))
			.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
			.toNumber();
		expect(
			buildPaymentComplement([payment([usd(INVOICE_UUID, 10), usd(SECOND_UUID, 10.01)])]).pago[0]
				.monto,
		).toBe(expected);
	});

	it('no ImpuestosP when no document carries taxes', () => {
		const [pago] = buildPaymentComplement([payment([doc({ taxes: [] })])]).pago;
		expect(pago).not.toHaveProperty('impuestosP');
	});

	it('groups one rate written two ways, withholdings per tax, and keeps the exempt base apart', () => {
		const [pago] = buildPaymentComplement([
			payment([
				doc({ impSaldoAnt: 116, impPagado: 116, taxes: [IVA16] }),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 1060,
					impPagado: 1060,
					taxes: [{ ...IVA16, tasaOCuota: '0.160000' }, ISR10],
				}),
				doc({ idDocumento: THIRD_UUID, impSaldoAnt: 50, impPagado: 50, taxes: [EXEMPT] }),
			]),
		]).pago;
		expect(pago.impuestosP).toEqual({
			retencionesP: [{ impuestoP: '001', importeP: 100 }],
			trasladosP: [
				{ baseP: 1100, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 176 },
				{ baseP: 50, impuestoP: '002', tipoFactorP: 'Exento' },
			],
		});
		expect(Object.keys(pago.impuestosP as object)).toEqual(['retencionesP', 'trasladosP']);
	});
});

describe('Totales in MXN', () => {
	it('every member the SAT defines, in the schema order: IVA withheld, ISR withheld, IEPS withheld, IVA 16/8/0 bases and amounts, exempt base, the payments', () => {
		const { totales } = buildPaymentComplement([
			payment([
				doc({ impSaldoAnt: 9533.33, impPagado: 9533.33, taxes: [IVA16, IVA_WITHHELD, ISR10] }),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 108,
					impPagado: 108,
					taxes: [
						{ ...IVA16, tasaOCuota: 0.08 },
						{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, withheld: true },
					],
				}),
				doc({
					idDocumento: THIRD_UUID,
					impSaldoAnt: 300,
					impPagado: 300,
					taxes: [{ ...IVA16, tasaOCuota: 0 }],
				}),
				doc({
					idDocumento: '66666666-7777-4888-9999-AAAAAAAAAAAA',
					impSaldoAnt: 200,
					impPagado: 200,
					taxes: [EXEMPT],
				}),
			]),
		]);
		expect(Object.keys(totales)).toEqual([
			'totalRetencionesIVA',
			'totalRetencionesISR',
			'totalRetencionesIEPS',
			'totalTrasladosBaseIVA16',
			'totalTrasladosImpuestoIVA16',
			'totalTrasladosBaseIVA8',
			'totalTrasladosImpuestoIVA8',
			'totalTrasladosBaseIVA0',
			'totalTrasladosImpuestoIVA0',
			'totalTrasladosBaseIVAExento',
			'montoTotalPagos',
		]);
		// 108 ÷ (1 + 0.08 − 0.08) = 108 base: IVA 8.64, IEPS withheld 8.64.
		expect(totales).toMatchObject({
			totalRetencionesIVA: 1066.67,
			totalRetencionesISR: 1000,
			totalRetencionesIEPS: 8.64,
			totalTrasladosBaseIVA8: 108,
			totalTrasladosImpuestoIVA8: 8.64,
			totalTrasladosBaseIVA0: 300,
			totalTrasladosImpuestoIVA0: 0,
			totalTrasladosBaseIVAExento: 200,
			montoTotalPagos: 10141.33,
		});
	});

	it('IEPS transferred and IVA at a rate without a Totales member count only in the payments', () => {
		const { totales } = buildPaymentComplement([
			payment([
				doc({
					impSaldoAnt: 1080,
					impPagado: 1080,
					taxes: [{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08 }],
				}),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 115,
					impPagado: 115,
					taxes: [{ ...IVA16, tasaOCuota: 0.15 }],
				}),
			]),
		]);
		expect(totales).toEqual({ montoTotalPagos: 1195 });
	});

	it('a foreign-currency payment counts at its exchange rate, each member rounded once after summing', () => {
		// 2 × 116.00 USD at 17.123456: Monto 232 → 3972.64; IVA 16 % base 200 → 3424.69, tax 32 → 547.95.
		const usd = (id: string) =>
			payment([doc({ idDocumento: id, monedaDR: 'USD', impSaldoAnt: 116, impPagado: 116 })], {
				monedaP: 'USD',
				tipoCambioP: '17.123456',
			});
		const { totales } = buildPaymentComplement([usd(INVOICE_UUID), usd(SECOND_UUID)]);
		const rate = new Decimal('17.123456');
		const once = (amount: number) =>
			new Decimal(amount).mul(rate).mul(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
		expect(totales).toEqual({
			totalTrasladosBaseIVA16: once(100),
			totalTrasladosImpuestoIVA16: once(16),
			montoTotalPagos: once(116),
		});
	});
});

describe('one invoice listed more than once counts once against its balance', () => {
	const listed = (
		installment: number,
		before: number | string,
		paid: number | string,
		id = INVOICE_UUID,
	) => doc({ idDocumento: id, numParcialidad: installment, impSaldoAnt: before, impPagado: paid });

	it('installments given out of order are read in order; its UUID compares whatever its case or spaces', () => {
		const voucher = paymentReceipt([
			payment([listed(3, 290, 290), listed(2, 580, 290, ` ${INVOICE_UUID.toLowerCase()} `)]),
		]);
		expect(validateVoucher(voucher).errors.map((e) => e.code)).not.toContain('DR_BALANCE');
		expect(
			complement(voucher).pago[0].doctoRelacionado.map((dr: any) => dr.impSaldoInsoluto),
		).toEqual([0, 290]);
	});

	it('across two payments of the receipt, naming the payment and document at fault, amounts in the invoice currency', () => {
		expect(
			kindRefusal(() =>
				paymentReceipt([
					payment([listed(1, 1160, 580)]),
					payment([doc({ idDocumento: SECOND_UUID }), listed(2, '600', 580)]),
				]),
			),
		).toEqual({
			field: 'payments[1].documents[1].impSaldoAnt',
			message: `Invoice ${INVOICE_UUID} is listed twice: installment 2 starts from a balance of 600.00, but installment 1 left 580.00 (1160.00 − 580.00); the same invoice counts once against its balance.`,
			fix: "Set installment 2's previous balance to 580.00, or list the invoice once with the sum paid.",
		});
		const clp = (installment: number, before: number, paid: number) =>
			doc({
				monedaDR: 'CLP',
				equivalenciaDR: 20,
				numParcialidad: installment,
				impSaldoAnt: before,
				impPagado: paid,
				taxes: [],
			});
		expect(
			kindRefusal(() => paymentReceipt([payment([clp(1, 10000, 4000), clp(2, 10000, 100)])]))
				.message,
		).toContain('starts from a balance of 10000, but installment 1 left 6000 (10000 − 4000)');
	});

	it('installments that skip name the numbers to use; the same installment twice is refused', () => {
		expect(
			kindRefusal(() => paymentReceipt([payment([listed(2, 580, 290), listed(4, 290, 290)])])),
		).toEqual({
			field: 'payments[0].documents[1].numParcialidad',
			message: `Invoice ${INVOICE_UUID} is listed as installments 2 and 4: the installments of one receipt follow each other.`,
			fix: 'Number them 2 and 3.',
		});
		expect(
			kindRefusal(() => paymentReceipt([payment([listed(1, 1160, 580), listed(1, 580, 580)])])),
		).toMatchObject({
			field: 'payments[0].documents[1].numParcialidad',
			fix: 'Give each payment of the invoice its own installment number (1, 2, 3...), or list the invoice once with the sum paid.',
		});
	});

	it('different invoices are not compared', () => {
		expect(() =>
			paymentReceipt([payment([listed(1, 1160, 580), listed(1, 1160, 580, SECOND_UUID)])]),
		).not.toThrow();
	});
});

describe('a related document from the paid invoice XML', () => {
	const xml = (
		attributes: string,
		uuid = `UUID="${SECOND_UUID}"`,
		taxes = '<cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/>',
	) => `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Moneda="USD" ${attributes}>
  <cfdi:Conceptos><cfdi:Concepto><cfdi:Impuestos><cfdi:Traslados>${taxes}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ${uuid}/></cfdi:Complemento>
</cfdi:Comprobante>`;
	const ppd = readStampedCfdi(xml('Total="1160.00" MetodoPago="PPD"'));

	it('the balance before is the invoice total for installment 1 (given blank or absent), the equivalence only when given', () => {
		expect(
			paidDocumentFromCfdi(ppd, { impPagado: 580, impSaldoAnt: '', numParcialidad: '' }),
		).toEqual({
			idDocumento: SECOND_UUID,
			serie: undefined,
			folio: undefined,
			monedaDR: 'USD',
			numParcialidad: 1,
			impSaldoAnt: 1160,
			impPagado: 580,
			objetoImpDR: '02',
			taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000, importe: 160 }],
			invoiceTotal: 1160,
		});
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, equivalenciaDR: '' })).not.toHaveProperty(
			'equivalenciaDR',
		);
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, equivalenciaDR: 0.05 }).equivalenciaDR).toBe(
			0.05,
		);
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, objetoImpDR: '01' }).objetoImpDR).toBe('01');
	});

	it('an invoice without taxes is not an object of tax', () => {
		expect(
			paidDocumentFromCfdi(readStampedCfdi(xml('Total="1000.00"', `UUID="${SECOND_UUID}"`, '')), {
				impPagado: 10,
			}),
		).toMatchObject({ objetoImpDR: '01', taxes: [] });
	});

	it('refuses an XML that is not stamped, and an installment without its previous balance, naming the document', () => {
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(
					readStampedCfdi(xml('Total="1160.00"', '')),
					{ impPagado: 10 },
					'payments[0].documents[2]',
				),
			),
		).toEqual({
			field: 'payments[0].documents[2]',
			message: 'The related XML has no TimbreFiscalDigital UUID: it is not a stamped CFDI.',
			fix: 'Check the UUID of the related invoice.',
		});
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(
					ppd,
					{ impPagado: 10, numParcialidad: '2' },
					'payments[0].documents[2]',
				),
			),
		).toEqual({
			field: 'payments[0].documents[2].impSaldoAnt',
			message: `Installment 2 of invoice ${SECOND_UUID} needs the balance before this payment.`,
			fix: 'Give impSaldoAnt: the invoice total minus what earlier payment receipts applied.',
		});
		// An XML without Total cannot give installment 1's balance either.
		expect(
			kindRefusal(() => paidDocumentFromCfdi(readStampedCfdi(xml('')), { impPagado: 10 })).field,
		).toBe('documents[0].impSaldoAnt');
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(readStampedCfdi(xml('Total="1160.00" MetodoPago="PUE"')), {
					impPagado: 10,
				}),
			),
		).toEqual({
			field: 'documents[0]',
			message: `Invoice ${SECOND_UUID} has metodoPago "PUE": it was paid in full when issued and takes no payment receipt.`,
			fix: 'Relate only invoices issued with metodoPago "PPD".',
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
		expect(validateVoucher(voucher).errors).toEqual([]);
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
		expect(validateVoucher(wrong).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CRP20211 complemento.complementoPago20.totales.montoTotalPagos',
		]);
	});
});
