/**
 * Compute Totals on a type P voucher given as JSON
 * (actions/voucher/paymentReceipt/completeReceipt.ts with the readers of receiptTaxes.ts and
 * receiptTotals.ts): what the user left out is computed as a built receipt computes it, what the
 * user gave is kept, and what cannot be computed is left as given for the validator to name (never
 * a crash, never a made-up figure).
 */
import * as voucherShape from '../../../../../../nodes/CfdiEmision/cfdi/voucherShape';
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { completePaymentReceipt } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { satGuideSparseReceipt } from '../../../../../support/vouchers';
import {
	changed,
	CUSTOMER,
	INVOICE_UUID,
	SECOND_UUID,
	type Mutable,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

/* eslint-disable @typescript-eslint/no-explicit-any */
const complement = (voucher: Voucher): any =>
	voucherShape.complementOf(voucher as Record<string, unknown>, 'payments');
const sparse = (modify: (voucher: Mutable) => void = () => undefined): Voucher =>
	changed(satGuideSparseReceipt(INVOICE_UUID, CUSTOMER) as unknown as Voucher, modify);
const pago0 = (v: Mutable) => v.complemento.complementoPago20.pago[0];
const dr0 = (v: Mutable) => pago0(v).doctoRelacionado[0];
const DR = 'complemento.complementoPago20.pago[0].doctoRelacionado[0]';
const errors = (voucher: Voucher) =>
	validateWithKinds(voucher).errors.map((error) => `${error.code} ${error.path}`);

describe('the fixed members of a payment voucher', () => {
	it('sets subTotal, total and moneda; exportacion, the concept and usoCFDI only when absent or blank', () => {
		const filled = completePaymentReceipt(
			sparse((v) =>
				Object.assign(v, {
					subTotal: 580,
					total: 580,
					moneda: 'MXN',
					exportacion: '',
					conceptos: [],
				}),
			),
		);
		expect(filled).toMatchObject({ subTotal: 0, total: 0, moneda: 'XXX', exportacion: '01' });
		expect(filled.conceptos).toEqual([
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
		expect(filled.receptor.usoCFDI).toBe('CP01');
		for (const blank of [undefined, null, '']) {
			expect(
				completePaymentReceipt(sparse((v) => (v.receptor.usoCFDI = blank))).receptor.usoCFDI,
			).toBe('CP01');
			expect(completePaymentReceipt(sparse((v) => (v.exportacion = blank))).exportacion).toBe('01');
		}
		// What the user gave is kept, for the validator to judge.
		const given = completePaymentReceipt(
			sparse((v) =>
				Object.assign(v, {
					exportacion: '02',
					conceptos: [{ claveProdServ: '01010101' }],
					receptor: { ...v.receptor, usoCFDI: 'G03' },
				}),
			),
		);
		expect(given).toMatchObject({
			exportacion: '02',
			conceptos: [{ claveProdServ: '01010101' }],
			receptor: { usoCFDI: 'G03' },
		});
		expect(errors(given)).toEqual(
			expect.arrayContaining(['CRP20102 exportacion', 'CFDI40161 receptor.usoCFDI']),
		);
	});

	it('a voucher without the payment complement, or with pago not a list, gets only the fixed members', () => {
		const none = completePaymentReceipt(sparse((v) => delete v.complemento));
		expect(none).toMatchObject({ subTotal: 0, total: 0, moneda: 'XXX' });
		expect(none).not.toHaveProperty('complemento');
		const notList = completePaymentReceipt(
			sparse((v) => (v.complemento.complementoPago20.pago = { fechaPago: '2024-05-09T12:00:00' })),
		);
		expect(complement(notList)).toEqual({ pago: { fechaPago: '2024-05-09T12:00:00' } });
	});
});

describe('what is computed for each payment and related document', () => {
	it('the SAT guide case from what a user knows: version, equivalence, balance left, taxes, Monto, Totales before the payments', () => {
		const voucher = completePaymentReceipt(sparse());
		const pagos = complement(voucher);
		expect(Object.keys(pagos)).toEqual(['version', 'totales', 'pago']);
		expect(pagos.pago[0]).toMatchObject({ tipoCambioP: 1, monto: 580 });
		expect(pagos.pago[0].doctoRelacionado[0]).toMatchObject({
			equivalenciaDR: 1,
			impSaldoInsoluto: 580,
			objetoImpDR: '02',
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('keeps a version, Monto, exchange rate and equivalence the user gave (null or absent ones are computed)', () => {
		const kept = completePaymentReceipt(
			sparse((v) => {
				v.complemento.complementoPago20.version = '2.0';
				Object.assign(pago0(v), { monto: 600, tipoCambioP: 1 });
				dr0(v).equivalenciaDR = 1;
			}),
		);
		expect(complement(kept).pago[0]).toMatchObject({ monto: 600, tipoCambioP: 1 });
		expect(complement(kept).totales.montoTotalPagos).toBe(600);
		const nulls = completePaymentReceipt(
			sparse((v) => Object.assign(pago0(v), { monto: null, tipoCambioP: null })),
		);
		expect(complement(nulls).pago[0]).toMatchObject({ monto: 580, tipoCambioP: 1 });
		expect(
			complement(completePaymentReceipt(sparse((v) => (dr0(v).equivalenciaDR = null)))).pago[0]
				.doctoRelacionado[0].equivalenciaDR,
		).toBe(1);
	});

	it('a payment in USD gets no exchange rate made up, and an invoice in another currency no equivalence', () => {
		const usd = completePaymentReceipt(sparse((v) => Object.assign(pago0(v), { monedaP: 'USD' })));
		expect(complement(usd).pago[0]).not.toHaveProperty('tipoCambioP');
		expect(complement(usd).pago[0].doctoRelacionado[0]).not.toHaveProperty('equivalenciaDR');
		expect(complement(usd)).not.toHaveProperty('totales');
		expect(errors(usd)).toContain('CRP20214 complemento.complementoPago20.pago[0].tipoCambioP');
	});

	it('objetoImpDR 01 without taxes, and a Monto from several documents in other currencies', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				Object.assign(dr0(v), {
					monedaDR: 'USD',
					equivalenciaDR: 0.05,
					impSaldoAnt: 20,
					impPagado: 20,
				});
				delete dr0(v).impuestosDR;
				pago0(v).doctoRelacionado.push({
					idDocumento: SECOND_UUID,
					monedaDR: 'MXN',
					numParcialidad: 1,
					impSaldoAnt: 100,
					impPagado: 100,
				});
			}),
		);
		const pago = complement(voucher).pago[0];
		expect(
			pago.doctoRelacionado.map((dr: any) => [
				dr.objetoImpDR,
				dr.impSaldoInsoluto,
				dr.equivalenciaDR,
			]),
		).toEqual([
			['01', 0, 0.05],
			['01', 0, 1],
		]);
		// 20 USD ÷ 0.05 = 400 MXN, + 100 MXN.
		expect(pago.monto).toBe(500);
		expect(pago).not.toHaveProperty('impuestosP');
		expect(complement(voucher).totales).toEqual({ montoTotalPagos: 500 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('an ImpuestosP the documents no longer support is removed', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				delete dr0(v).impuestosDR;
				pago0(v).impuestosP = {
					trasladosP: [
						{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
					],
				};
			}),
		);
		expect(complement(voucher).pago[0]).not.toHaveProperty('impuestosP');
	});

	it('withholdings in a DR are derived from the amount paid with the transfers', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				Object.assign(dr0(v), { impSaldoAnt: 1060, impPagado: 1060 });
				dr0(v).impuestosDR.retencionesDR = [
					{ impuestoDR: '001', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.1 },
				];
			}),
		);
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0].impuestosDR).toEqual({
			retencionesDR: [
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
		expect(pago.impuestosP).toEqual({
			retencionesP: [{ impuestoP: '001', importeP: 100 }],
			trasladosP: [
				{ baseP: 1000, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 160 },
			],
		});
		expect(complement(voucher).totales).toEqual({
			totalRetencionesISR: 100,
			totalTrasladosBaseIVA16: 1000,
			totalTrasladosImpuestoIVA16: 160,
			montoTotalPagos: 1060,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('bases given on every line are kept, with withholdings and exempt lines; a Cuota line keeps what was given', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				dr0(v).impuestosDR = {
					retencionesDR: [
						{ baseDR: 300, impuestoDR: '001', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.1 },
					],
					trasladosDR: [
						{ baseDR: 300, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 },
						{ baseDR: 262, impuestoDR: '002', tipoFactorDR: 'Exento' },
					],
				};
			}),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR).toEqual({
			retencionesDR: [
				{ baseDR: 300, impuestoDR: '001', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.1, importeDR: 30 },
			],
			trasladosDR: [
				{ baseDR: 300, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 48 },
				{ baseDR: 262, impuestoDR: '002', tipoFactorDR: 'Exento' },
			],
		});
		const cuota = completePaymentReceipt(
			sparse(
				(v) =>
					(dr0(v).impuestosDR.trasladosDR = [
						{
							baseDR: 10,
							impuestoDR: '003',
							tipoFactorDR: 'Cuota',
							tasaOCuotaDR: 6.4,
							importeDR: 64,
						},
					]),
			),
		);
		expect(complement(cuota).pago[0].doctoRelacionado[0].impuestosDR.trasladosDR).toEqual([
			{ baseDR: 10, impuestoDR: '003', tipoFactorDR: 'Cuota', tasaOCuotaDR: 6.4 },
		]);
	});

	it('the balance left is rounded to the invoice currency', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => Object.assign(dr0(v), { impSaldoAnt: 1160.005, impPagado: 580 })),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impSaldoInsoluto).toBe(580.01);
	});
});

describe('what cannot be computed is left as given, for the validator to name', () => {
	it('an amount paid as text: no balance left, taxes, Monto or Totales computed from it', () => {
		const voucher = completePaymentReceipt(sparse((v) => (dr0(v).impPagado = '580')));
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0]).not.toHaveProperty('impSaldoInsoluto');
		expect(pago.doctoRelacionado[0].impuestosDR).toEqual({
			trasladosDR: [{ impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 }],
		});
		expect(pago).not.toHaveProperty('monto');
		expect(complement(voucher)).not.toHaveProperty('totales');
		expect(errors(voucher)).toContain(`NUMBER_EXPECTED ${DR}.impPagado`);
	});

	it('a previous balance as text: no balance left, the rest computed from the amount paid', () => {
		const voucher = completePaymentReceipt(sparse((v) => (dr0(v).impSaldoAnt = '1160')));
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0]).not.toHaveProperty('impSaldoInsoluto');
		expect(pago.impuestosP).toEqual({
			trasladosP: [
				{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
			],
		});
		expect(errors(voucher)).toContain(`NUMBER_EXPECTED ${DR}.impSaldoAnt`);
	});

	// A document with taxes given is an object of tax (02) even when a tax line cannot be read, so the
	// validator names that line (before: objetoImpDR "01" was filled in, and the error said the taxes
	// must not be there at all).
	it.each([
		[
			'a tax line without its tax',
			(v: Mutable) => delete dr0(v).impuestosDR.trasladosDR[0].impuestoDR,
			`REQUIRED ${DR}.impuestosDR.trasladosDR[0].impuestoDR`,
		],
		[
			'a tax line with a blank factor',
			(v: Mutable) => (dr0(v).impuestosDR.trasladosDR[0].tipoFactorDR = ' '),
			`REQUIRED ${DR}.impuestosDR.trasladosDR[0].tipoFactorDR`,
		],
		[
			'transfers not a list',
			(v: Mutable) => (dr0(v).impuestosDR.trasladosDR = { impuestoDR: '002' }),
			`ARRAY_EXPECTED ${DR}.impuestosDR.trasladosDR`,
		],
		[
			'withholdings not a list',
			(v: Mutable) => (dr0(v).impuestosDR.retencionesDR = 'ISR'),
			`ARRAY_EXPECTED ${DR}.impuestosDR.retencionesDR`,
		],
		[
			'a tax line not an object',
			(v: Mutable) => (dr0(v).impuestosDR.trasladosDR = ['002']),
			`OBJECT_EXPECTED ${DR}.impuestosDR.trasladosDR[0]`,
		],
	])(
		'%s: the document stays an object of tax and the validator names the line',
		(_name, modify, expected) => {
			const voucher = completePaymentReceipt(sparse(modify));
			const pago = complement(voucher).pago[0];
			expect(pago.doctoRelacionado[0].objetoImpDR).toBe('02');
			expect(pago).not.toHaveProperty('impuestosP');
			expect(complement(voucher)).not.toHaveProperty('totales');
			expect(errors(voucher)).toContain(expected);
			expect(errors(voucher).some((error) => error.startsWith('CRP20247'))).toBe(false);
		},
	);

	it('a Tasa line without a rate stays as given, for the validator to name', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => delete dr0(v).impuestosDR.trasladosDR[0].tasaOCuotaDR),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR).toEqual({
			trasladosDR: [{ impuestoDR: '002', tipoFactorDR: 'Tasa' }],
		});
		expect(
			errors(voucher).some((error) => error.includes(`${DR}.impuestosDR.trasladosDR[0]`)),
		).toBe(true);
	});

	it('empty tax lists make no object of tax', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => (dr0(v).impuestosDR = { trasladosDR: [], retencionesDR: null })),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].objetoImpDR).toBe('01');
	});

	it('a related document that is not an object stays as it is', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => pago0(v).doctoRelacionado.push('not a document')),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[1]).toBe('not a document');
		expect(complement(voucher).pago[0]).not.toHaveProperty('monto');
	});

	it('a payment that is not an object stays as it is, and no Totales are made up', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => v.complemento.complementoPago20.pago.push(42)),
		);
		expect(complement(voucher).pago[1]).toBe(42);
		expect(complement(voucher)).not.toHaveProperty('totales');
	});

	it('a payment without its currency: documents completed, no payment taxes or Monto', () => {
		const voucher = completePaymentReceipt(sparse((v) => delete pago0(v).monedaP));
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0]).toMatchObject({ impSaldoInsoluto: 580 });
		expect(pago).not.toHaveProperty('impuestosP');
		expect(pago).not.toHaveProperty('monto');
		expect(pago).not.toHaveProperty('tipoCambioP');
	});

	it('a payment whose related documents are not a list is kept as given', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => (pago0(v).doctoRelacionado = { idDocumento: INVOICE_UUID })),
		);
		expect(complement(voucher).pago[0]).toMatchObject({
			tipoCambioP: 1,
			doctoRelacionado: { idDocumento: INVOICE_UUID },
		});
		expect(complement(voucher).pago[0]).not.toHaveProperty('monto');
	});

	// A document whose taxes cannot be read leaves the payment's ImpuestosP and Monto as the user gave
	// them; Totales are then computed from those, when they can be read.
	const givenPayment = (modify: (voucher: Mutable) => void) =>
		sparse((v) => {
			delete dr0(v).impuestosDR.trasladosDR[0].impuestoDR;
			pago0(v).monto = 580;
			pago0(v).impuestosP = {
				retencionesP: [{ impuestoP: '001', importeP: 10 }],
				trasladosP: [
					{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
				],
			};
			modify(v);
		});

	it('Totales from the ImpuestosP and Monto the user gave, when the documents cannot be computed', () => {
		const voucher = completePaymentReceipt(givenPayment(() => undefined));
		expect(complement(voucher).totales).toEqual({
			totalRetencionesISR: 10,
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
	});

	it.each([
		['impuestosP not an object', (v: Mutable) => (pago0(v).impuestosP = 'IVA')],
		['trasladosP not a list', (v: Mutable) => (pago0(v).impuestosP = { trasladosP: 'IVA' })],
		['retencionesP not a list', (v: Mutable) => (pago0(v).impuestosP = { retencionesP: {} })],
		[
			'a transfer without its factor',
			(v: Mutable) => (pago0(v).impuestosP = { trasladosP: [{ impuestoP: '002', baseP: 1 }] }),
		],
		[
			'a transfer base as text',
			(v: Mutable) =>
				(pago0(v).impuestosP = {
					trasladosP: [
						{
							impuestoP: '002',
							tipoFactorP: 'Tasa',
							baseP: '500',
							tasaOCuotaP: 0.16,
							importeP: 80,
						},
					],
				}),
		],
		[
			'a Tasa transfer without its amount',
			(v: Mutable) =>
				(pago0(v).impuestosP = {
					trasladosP: [{ impuestoP: '002', tipoFactorP: 'Tasa', baseP: 500, tasaOCuotaP: 0.16 }],
				}),
		],
		[
			'a withholding amount as text',
			(v: Mutable) =>
				(pago0(v).impuestosP = { retencionesP: [{ impuestoP: '001', importeP: '1' }] }),
		],
		[
			'a withholding not an object',
			(v: Mutable) => (pago0(v).impuestosP = { retencionesP: [null] }),
		],
		['a Monto as text', (v: Mutable) => (pago0(v).monto = '580')],
	])(
		'no Totales are made up from a payment whose given figures cannot be read: %s',
		(_name, modify) => {
			const voucher = completePaymentReceipt(givenPayment(modify));
			expect(complement(voucher)).not.toHaveProperty('totales');
		},
	);

	it('an exempt transfer in ImpuestosP needs no rate or amount to count in the Totales', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				dr0(v).impuestosDR.trasladosDR = [
					{ baseDR: 580, impuestoDR: '002', tipoFactorDR: 'Exento' },
				];
			}),
		);
		expect(complement(voucher).totales).toEqual({
			totalTrasladosBaseIVAExento: 580,
			montoTotalPagos: 580,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

describe('what the user gave is kept, for the validator to judge', () => {
	it('an equivalence, exchange rate and objetoImpDR given are not replaced, even when wrong', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				dr0(v).equivalenciaDR = 2;
				pago0(v).tipoCambioP = 17;
				dr0(v).objetoImpDR = '01';
			}),
		);
		const pago = complement(voucher).pago[0];
		expect(pago.tipoCambioP).toBe(17);
		expect(pago.doctoRelacionado[0]).toMatchObject({ equivalenciaDR: 2, objetoImpDR: '01' });
		expect(errors(voucher)).toEqual(
			expect.arrayContaining([
				'CRP20215 complemento.complementoPago20.pago[0].tipoCambioP',
				`CRP20238 ${DR}.equivalenciaDR`,
				`CRP20247 ${DR}.impuestosDR`,
			]),
		);
	});

	it('no equivalence is made up when neither the payment nor the document says its currency', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				delete pago0(v).monedaP;
				delete dr0(v).monedaDR;
			}),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0]).not.toHaveProperty('equivalenciaDR');
	});

	it('a tax line that cannot be read is not recomputed', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => delete dr0(v).impuestosDR.trasladosDR[0].impuestoDR),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR).toEqual({
			trasladosDR: [{ tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 }],
		});
		const empty = completePaymentReceipt(sparse((v) => (dr0(v).impuestosDR = { trasladosDR: [] })));
		expect(complement(empty).pago[0].doctoRelacionado[0].impuestosDR).toEqual({ trasladosDR: [] });
	});

	it('a base given on only some lines: one base is derived for all of them', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				Object.assign(dr0(v), { impSaldoAnt: 1060, impPagado: 1060 });
				dr0(v).impuestosDR = {
					retencionesDR: [{ impuestoDR: '001', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.1 }],
					trasladosDR: [
						{ baseDR: 300, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 },
					],
				};
			}),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR).toEqual({
			retencionesDR: [
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
	});

	it('Monto only from amounts paid that are numbers', () => {
		const untaxed = (v: Mutable) => {
			delete dr0(v).impuestosDR;
			pago0(v).doctoRelacionado.push({
				idDocumento: SECOND_UUID,
				monedaDR: 'MXN',
				numParcialidad: 1,
				impSaldoAnt: 100,
				impPagado: 100,
			});
		};
		expect(complement(completePaymentReceipt(sparse(untaxed))).pago[0].monto).toBe(680);
		const oneAsText = completePaymentReceipt(
			sparse((v) => {
				untaxed(v);
				dr0(v).impPagado = '580';
			}),
		);
		expect(complement(oneAsText).pago[0]).not.toHaveProperty('monto');
		expect(errors(oneAsText)).toContain(`NUMBER_EXPECTED ${DR}.impPagado`);
	});

	it('a document with impuestosDR null is not an object of tax, and the payment is still summed', () => {
		const voucher = completePaymentReceipt(sparse((v) => (dr0(v).impuestosDR = null)));
		expect(complement(voucher).pago[0]).toMatchObject({ monto: 580 });
		expect(complement(voucher).pago[0].doctoRelacionado[0].objetoImpDR).toBe('01');
		expect(complement(voucher).totales).toEqual({ montoTotalPagos: 580 });
		// impuestosDR that is not an object: nothing is summed from it.
		const text = completePaymentReceipt(sparse((v) => (dr0(v).impuestosDR = 'IVA 16')));
		expect(complement(text).pago[0]).not.toHaveProperty('monto');
	});
});

describe('ImpuestosP from the DR taxes as given, when the amount paid cannot be read', () => {
	// impPagado is not a number, so the DR taxes are not recomputed: ImpuestosP is grouped from the
	// DR lines as they are, only when every line can be read.
	const given = (
		line: Record<string, unknown> | null,
		modify: (voucher: Mutable) => void = () => undefined,
	) =>
		completePaymentReceipt(
			sparse((v) => {
				dr0(v).impPagado = 'half';
				dr0(v).impuestosDR = { trasladosDR: [line], retencionesDR: null };
				modify(v);
			}),
		);
	const LINE = {
		baseDR: 500,
		impuestoDR: '002',
		tipoFactorDR: 'Tasa',
		tasaOCuotaDR: 0.16,
		importeDR: 80,
	};

	it('complete lines are grouped', () => {
		expect(complement(given(LINE)).pago[0].impuestosP).toEqual({
			trasladosP: [
				{ baseP: 500, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 80 },
			],
		});
		expect(
			complement(given({ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Exento' })).pago[0]
				.impuestosP,
		).toEqual({ trasladosP: [{ baseP: 500, impuestoP: '002', tipoFactorP: 'Exento' }] });
	});

	it.each([
		['a base as text', { ...LINE, baseDR: '500' }],
		['a rate as text', { ...LINE, tasaOCuotaDR: '0.16' }],
		['an amount as text', { ...LINE, importeDR: '80' }],
		['no amount', { ...LINE, importeDR: undefined }],
		['no rate', { ...LINE, tasaOCuotaDR: undefined }],
		['no tax', { ...LINE, impuestoDR: undefined }],
		['no factor', { ...LINE, tipoFactorDR: undefined }],
		['no base', { ...LINE, baseDR: undefined }],
		['a line that is null', null],
	])('none from %s', (_name, line) => {
		expect(complement(given(line as Record<string, unknown> | null)).pago[0]).not.toHaveProperty(
			'impuestosP',
		);
	});

	it('none from an invoice in another currency without its equivalence, or with an equivalence of 0', () => {
		expect(complement(given(LINE, (v) => (dr0(v).monedaDR = 'USD'))).pago[0]).not.toHaveProperty(
			'impuestosP',
		);
		expect(complement(given(LINE, (v) => (dr0(v).equivalenciaDR = 0))).pago[0]).not.toHaveProperty(
			'impuestosP',
		);
	});
});

describe('Totales from the payment figures the user gave', () => {
	// The DR taxes cannot be read (no impuestoDR), so the payment keeps the ImpuestosP and Monto given.
	const givenP = (impuestosP: unknown) =>
		completePaymentReceipt(
			sparse((v) => {
				delete dr0(v).impuestosDR.trasladosDR[0].impuestoDR;
				pago0(v).monto = 580;
				pago0(v).impuestosP = impuestosP;
			}),
		);
	const TASA = {
		baseP: 500,
		impuestoP: '002',
		tipoFactorP: 'Tasa',
		tasaOCuotaP: 0.16,
		importeP: 80,
	};

	it('ImpuestosP null counts as none; only withholdings count without transfers', () => {
		expect(complement(givenP(null)).totales).toEqual({ montoTotalPagos: 580 });
		expect(
			complement(givenP({ retencionesP: [{ impuestoP: '002', importeP: 5 }] })).totales,
		).toEqual({ totalRetencionesIVA: 5, montoTotalPagos: 580 });
	});

	it.each([
		['a transfer without its tax', { ...TASA, impuestoP: undefined }],
		['a transfer without its factor', { ...TASA, tipoFactorP: undefined }],
		['a Tasa transfer without its rate', { ...TASA, tasaOCuotaP: undefined }],
	])('none from %s', (_name, line) => {
		expect(complement(givenP({ trasladosP: [line] }))).not.toHaveProperty('totales');
	});

	it('an IVA transfer that is not Tasa counts in no IVA total', () => {
		expect(complement(givenP({ trasladosP: [{ ...TASA, tipoFactorP: 'Cuota' }] })).totales).toEqual(
			{ montoTotalPagos: 580 },
		);
	});

	it('a payment list holding null: no Totales, no crash', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => v.complemento.complementoPago20.pago.push(null)),
		);
		expect(complement(voucher)).not.toHaveProperty('totales');
	});
});
