/**
 * What the global invoice hands the shared checks (GLOBAL_INVOICE_RULES, globalInvoiceRules.ts): its
 * InformacionGlobal checks, run after the related vouchers', so that a voucher's findings keep the
 * order the user reads them in. Moved from globalInvoiceRules.test.ts with its cases.
 */
import { validateVoucher } from '../../../../../../nodes/CfdiEmision/cfdi/validateVoucher';
import {
	changed,
	globalInvoice,
	paymentReceipt,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

describe('the kind hands its rules down (GLOBAL_INVOICE_RULES in the kinds table)', () => {
	it('without the kinds validateVoucher does not read InformacionGlobal; with the table it does', () => {
		const voucher = changed(globalInvoice(), (v) => (v.informacionGlobal.anio = 2019));
		expect(validateVoucher(voucher).errors).toEqual([]);
		expect(validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'GLOBAL_ANIO informacionGlobal.anio',
		]);
	});
});

describe('the findings of a global invoice with several problems keep their order', () => {
	// The order the user reads them in: the shared checks, the related vouchers, the global
	// invoice's own, then the fiscal legends (and a payment receipt's checks before all of these).
	it('a global invoice: shared, related vouchers, InformacionGlobal and tickets, legends', () => {
		const voucher = changed(globalInvoice(), (v) => {
			v.formaPago = '77';
			v.cfdiRelacionados = [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: 'not-a-uuid' }] }];
			v.informacionGlobal.meses = '13';
			v.informacionGlobal.anio = 2019;
			v.conceptos[2].noIdentificacion = v.conceptos[0].noIdentificacion;
			v.complemento = { leyendasFiscales: { version: '2.0', leyenda: [{ textoLeyenda: 'x' }] } };
		});
		expect(validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CFDI40104 formaPago',
			'UUID_PATTERN cfdiRelacionados[0].cfdiRelacionado[0].uuid',
			'GLOBAL_MESES informacionGlobal.meses',
			'GLOBAL_ANIO informacionGlobal.anio',
			'GLOBAL_TICKET_TWICE conceptos[2].noIdentificacion',
			'COMPLEMENT_VERSION complemento.leyendasFiscales.version',
		]);
	});

	it('a payment receipt carrying InformacionGlobal: its own checks, related vouchers, then the global rule', () => {
		const voucher = changed(paymentReceipt(), (v) => {
			v.informacionGlobal = globalInvoice().informacionGlobal;
			v.cfdiRelacionados = [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: 'not-a-uuid' }] }];
			v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impPagado = 5_000;
		});
		expect(validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CRP20244 complemento.complementoPago20.pago[0].doctoRelacionado[0].impPagado',
			'CRP20217 complemento.complementoPago20.pago[0].monto',
			'UUID_PATTERN cfdiRelacionados[0].cfdiRelacionado[0].uuid',
			'GLOBAL_TIPO tipoDeComprobante',
		]);
	});
});
