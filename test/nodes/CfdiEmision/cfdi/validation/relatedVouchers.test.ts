/**
 * Rules of cfdi/validation/relatedVouchers.ts: wrong credit notes are stopped, each naming its path.
 */
import { withRelatedVouchers } from '../../../../../nodes/CfdiEmision/cfdi/kinds/relations';
import {
	changed,
	creditNote,
	expectOnlyError,
	INVOICE_UUID,
	SECOND_UUID,
	type WrongCase,
	validateWithKinds,
} from '../../../../support/kindFixtures';

describe('wrong credit notes are stopped, each naming its path', () => {
	const valid = creditNote();
	const cases: WrongCase[] = [
		{
			name: 'no related invoice',
			voucher: changed(valid, (v) => delete v.cfdiRelacionados),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados',
		},
		{
			name: 'empty relations',
			voucher: changed(valid, (v) => (v.cfdiRelacionados = [])),
			code: 'LIST_EMPTY',
			path: 'cfdiRelacionados',
		},
		{
			name: 'relation 02 (debit note)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '02')),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados[0].tipoRelacion',
		},
		{
			name: 'relation 09 (not a code)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '09')),
			code: 'CFDI40209',
			path: 'cfdiRelacionados[0].tipoRelacion',
		},
		{
			name: 'only a substitution (04)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '04')),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados',
		},
		{
			name: 'UUID not a UUID',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].cfdiRelacionado[0].uuid = 'A-1000')),
			code: 'UUID_PATTERN',
			path: 'cfdiRelacionados[0].cfdiRelacionado[0].uuid',
		},
		{
			name: 'no UUID in the group',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].cfdiRelacionado = [])),
			code: 'LIST_EMPTY',
			path: 'cfdiRelacionados[0].cfdiRelacionado',
		},
		{
			name: 'related item without uuid',
			voucher: changed(
				valid,
				(v) => (v.cfdiRelacionados[0].cfdiRelacionado = [{ UUID: INVOICE_UUID }]),
			),
			code: 'REQUIRED',
			path: 'cfdiRelacionados[0].cfdiRelacionado[0].uuid',
		},
		{
			name: 'same UUID twice',
			voucher: changed(valid, (v) =>
				v.cfdiRelacionados[0].cfdiRelacionado.push({ uuid: INVOICE_UUID.toLowerCase() }),
			),
			code: 'UUID_REPEATED',
			path: 'cfdiRelacionados[0].cfdiRelacionado[1].uuid',
		},
		{
			name: 'the old object shape',
			voucher: changed(
				valid,
				(v) => (v.cfdiRelacionados = { tipoRelacion: '01', uuids: [INVOICE_UUID] }),
			),
			code: 'ARRAY_EXPECTED',
			path: 'cfdiRelacionados',
		},
		{
			name: 'paid later (PPD)',
			voucher: changed(valid, (v) => Object.assign(v, { metodoPago: 'PPD', formaPago: '99' })),
			code: 'CREDIT_NOTE_PUE',
			path: 'metodoPago',
		},
		{
			name: 'no formaPago',
			voucher: changed(valid, (v) => delete v.formaPago),
			code: 'REQUIRED',
			path: 'formaPago',
		},
		{
			name: 'usoCFDI CP01',
			voucher: changed(valid, (v) => (v.receptor.usoCFDI = 'CP01')),
			code: 'CFDI40161',
			path: 'receptor.usoCFDI',
		},
		{
			name: 'total not adding up',
			voucher: changed(valid, (v) => (v.total = 120)),
			code: 'CFDI40119',
			path: 'total',
		},
		{
			name: 'concept at 0',
			voucher: changed(valid, (v) => {
				Object.assign(v.conceptos[0], { valorUnitario: 0, importe: 0, objetoImp: '01' });
				delete v.conceptos[0].impuestos;
				delete v.impuestos;
				Object.assign(v, { subTotal: 0, total: 0 });
			}),
			code: 'CFDI40166',
			path: 'conceptos[0].valorUnitario',
		},
	];
	it('has at least 10 cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);

	it('relates vouchers on any kind with withRelatedVouchers', () => {
		const voucher = withRelatedVouchers(valid, [
			{ tipoRelacion: '04', uuids: `${SECOND_UUID}, ${SECOND_UUID.toLowerCase()}` },
			{ tipoRelacion: '01', uuids: [SECOND_UUID] },
		]);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});
