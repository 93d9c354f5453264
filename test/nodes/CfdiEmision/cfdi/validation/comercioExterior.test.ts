import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type Mutable,
	type WrongCase,
	validateWithKinds,
} from '../../../../support/kindFixtures';
import { exportInvoice } from '../../../../support/complementInvoices';
const CCE = 'complemento.comercioExterior20';

describe('Comercio Exterior 2.0 (given as JSON)', () => {
	it('accepts an export invoice to a foreign buyer', () => {
		expect(validateWithKinds(exportInvoice()).errors).toEqual([]);
	});

	it('accepts an export to a buyer with a Mexican RFC', () => {
		const voucher = changed(exportInvoice(), (v) => {
			v.receptor = {
				rfc: 'URE180429TM6',
				nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
				usoCFDI: 'G03',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '86991',
			};
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	const valid = exportInvoice();
	const cce = (v: Mutable) => v.complemento.comercioExterior20;
	const cases: WrongCase[] = [
		{
			name: 'exportacion 01',
			voucher: changed(valid, (v) => (v.exportacion = '01')),
			code: 'CCE_EXPORTACION',
			path: 'exportacion',
		},
		{
			name: 'on a payment voucher',
			voucher: changed(
				paymentReceipt(),
				(v) =>
					(v.complemento.comercioExterior20 = (valid as Mutable).complemento.comercioExterior20),
			),
			code: 'CCE_TIPO',
			path: 'tipoDeComprobante',
		},
		{
			name: 'version 1.1',
			voucher: changed(valid, (v) => (cce(v).version = '1.1')),
			code: 'COMPLEMENT_VERSION',
			path: `${CCE}.version`,
		},
		{
			name: 'general public buyer',
			voucher: changed(valid, (v) => {
				Object.assign(v.receptor, {
					rfc: 'XAXX010101000',
					nombre: 'PUBLICO EN GENERAL',
					residenciaFiscal: undefined,
					numRegIdTrib: undefined,
				});
				v.informacionGlobal = { periodicidad: '04', meses: '05', anio: 2024 };
			}),
			code: 'CCE_RECEPTOR',
			path: 'receptor.rfc',
		},
		{
			name: 'foreign buyer without residence',
			voucher: changed(valid, (v) => delete v.receptor.residenciaFiscal),
			code: 'CCE_RESIDENCIA',
			path: 'receptor.residenciaFiscal',
		},
		{
			name: 'foreign buyer resident in MEX',
			voucher: changed(valid, (v) => (v.receptor.residenciaFiscal = 'MEX')),
			code: 'CCE_RESIDENCIA',
			path: 'receptor.residenciaFiscal',
		},
		{
			name: 'foreign buyer without tax id',
			voucher: changed(valid, (v) => delete v.receptor.numRegIdTrib),
			code: 'CCE_NUM_REG_ID_TRIB',
			path: 'receptor.numRegIdTrib',
		},
		{
			name: 'Mexican buyer with a foreign residence',
			voucher: changed(valid, (v) =>
				Object.assign(v.receptor, {
					rfc: 'URE180429TM6',
					nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
					usoCFDI: 'G03',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '86991',
					numRegIdTrib: undefined,
				}),
			),
			code: 'CCE_RESIDENCIA',
			path: 'receptor.residenciaFiscal',
		},
		{
			name: 'claveDePedimento A2',
			voucher: changed(valid, (v) => (cce(v).claveDePedimento = 'A2')),
			code: 'CCE_CATALOG',
			path: `${CCE}.claveDePedimento`,
		},
		{
			name: 'certificate of origin without its number',
			voucher: changed(valid, (v) => (cce(v).certificadoOrigen = 1)),
			code: 'CCE_CERTIFICADO',
			path: `${CCE}.numCertificadoOrigen`,
		},
		{
			name: 'certificadoOrigen 2',
			voucher: changed(valid, (v) => (cce(v).certificadoOrigen = 2)),
			code: 'CCE_CATALOG',
			path: `${CCE}.certificadoOrigen`,
		},
		{
			name: 'incoterm XYZ',
			voucher: changed(valid, (v) => (cce(v).incoterm = 'XYZ')),
			code: 'CCE_CATALOG',
			path: `${CCE}.incoterm`,
		},
		{
			name: 'motivoTraslado on an invoice',
			voucher: changed(valid, (v) => (cce(v).motivoTraslado = '02')),
			code: 'CCE_MOTIVO_TRASLADO',
			path: `${CCE}.motivoTraslado`,
		},
		{
			name: 'no tipoCambioUSD',
			voucher: changed(valid, (v) => delete cce(v).tipoCambioUSD),
			code: 'REQUIRED',
			path: `${CCE}.tipoCambioUSD`,
		},
		{
			name: 'totalUSD not the sum',
			voucher: changed(valid, (v) => (cce(v).totalUSD = 2400)),
			code: 'CCE_TOTAL_USD',
			path: `${CCE}.totalUSD`,
		},
		{
			name: 'tariff code with dots',
			voucher: changed(
				valid,
				(v) => (cce(v).mercancias.mercancia[0].fraccionArancelaria = '8471.30.01'),
			),
			code: 'CCE_FRACCION',
			path: `${CCE}.mercancias.mercancia[0].fraccionArancelaria`,
		},
		{
			name: 'concept without its goods',
			voucher: changed(valid, (v) => (v.conceptos[1].noIdentificacion = 'SKU-9')),
			code: 'CCE_MERCANCIA_CONCEPTO',
			path: 'conceptos[1].noIdentificacion',
		},
		{
			name: 'goods without valorDolares',
			voucher: changed(valid, (v) => delete cce(v).mercancias.mercancia[1].valorDolares),
			code: 'REQUIRED',
			path: `${CCE}.mercancias.mercancia[1].valorDolares`,
		},
		{
			name: 'no goods',
			voucher: changed(valid, (v) => delete cce(v).mercancias),
			code: 'REQUIRED',
			path: `${CCE}.mercancias`,
		},
	];
	it('has at least 10 wrong cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('stops: %s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
