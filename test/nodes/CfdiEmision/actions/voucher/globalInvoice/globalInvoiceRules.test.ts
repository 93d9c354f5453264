/**
 * Rules of globalInvoiceRules.ts: a global invoice's sale (ticket) given once, wrong global
 * invoices stopped, each naming its path. The rules the kind hands down and the findings' order
 * through validateVoucher: globalInvoiceRules.handedDown.test.ts.
 */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { invoiceVoucher } from '../../../../../support/vouchers';
import {
	changed,
	expectOnlyError,
	globalInvoice,
	paymentReceipt,
	type WrongCase,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

const invoice = () => invoiceVoucher() as unknown as Voucher;

describe('a sale is in a global invoice once', () => {
	it('a ticket repeated with the same taxes is refused on the repetition', () => {
		const voucher = changed(
			globalInvoice(),
			(v) => (v.conceptos[2].noIdentificacion = v.conceptos[0].noIdentificacion),
		);
		expectOnlyError(voucher, 'GLOBAL_TICKET_TWICE', 'conceptos[2].noIdentificacion');
		expect(validateWithKinds(voucher).errors[0].message).toBe(
			'conceptos[2].noIdentificacion "T-0001" is the ticket of conceptos[0] too, with the same taxes; a sale goes into a global invoice once.',
		);
	});

	it('one ticket split over concepts with different taxes (16 % and 0 %) passes, as the SAT guide allows', () => {
		const voucher = changed(globalInvoice(), (v) => {
			v.conceptos[1].noIdentificacion = v.conceptos[0].noIdentificacion;
			const line = v.conceptos[1].impuestos.traslados[0];
			Object.assign(line, { tasaOCuota: 0, importe: 0 });
			const total = v.impuestos.traslados[0];
			v.impuestos.traslados = [
				{
					...total,
					base: total.base - line.base,
					importe: Math.round((total.importe - 8) * 100) / 100,
				},
				{ base: line.base, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
			];
			v.impuestos.totalImpuestosTrasladados = v.impuestos.traslados[0].importe;
			v.total = Math.round((v.subTotal + v.impuestos.totalImpuestosTrasladados) * 100) / 100;
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('the same ticket number on an ordinary invoice is not a global-invoice matter', () => {
		const voucher = changed(invoice(), (v) =>
			v.conceptos.forEach((c: { noIdentificacion?: string }) => (c.noIdentificacion = 'SKU-1')),
		);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

describe('wrong global invoices are stopped, each naming its path', () => {
	const valid = globalInvoice();
	const info = 'informacionGlobal';
	const cases: WrongCase[] = [
		{
			name: 'no informacionGlobal',
			voucher: changed(valid, (v) => delete v.informacionGlobal),
			code: 'GLOBAL_INFORMATION',
			path: info,
		},
		{
			name: 'informacionGlobal as text',
			voucher: changed(valid, (v) => (v.informacionGlobal = '04-05-2024')),
			code: 'OBJECT_EXPECTED',
			path: info,
		},
		{
			name: 'periodicidad 06',
			voucher: changed(valid, (v) => (v.informacionGlobal.periodicidad = '06')),
			code: 'GLOBAL_PERIODICIDAD',
			path: `${info}.periodicidad`,
		},
		{
			name: 'periodicidad missing',
			voucher: changed(valid, (v) => delete v.informacionGlobal.periodicidad),
			code: 'REQUIRED',
			path: `${info}.periodicidad`,
		},
		{
			name: 'meses 19',
			voucher: changed(valid, (v) => (v.informacionGlobal.meses = '19')),
			code: 'GLOBAL_MESES',
			path: `${info}.meses`,
		},
		{
			name: 'meses as a number',
			voucher: changed(valid, (v) => (v.informacionGlobal.meses = 5)),
			code: 'STRING_EXPECTED',
			path: `${info}.meses`,
		},
		{
			name: 'bimonthly meses with monthly periodicidad',
			voucher: changed(valid, (v) => (v.informacionGlobal.meses = '13')),
			code: 'GLOBAL_MESES',
			path: `${info}.meses`,
		},
		{
			name: 'single month with bimonthly periodicidad',
			voucher: changed(valid, (v) => (v.informacionGlobal.periodicidad = '05')),
			code: 'GLOBAL_MESES',
			path: `${info}.meses`,
		},
		{
			name: 'anio two years back',
			voucher: changed(valid, (v) => (v.informacionGlobal.anio = 2022)),
			code: 'GLOBAL_ANIO',
			path: `${info}.anio`,
		},
		{
			name: 'anio next year',
			voucher: changed(valid, (v) => (v.informacionGlobal.anio = 2025)),
			code: 'GLOBAL_ANIO',
			path: `${info}.anio`,
		},
		{
			name: 'anio missing',
			voucher: changed(valid, (v) => delete v.informacionGlobal.anio),
			code: 'REQUIRED',
			path: `${info}.anio`,
		},
		{
			name: 'a named customer with informacionGlobal',
			voucher: changed(valid, (v) =>
				Object.assign(v.receptor, {
					rfc: 'URE180429TM6',
					nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
					regimenFiscalReceptor: '601',
					usoCFDI: 'G03',
					domicilioFiscalReceptor: '86991',
				}),
			),
			code: 'GLOBAL_RECIPIENT',
			path: 'receptor.rfc',
		},
		{
			name: 'recipient name not PUBLICO EN GENERAL',
			voucher: changed(valid, (v) => (v.receptor.nombre = 'VENTAS DEL MES')),
			code: 'CFDI40145',
			path: 'receptor.nombre',
		},
		{
			name: 'recipient regime 601',
			voucher: changed(valid, (v) => (v.receptor.regimenFiscalReceptor = '601')),
			code: 'CFDI40158',
			path: 'receptor.regimenFiscalReceptor',
		},
		{
			name: 'recipient use G03',
			voucher: changed(valid, (v) => (v.receptor.usoCFDI = 'G03')),
			code: 'CFDI40161',
			path: 'receptor.usoCFDI',
		},
		{
			name: "recipient postal code not the issuer's",
			voucher: changed(valid, (v) => (v.receptor.domicilioFiscalReceptor = '86991')),
			code: 'CFDI40149',
			path: 'receptor.domicilioFiscalReceptor',
		},
		{
			name: 'global information on a payment voucher',
			voucher: changed(paymentReceipt(), (v) => (v.informacionGlobal = valid.informacionGlobal)),
			code: 'GLOBAL_TIPO',
			path: 'tipoDeComprobante',
		},
	];
	it('has at least 10 cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
