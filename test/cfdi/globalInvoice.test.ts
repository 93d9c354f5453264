import { buildGlobalInvoice, KindInputError, validateVoucher } from '../../nodes/CfdiEmision/cfdi';
import {
	changed,
	expectOnlyError,
	globalInvoice,
	ISSUER,
	IVA16,
	paymentReceipt,
	type WrongCase,
} from './kindFixtures';

describe('global invoice (público en general)', () => {
	it('gathers the sales into one voucher: one concept per ticket, taxes per sale, totals', () => {
		const voucher = globalInvoice();
		expect(voucher.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: 2024 });
		expect(
			voucher.conceptos.map((c) => [
				c.noIdentificacion,
				c.claveProdServ,
				c.claveUnidad,
				c.descripcion,
				c.valorUnitario,
				c.impuestos?.traslados?.[0].importe,
			]),
		).toEqual([
			['T-0001', '01010101', 'ACT', 'Venta', 100, 16],
			['T-0002', '01010101', 'ACT', 'Venta', 50, 8],
			['T-0003', '01010101', 'ACT', 'Venta', 20, 3.2],
		]);
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'I',
			metodoPago: 'PUE',
			formaPago: '01',
			subTotal: 170,
			total: 197.2,
		});
		expect(voucher.impuestos).toEqual({
			traslados: [
				{ base: 170, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 27.2 },
			],
			totalImpuestosTrasladados: 27.2,
		});
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('takes prices before tax, and a rate per sale (food at 0 %)', () => {
		const voucher = buildGlobalInvoice({
			emisor: ISSUER,
			lugarExpedicion: '64000',
			fecha: '2024-03-01T10:00:00',
			formaPago: '01',
			periodicidad: '05',
			meses: 13,
			anio: '2024',
			pricesIncludeTax: false,
			taxes: [IVA16],
			sales: [
				{ ticket: '1', amount: 100 },
				{
					ticket: '2',
					amount: 80,
					taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0 }],
				},
			],
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '05', meses: '13', anio: 2024 });
		expect(voucher).toMatchObject({ subTotal: 180, total: 196 });
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
			{ base: 80, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
		]);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('rounds each sale to cents before its tax (a receipt of 10.00 with IVA is 8.62 + 1.38)', () => {
		const voucher = buildGlobalInvoice({
			emisor: ISSUER,
			lugarExpedicion: '64000',
			fecha: '2024-06-01T09:00:00',
			formaPago: '01',
			periodicidad: '01',
			meses: '05',
			anio: 2024,
			taxes: [IVA16],
			sales: [{ ticket: 'A', amount: 10 }],
		});
		expect(voucher.conceptos[0]).toMatchObject({ valorUnitario: 8.62, importe: 8.62 });
		expect(voucher).toMatchObject({ subTotal: 8.62, total: 10 });
	});

	it('names the sale it cannot use', () => {
		expect(() =>
			buildGlobalInvoice({
				emisor: ISSUER,
				lugarExpedicion: '64000',
				formaPago: '01',
				periodicidad: '01',
				meses: '05',
				anio: 2024,
				sales: [],
			}),
		).toThrow(KindInputError);
		expect(() =>
			buildGlobalInvoice({
				emisor: ISSUER,
				lugarExpedicion: '64000',
				formaPago: '01',
				periodicidad: '01',
				meses: '05',
				anio: 2024,
				sales: [{ ticket: 'A', amount: 'ten' }],
			}),
		).toThrow(/Sale 1 \(ticket "A"\) has amount "ten"/);
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
