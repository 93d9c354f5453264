/**
 * Rules of actions/voucher/paymentReceipt/receiptVoucherRules.ts: a payment receipt's fixed members
 * (CRP201xx), each wrong one stopped naming its path (the cases of paidDocumentRules.test.ts that
 * reach these rules).
 */
import { baseVoucher } from '../../../../../support/corpusBase';
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type WrongCase,
} from '../../../../../support/kindFixtures';

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const cases: WrongCase[] = [
		{
			name: 'payment complement on an invoice',
			voucher: () => changed(baseVoucher(), (v) => (v.complemento = valid().complemento)),
			code: 'CRP20101',
			path: 'tipoDeComprobante',
		},
		{
			name: 'exportacion 02',
			voucher: () => changed(valid(), (v) => (v.exportacion = '02')),
			code: 'CRP20102',
			path: 'exportacion',
		},
		{
			name: 'condicionesDePago',
			voucher: () => changed(valid(), (v) => (v.condicionesDePago = '30 days')),
			code: 'CRP20107',
			path: 'condicionesDePago',
		},
		{
			name: 'two concepts',
			voucher: () => changed(valid(), (v) => v.conceptos.push({ ...v.conceptos[0] })),
			code: 'CRP20111',
			path: 'conceptos',
		},
		{
			name: 'concept 01010101',
			voucher: () => changed(valid(), (v) => (v.conceptos[0].claveProdServ = '01010101')),
			code: 'CRP20113',
			path: 'conceptos[0].claveProdServ',
		},
		{
			name: 'concept with noIdentificacion',
			voucher: () => changed(valid(), (v) => (v.conceptos[0].noIdentificacion = 'X')),
			code: 'CRP20114',
			path: 'conceptos[0].noIdentificacion',
		},
		{
			name: 'concept description "Payment"',
			voucher: () => changed(valid(), (v) => (v.conceptos[0].descripcion = 'Payment')),
			code: 'CRP20118',
			path: 'conceptos[0].descripcion',
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
