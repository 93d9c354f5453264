/** Compute Totals on a type P voucher (actions/voucher/paymentReceipt/completeReceipt.ts): what the user gave is kept (members, DR taxes for ImpuestosP, payment figures for Totales) for the validator to judge. */
import { completePaymentReceipt } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { SECOND_UUID, type Mutable } from '../../../../../support/kindFixtures';
import {
	complement,
	sparse,
	firstPago,
	firstDocument,
	DR,
	errors,
} from '../../../../../support/receiptKit';

describe('what the user gave is kept, for the validator to judge', () => {
	it('an equivalence, exchange rate and objetoImpDR given are not replaced, even when wrong', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				firstDocument(v).equivalenciaDR = 2;
				firstPago(v).tipoCambioP = 17;
				firstDocument(v).objetoImpDR = '01';
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
				delete firstPago(v).monedaP;
				delete firstDocument(v).monedaDR;
			}),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0]).not.toHaveProperty('equivalenciaDR');
	});

	it('a tax line that cannot be read is not recomputed', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => delete firstDocument(v).impuestosDR.trasladosDR[0].impuestoDR),
		);
		expect(complement(voucher).pago[0].doctoRelacionado[0].impuestosDR).toEqual({
			trasladosDR: [{ tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16 }],
		});
		const empty = completePaymentReceipt(
			sparse((v) => (firstDocument(v).impuestosDR = { trasladosDR: [] })),
		);
		expect(complement(empty).pago[0].doctoRelacionado[0].impuestosDR).toEqual({ trasladosDR: [] });
	});

	it('a base given on only some lines: one base is derived for all of them', () => {
		const voucher = completePaymentReceipt(
			sparse((v) => {
				Object.assign(firstDocument(v), { impSaldoAnt: 1060, impPagado: 1060 });
				firstDocument(v).impuestosDR = {
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
			delete firstDocument(v).impuestosDR;
			firstPago(v).doctoRelacionado.push({
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
				firstDocument(v).impPagado = '580';
			}),
		);
		expect(complement(oneAsText).pago[0]).not.toHaveProperty('monto');
		expect(errors(oneAsText)).toContain(`NUMBER_EXPECTED ${DR}.impPagado`);
	});

	it('a document with impuestosDR null is not an object of tax, and the payment is still summed', () => {
		const voucher = completePaymentReceipt(sparse((v) => (firstDocument(v).impuestosDR = null)));
		expect(complement(voucher).pago[0]).toMatchObject({ monto: 580 });
		expect(complement(voucher).pago[0].doctoRelacionado[0].objetoImpDR).toBe('01');
		expect(complement(voucher).totales).toEqual({ montoTotalPagos: 580 });
		// impuestosDR that is not an object: nothing is summed from it.
		const text = completePaymentReceipt(sparse((v) => (firstDocument(v).impuestosDR = 'IVA 16')));
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
				firstDocument(v).impPagado = 'half';
				firstDocument(v).impuestosDR = { trasladosDR: [line], retencionesDR: null };
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
		expect(
			complement(given(LINE, (v) => (firstDocument(v).monedaDR = 'USD'))).pago[0],
		).not.toHaveProperty('impuestosP');
		expect(
			complement(given(LINE, (v) => (firstDocument(v).equivalenciaDR = 0))).pago[0],
		).not.toHaveProperty('impuestosP');
	});
});

describe('Totales from the payment figures the user gave', () => {
	// The DR taxes cannot be read (no impuestoDR), so the payment keeps the ImpuestosP and Monto given.
	const givenP = (impuestosP: unknown) =>
		completePaymentReceipt(
			sparse((v) => {
				delete firstDocument(v).impuestosDR.trasladosDR[0].impuestoDR;
				firstPago(v).monto = 580;
				firstPago(v).impuestosP = impuestosP;
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
