/**
 * Rules of actions/voucher/paymentReceipt/paidDocumentRules.ts and its neighbours: wrong payment
 * vouchers are stopped, each naming its path. The cases of the payment voucher's fixed members, the
 * payment taxes and the paid documents' taxes are in receiptVoucherRules.test.ts,
 * receiptTaxRules.test.ts and paidDocumentTaxRules.test.ts beside this one; the empty lists in
 * cfdi/validation/members.test.ts.
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/paymentReceipt/ruleAmounts.ts (the numbers the
 * payment checks share).
 */
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type WrongCase,
} from '../../../../../support/kindFixtures';
import { P, PAGO, DR, firstPago, firstDocument } from '../../../../../support/receiptKit';

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const cases: WrongCase[] = [
		{
			name: 'formaDePagoP 99',
			voucher: () => changed(valid(), (v) => (firstPago(v).formaDePagoP = '99')),
			code: 'CRP20212',
			path: `${PAGO}.formaDePagoP`,
		},
		{
			name: 'monedaP XXX',
			voucher: () => changed(valid(), (v) => (firstPago(v).monedaP = 'XXX')),
			code: 'CRP20213',
			path: `${PAGO}.monedaP`,
		},
		{
			name: 'USD payment without tipoCambioP',
			voucher: () =>
				changed(valid(), (v) => {
					Object.assign(firstPago(v), { monedaP: 'USD' });
					delete firstPago(v).tipoCambioP;
					firstDocument(v).monedaDR = 'USD';
				}),
			code: 'CRP20214',
			path: `${PAGO}.tipoCambioP`,
		},
		{
			name: 'MXN payment with tipoCambioP 17',
			voucher: () => changed(valid(), (v) => (firstPago(v).tipoCambioP = 17)),
			code: 'CRP20215',
			path: `${PAGO}.tipoCambioP`,
		},
		{
			name: 'monto below the amounts paid',
			voucher: () => changed(valid(), (v) => (firstPago(v).monto = 500)),
			code: 'CRP20217',
			path: `${PAGO}.monto`,
		},
		{
			name: 'monto 0',
			voucher: () => changed(valid(), (v) => (firstPago(v).monto = 0)),
			code: 'CRP20218',
			path: `${PAGO}.monto`,
		},
		{
			name: 'monto with 3 decimals in MXN',
			voucher: () => changed(valid(), (v) => (firstPago(v).monto = 580.001)),
			code: 'CRP20219',
			path: `${PAGO}.monto`,
		},
		{
			name: 'fechaPago not a date',
			voucher: () => changed(valid(), (v) => (firstPago(v).fechaPago = '2024-13-01T00:00:00')),
			code: 'FECHA_PAGO_FORMAT',
			path: `${PAGO}.fechaPago`,
		},
		{
			name: 'idDocumento not a UUID',
			voucher: () => changed(valid(), (v) => (firstDocument(v).idDocumento = 'A-1000')),
			code: 'UUID_PATTERN',
			path: `${DR}.idDocumento`,
		},
		{
			name: 'monedaDR XXX',
			voucher: () => changed(valid(), (v) => (firstDocument(v).monedaDR = 'XXX')),
			code: 'CRP20236',
			path: `${DR}.monedaDR`,
		},
		{
			name: 'USD invoice without equivalenciaDR',
			voucher: () =>
				changed(valid(), (v) =>
					Object.assign(firstDocument(v), { monedaDR: 'USD', equivalenciaDR: undefined }),
				),
			code: 'CRP20237',
			path: `${DR}.equivalenciaDR`,
		},
		{
			name: 'equivalenciaDR 2 in the same currency',
			voucher: () => changed(valid(), (v) => (firstDocument(v).equivalenciaDR = 2)),
			code: 'CRP20238',
			path: `${DR}.equivalenciaDR`,
		},
		{
			name: 'numParcialidad 0',
			voucher: () => changed(valid(), (v) => (firstDocument(v).numParcialidad = 0)),
			code: 'NUM_PARCIALIDAD',
			path: `${DR}.numParcialidad`,
		},
		{
			name: 'impSaldoAnt 0',
			voucher: () => changed(valid(), (v) => (firstDocument(v).impSaldoAnt = 0)),
			code: 'CRP20239',
			path: `${DR}.impSaldoAnt`,
		},
		{
			name: 'impSaldoInsoluto not the difference',
			voucher: () => changed(valid(), (v) => (firstDocument(v).impSaldoInsoluto = 0)),
			code: 'CRP20244',
			path: `${DR}.impSaldoInsoluto`,
		},
		{
			name: 'paid more than owed',
			voucher: () =>
				changed(valid(), (v) =>
					Object.assign(firstDocument(v), { impSaldoAnt: 500, impSaldoInsoluto: 0 }),
				),
			code: 'CRP20244',
			path: `${DR}.impPagado`,
		},
		{
			name: 'impSaldoInsoluto missing',
			voucher: () => changed(valid(), (v) => delete firstDocument(v).impSaldoInsoluto),
			code: 'REQUIRED',
			path: `${DR}.impSaldoInsoluto`,
		},
		{
			name: 'totales tax amount off by a cent',
			voucher: () =>
				changed(
					valid(),
					(v) => (v.complemento.complementoPago20.totales.totalTrasladosImpuestoIVA16 = 80.01),
				),
			code: 'CRP20205',
			path: `${P}.totales.totalTrasladosImpuestoIVA16`,
		},
		{
			name: 'totales with an 8 % total no payment has',
			voucher: () =>
				changed(
					valid(),
					(v) => (v.complemento.complementoPago20.totales.totalTrasladosBaseIVA8 = 100),
				),
			code: 'CRP20206',
			path: `${P}.totales.totalTrasladosBaseIVA8`,
		},
		{
			name: 'totales without montoTotalPagos',
			voucher: () =>
				changed(valid(), (v) => delete v.complemento.complementoPago20.totales.montoTotalPagos),
			code: 'CRP20211',
			path: `${P}.totales.montoTotalPagos`,
		},
		{
			name: 'complement version 1.0',
			voucher: () => changed(valid(), (v) => (v.complemento.complementoPago20.version = '1.0')),
			code: 'COMPLEMENT_VERSION',
			path: `${P}.version`,
		},
		{
			name: 'type P without the complement',
			voucher: () => changed(valid(), (v) => delete v.complemento),
			code: 'REQUIRED',
			path: P,
		},
	];
	it('has at least 10 cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
