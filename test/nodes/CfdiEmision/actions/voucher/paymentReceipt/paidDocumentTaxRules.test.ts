/**
 * Rules of actions/voucher/paymentReceipt/paidDocumentTaxRules.ts: the taxes of each paid document
 * (CRP2024x-2026x), each wrong one stopped naming its path (the cases of paidDocumentRules.test.ts
 * that reach these rules).
 */
import {
	changed,
	expectOnlyError,
	INVOICE_UUID,
	IVA16,
	paymentReceipt,
	satGuidePayment,
	type Mutable,
	type WrongCase,
} from '../../../../../support/kindFixtures';

const P = 'complemento.complementoPago20';
const PAGO = `${P}.pago[0]`;
const DR = `${PAGO}.doctoRelacionado[0]`;

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const withRetention = () =>
		paymentReceipt([
			satGuidePayment({
				documents: [
					{
						idDocumento: INVOICE_UUID,
						impSaldoAnt: 1044,
						impPagado: 1044,
						taxes: [
							IVA16,
							{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true },
						],
					},
				],
			}),
		]);
	const pago = (v: Mutable) => v.complemento.complementoPago20.pago[0];
	const dr = (v: Mutable) => pago(v).doctoRelacionado[0];
	const cases: WrongCase[] = [
		{
			name: 'objetoImpDR 02 without impuestosDR',
			voucher: () => changed(valid(), (v) => delete dr(v).impuestosDR),
			code: 'CRP20246',
			path: `${DR}.impuestosDR`,
		},
		{
			name: 'objetoImpDR 01 with impuestosDR',
			voucher: () => changed(valid(), (v) => (dr(v).objetoImpDR = '01')),
			code: 'CRP20247',
			path: `${DR}.impuestosDR`,
		},
		{
			name: 'importeDR not baseDR × rate',
			voucher: () => changed(valid(), (v) => (dr(v).impuestosDR.trasladosDR[0].importeDR = 90)),
			code: 'CRP20261',
			path: `${DR}.impuestosDR.trasladosDR[0].importeDR`,
		},
		{
			name: 'IVA rate 15 % in a DR',
			voucher: () =>
				changed(valid(), (v) => (dr(v).impuestosDR.trasladosDR[0].tasaOCuotaDR = 0.15)),
			code: 'CRP20260',
			path: `${DR}.impuestosDR.trasladosDR[0].tasaOCuotaDR`,
		},
		{
			name: 'exempt DR line with a rate',
			voucher: () =>
				changed(valid(), (v) => {
					dr(v).impuestosDR.trasladosDR[0].tipoFactorDR = 'Exento';
					delete dr(v).impuestosDR.trasladosDR[0].importeDR;
				}),
			code: 'CRP20258',
			path: `${DR}.impuestosDR.trasladosDR[0].tasaOCuotaDR`,
		},
		{
			name: 'exempt withholding',
			voucher: () =>
				changed(
					withRetention(),
					(v) => (dr(v).impuestosDR.retencionesDR[0].tipoFactorDR = 'Exento'),
				),
			code: 'CRP20252',
			path: `${DR}.impuestosDR.retencionesDR[0].tipoFactorDR`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
