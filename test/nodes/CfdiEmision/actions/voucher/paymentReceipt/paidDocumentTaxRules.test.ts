/**
 * Rules of actions/voucher/paymentReceipt/paidDocumentTaxRules.ts: the taxes of each paid document
 * (CRP2024x-2026x), each wrong one stopped naming its path (the cases of paidDocumentRules.test.ts
 * that reach these rules).
 */
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type WrongCase,
} from '../../../../../support/kindFixtures';
import { DR, firstDocument, withRetention } from '../../../../../support/receiptKit';

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const cases: WrongCase[] = [
		{
			name: 'objetoImpDR 02 without impuestosDR',
			voucher: () => changed(valid(), (v) => delete firstDocument(v).impuestosDR),
			code: 'CRP20246',
			path: `${DR}.impuestosDR`,
		},
		{
			name: 'objetoImpDR 01 with impuestosDR',
			voucher: () => changed(valid(), (v) => (firstDocument(v).objetoImpDR = '01')),
			code: 'CRP20247',
			path: `${DR}.impuestosDR`,
		},
		{
			name: 'importeDR not baseDR × rate',
			voucher: () =>
				changed(valid(), (v) => (firstDocument(v).impuestosDR.trasladosDR[0].importeDR = 90)),
			code: 'CRP20261',
			path: `${DR}.impuestosDR.trasladosDR[0].importeDR`,
		},
		{
			name: 'IVA rate 15 % in a DR',
			voucher: () =>
				changed(valid(), (v) => (firstDocument(v).impuestosDR.trasladosDR[0].tasaOCuotaDR = 0.15)),
			code: 'CRP20260',
			path: `${DR}.impuestosDR.trasladosDR[0].tasaOCuotaDR`,
		},
		{
			name: 'exempt DR line with a rate',
			voucher: () =>
				changed(valid(), (v) => {
					firstDocument(v).impuestosDR.trasladosDR[0].tipoFactorDR = 'Exento';
					delete firstDocument(v).impuestosDR.trasladosDR[0].importeDR;
				}),
			code: 'CRP20258',
			path: `${DR}.impuestosDR.trasladosDR[0].tasaOCuotaDR`,
		},
		{
			name: 'exempt withholding',
			voucher: () =>
				changed(
					withRetention(),
					(v) => (firstDocument(v).impuestosDR.retencionesDR[0].tipoFactorDR = 'Exento'),
				),
			code: 'CRP20252',
			path: `${DR}.impuestosDR.retencionesDR[0].tipoFactorDR`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
