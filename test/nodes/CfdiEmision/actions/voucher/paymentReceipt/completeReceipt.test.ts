/**
 * Compute Totals on a type P voucher given as JSON
 * (actions/voucher/paymentReceipt/completeReceipt.ts with the readers of receiptTaxes.ts and
 * receiptTotals.ts): what the user left out is computed as a built receipt computes it, what the
 * user gave is kept, and what cannot be computed is left as given for the validator to name (never
 * a crash, never a made-up figure).
 */
import { completePaymentReceipt } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { SECOND_UUID, validateWithKinds } from '../../../../../support/kindFixtures';
import {
	complement,
	sparse,
	firstPago,
	firstDocument,
	errors,
} from '../../../../../support/receiptKit';

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
				Object.assign(firstPago(v), { monto: 600, tipoCambioP: 1 });
				firstDocument(v).equivalenciaDR = 1;
			}),
		);
		expect(complement(kept).pago[0]).toMatchObject({ monto: 600, tipoCambioP: 1 });
		expect(complement(kept).totales.montoTotalPagos).toBe(600);
		const nulls = completePaymentReceipt(
			sparse((v) => Object.assign(firstPago(v), { monto: null, tipoCambioP: null })),
		);
		expect(complement(nulls).pago[0]).toMatchObject({ monto: 580, tipoCambioP: 1 });
		expect(
			complement(completePaymentReceipt(sparse((v) => (firstDocument(v).equivalenciaDR = null))))
				.pago[0].doctoRelacionado[0].equivalenciaDR,
		).toBe(1);
	});

	it('a payment in USD gets no exchange rate made up, and an invoice in another currency no equivalence', () => {
		const usd = completePaymentReceipt(
			sparse((v) => Object.assign(firstPago(v), { monedaP: 'USD' })),
		);
		expect(complement(usd).pago[0]).not.toHaveProperty('tipoCambioP');
		expect(complement(usd).pago[0].doctoRelacionado[0]).not.toHaveProperty('equivalenciaDR');
		expect(complement(usd)).not.toHaveProperty('totales');
		expect(errors(usd)).toContain('CRP20214 complemento.complementoPago20.pago[0].tipoCambioP');
	});

	it('objetoImpDR 01 without taxes, and a Monto from several documents in other currencies', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				Object.assign(firstDocument(v), {
					monedaDR: 'USD',
					equivalenciaDR: 0.05,
					impSaldoAnt: 20,
					impPagado: 20,
				});
				delete firstDocument(v).impuestosDR;
				firstPago(v).doctoRelacionado.push({
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
				delete firstDocument(v).impuestosDR;
				firstPago(v).impuestosP = {
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
				Object.assign(firstDocument(v), { impSaldoAnt: 1060, impPagado: 1060 });
				firstDocument(v).impuestosDR.retencionesDR = [
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
				firstDocument(v).impuestosDR = {
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
					(firstDocument(v).impuestosDR.trasladosDR = [
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
			sparse((v) => Object.assign(firstDocument(v), { impSaldoAnt: 1160.005, impPagado: 580 })),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impSaldoInsoluto).toBe(580.01);
	});
});
