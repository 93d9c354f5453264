/**
 * Rules of actions/voucher/paymentReceipt/receiptTaxRules.ts: the taxes of each payment
 * (CRP2026x-2027x, ImpuestosP), each wrong one stopped naming its path (the cases of
 * paidDocumentRules.test.ts that reach these rules).
 */
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type WrongCase,
} from '../../../../../support/kindFixtures';
import { PAGO, firstPago, withRetention } from '../../../../../support/receiptKit';

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const cases: WrongCase[] = [
		{
			name: 'baseP not the sum of baseDR',
			voucher: () => changed(valid(), (v) => (firstPago(v).impuestosP.trasladosP[0].baseP = 400)),
			code: 'CRP20268',
			path: `${PAGO}.impuestosP.trasladosP[0].baseP`,
		},
		{
			name: 'importeP not the sum of importeDR',
			voucher: () => changed(valid(), (v) => (firstPago(v).impuestosP.trasladosP[0].importeP = 81)),
			code: 'CRP20274',
			path: `${PAGO}.impuestosP.trasladosP[0].importeP`,
		},
		{
			name: 'withheld importeP wrong',
			voucher: () =>
				changed(withRetention(), (v) => (firstPago(v).impuestosP.retencionesP[0].importeP = 99)),
			code: 'CRP20265',
			path: `${PAGO}.impuestosP.retencionesP[0].importeP`,
		},
		{
			name: 'impuestosP missing',
			voucher: () => changed(valid(), (v) => delete firstPago(v).impuestosP),
			code: 'IMPUESTOS_P_REQUIRED',
			path: `${PAGO}.impuestosP`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
