/** Compute Totals on a type P voucher (actions/voucher/paymentReceipt/completeReceipt.ts): what cannot be computed is left as given, for the validator to name (never a crash, never a made-up figure). */
import { completePaymentReceipt } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { INVOICE_UUID, type Mutable, validateWithKinds } from '../../../../../support/kindFixtures';
import {
	complement,
	sparse,
	firstPago,
	firstDocument,
	DR,
	errors,
} from '../../../../../support/receiptKit';

describe('what cannot be computed is left as given, for the validator to name', () => {
	it('an amount paid as text: no balance left, taxes, Monto or Totales computed from it', () => {
		const voucher = completePaymentReceipt(sparse((v) => (firstDocument(v).impPagado = '580')));
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
		const voucher = completePaymentReceipt(sparse((v) => (firstDocument(v).impSaldoAnt = '1160')));
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
			(v: Mutable) => delete firstDocument(v).impuestosDR.trasladosDR[0].impuestoDR,
			`REQUIRED ${DR}.impuestosDR.trasladosDR[0].impuestoDR`,
		],
		[
			'a tax line with a blank factor',
			(v: Mutable) => (firstDocument(v).impuestosDR.trasladosDR[0].tipoFactorDR = ' '),
			`REQUIRED ${DR}.impuestosDR.trasladosDR[0].tipoFactorDR`,
		],
		[
			'transfers not a list',
			(v: Mutable) => (firstDocument(v).impuestosDR.trasladosDR = { impuestoDR: '002' }),
			`ARRAY_EXPECTED ${DR}.impuestosDR.trasladosDR`,
		],
		[
			'withholdings not a list',
			(v: Mutable) => (firstDocument(v).impuestosDR.retencionesDR = 'ISR'),
			`ARRAY_EXPECTED ${DR}.impuestosDR.retencionesDR`,
		],
		[
			'a tax line not an object',
			(v: Mutable) => (firstDocument(v).impuestosDR.trasladosDR = ['002']),
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
			sparse((v) => delete firstDocument(v).impuestosDR.trasladosDR[0].tasaOCuotaDR),
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
			sparse((v) => (firstDocument(v).impuestosDR = { trasladosDR: [], retencionesDR: null })),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].objetoImpDR).toBe('01');
	});

	it('a related document that is not an object stays as it is', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => firstPago(v).doctoRelacionado.push('not a document')),
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
		const voucher = completePaymentReceipt(sparse((v) => delete firstPago(v).monedaP));
		const pago = complement(voucher).pago[0];
		expect(pago.doctoRelacionado[0]).toMatchObject({ impSaldoInsoluto: 580 });
		expect(pago).not.toHaveProperty('impuestosP');
		expect(pago).not.toHaveProperty('monto');
		expect(pago).not.toHaveProperty('tipoCambioP');
	});

	it('a payment whose related documents are not a list is kept as given', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => (firstPago(v).doctoRelacionado = { idDocumento: INVOICE_UUID })),
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
			delete firstDocument(v).impuestosDR.trasladosDR[0].impuestoDR;
			firstPago(v).monto = 580;
			firstPago(v).impuestosP = {
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
		['impuestosP not an object', (v: Mutable) => (firstPago(v).impuestosP = 'IVA')],
		['trasladosP not a list', (v: Mutable) => (firstPago(v).impuestosP = { trasladosP: 'IVA' })],
		['retencionesP not a list', (v: Mutable) => (firstPago(v).impuestosP = { retencionesP: {} })],
		[
			'a transfer without its factor',
			(v: Mutable) => (firstPago(v).impuestosP = { trasladosP: [{ impuestoP: '002', baseP: 1 }] }),
		],
		[
			'a transfer base as text',
			(v: Mutable) =>
				(firstPago(v).impuestosP = {
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
				(firstPago(v).impuestosP = {
					trasladosP: [{ impuestoP: '002', tipoFactorP: 'Tasa', baseP: 500, tasaOCuotaP: 0.16 }],
				}),
		],
		[
			'a withholding amount as text',
			(v: Mutable) =>
				(firstPago(v).impuestosP = { retencionesP: [{ impuestoP: '001', importeP: '1' }] }),
		],
		[
			'a withholding not an object',
			(v: Mutable) => (firstPago(v).impuestosP = { retencionesP: [null] }),
		],
		['a Monto as text', (v: Mutable) => (firstPago(v).monto = '580')],
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
				firstDocument(v).impuestosDR.trasladosDR = [
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
