import { validateVoucher, withFiscalLegends } from '../../nodes/CfdiEmision/cfdi';
import { baseVoucher } from './corpus';
import {
	cartaPorteInvoice,
	changed,
	creditNote,
	expectOnlyError,
	exportInvoice,
	paymentReceipt,
	type Mutable,
	type WrongCase,
} from './kindFixtures';

const CP = 'complemento.cartaPorte31';
const CCE = 'complemento.comercioExterior20';

describe('Carta Porte 3.1 (given as JSON)', () => {
	it('accepts a freight invoice for a road trip', () => {
		expect(validateVoucher(cartaPorteInvoice()).errors).toEqual([]);
	});

	it('accepts an international trip with its customs members', () => {
		const voucher = changed(cartaPorteInvoice(), (v) =>
			Object.assign(v.complemento.cartaPorte31, {
				transpInternac: 'Sí',
				entradaSalidaMerc: 'Salida',
				paisOrigenDestino: 'USA',
				viaEntradaSalida: '01',
			}),
		);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	const valid = cartaPorteInvoice();
	const cp = (v: Mutable) => v.complemento.cartaPorte31;
	const cases: WrongCase[] = [
		{
			name: 'on a credit note',
			voucher: changed(creditNote(), (v) => (v.complemento = valid.complemento)),
			code: 'CARTA_PORTE_TIPO',
			path: 'tipoDeComprobante',
		},
		{
			name: 'version 3.0',
			voucher: changed(valid, (v) => (cp(v).version = '3.0')),
			code: 'COMPLEMENT_VERSION',
			path: `${CP}.version`,
		},
		{
			name: 'idCCP a plain UUID',
			voucher: changed(valid, (v) => (cp(v).idCCP = '5AB2C1D4-1D4E-4F6A-8B9C-0D1E2F3A4B5C')),
			code: 'CARTA_PORTE_ID_CCP',
			path: `${CP}.idCCP`,
		},
		{
			name: 'transpInternac "Si" without accent',
			voucher: changed(valid, (v) => (cp(v).transpInternac = 'Si')),
			code: 'CARTA_PORTE_CATALOG',
			path: `${CP}.transpInternac`,
		},
		{
			name: 'international without the way in or out',
			voucher: changed(valid, (v) =>
				Object.assign(cp(v), {
					transpInternac: 'Sí',
					entradaSalidaMerc: 'Salida',
					paisOrigenDestino: 'USA',
				}),
			),
			code: 'REQUIRED',
			path: `${CP}.viaEntradaSalida`,
		},
		{
			name: 'domestic with a country',
			voucher: changed(valid, (v) => (cp(v).paisOrigenDestino = 'USA')),
			code: 'CARTA_PORTE_INTERNATIONAL',
			path: `${CP}.paisOrigenDestino`,
		},
		{
			name: 'no destination',
			voucher: changed(
				valid,
				(v) =>
					(cp(v).ubicaciones.ubicacion[1].tipoUbicacion = 'Origen') &&
					delete cp(v).ubicaciones.ubicacion[1].idUbicacion,
			),
			code: 'CARTA_PORTE_UBICACIONES',
			path: `${CP}.ubicaciones.ubicacion`,
		},
		{
			name: 'destination id OR...',
			voucher: changed(valid, (v) => (cp(v).ubicaciones.ubicacion[1].idUbicacion = 'OR000002')),
			code: 'CARTA_PORTE_ID_UBICACION',
			path: `${CP}.ubicaciones.ubicacion[1].idUbicacion`,
		},
		{
			name: 'sender RFC malformed',
			voucher: changed(
				valid,
				(v) => (cp(v).ubicaciones.ubicacion[0].rfcRemitenteDestinatario = 'EKU-900317'),
			),
			code: 'RFC_PATTERN',
			path: `${CP}.ubicaciones.ubicacion[0].rfcRemitenteDestinatario`,
		},
		{
			name: 'arrival time without seconds',
			voucher: changed(
				valid,
				(v) => (cp(v).ubicaciones.ubicacion[1].fechaHoraSalidaLlegada = '2024-05-10T10:00'),
			),
			code: 'CARTA_PORTE_FECHA',
			path: `${CP}.ubicaciones.ubicacion[1].fechaHoraSalidaLlegada`,
		},
		{
			name: 'road destination without distance',
			voucher: changed(valid, (v) => delete cp(v).ubicaciones.ubicacion[1].distanciaRecorrida),
			code: 'REQUIRED',
			path: `${CP}.ubicaciones.ubicacion[1].distanciaRecorrida`,
		},
		{
			name: 'total distance not the sum',
			voucher: changed(valid, (v) => (cp(v).totalDistRec = 90)),
			code: 'CARTA_PORTE_DISTANCIA',
			path: `${CP}.totalDistRec`,
		},
		{
			name: 'numTotalMercancias miscounted',
			voucher: changed(valid, (v) => (cp(v).mercancias.numTotalMercancias = 2)),
			code: 'CARTA_PORTE_NUM_MERCANCIAS',
			path: `${CP}.mercancias.numTotalMercancias`,
		},
		{
			name: 'goods key of 6 digits',
			voucher: changed(valid, (v) => (cp(v).mercancias.mercancia[0].bienesTransp = '241127')),
			code: 'CARTA_PORTE_BIENES',
			path: `${CP}.mercancias.mercancia[0].bienesTransp`,
		},
		{
			name: 'goods weight 0',
			voucher: changed(valid, (v) => (cp(v).mercancias.mercancia[0].pesoEnKg = 0)),
			code: 'CARTA_PORTE_PESO',
			path: `${CP}.mercancias.mercancia[0].pesoEnKg`,
		},
		{
			name: 'no transport node',
			voucher: changed(valid, (v) => delete cp(v).mercancias.autotransporte),
			code: 'CARTA_PORTE_TRANSPORTE',
			path: `${CP}.mercancias`,
		},
		{
			name: 'truck without insurance',
			voucher: changed(valid, (v) => delete cp(v).mercancias.autotransporte.seguros),
			code: 'REQUIRED',
			path: `${CP}.mercancias.autotransporte.seguros`,
		},
		{
			name: 'plate with a dash',
			voucher: changed(
				valid,
				(v) => (cp(v).mercancias.autotransporte.identificacionVehicular.placaVM = '501-AAA'),
			),
			code: 'CARTA_PORTE_PLACA',
			path: `${CP}.mercancias.autotransporte.identificacionVehicular.placaVM`,
		},
		{
			name: 'driver without licence',
			voucher: changed(valid, (v) => delete cp(v).figuraTransporte.tiposFigura[0].numLicencia),
			code: 'REQUIRED',
			path: `${CP}.figuraTransporte.tiposFigura[0].numLicencia`,
		},
		{
			name: 'road trip without figuraTransporte',
			voucher: changed(valid, (v) => delete cp(v).figuraTransporte),
			code: 'REQUIRED',
			path: `${CP}.figuraTransporte`,
		},
		{
			name: 'tipoFigura 05',
			voucher: changed(valid, (v) => (cp(v).figuraTransporte.tiposFigura[0].tipoFigura = '05')),
			code: 'CARTA_PORTE_CATALOG',
			path: `${CP}.figuraTransporte.tiposFigura[0].tipoFigura`,
		},
		{
			name: 'ubicacion as an object',
			voucher: changed(
				valid,
				(v) => (cp(v).ubicaciones.ubicacion = cp(v).ubicaciones.ubicacion[0]),
			),
			code: 'ARRAY_EXPECTED',
			path: `${CP}.ubicaciones.ubicacion`,
		},
	];
	it('has at least 10 wrong cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('stops: %s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});

describe('Comercio Exterior 2.0 (given as JSON)', () => {
	it('accepts an export invoice to a foreign buyer', () => {
		expect(validateVoucher(exportInvoice()).errors).toEqual([]);
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
		expect(validateVoucher(voucher).errors).toEqual([]);
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

describe('fiscal legends', () => {
	it('adds legends to any voucher, after any it had', () => {
		const once = withFiscalLegends(baseVoucher(), [
			{
				disposicionFiscal: 'RMF2024',
				norma: 'Regla 2.7.1.2',
				textoLeyenda: 'Contribuyente del RESICO',
			},
		]);
		const twice = withFiscalLegends(once, [
			{ textoLeyenda: 'Segunda leyenda' },
			{ textoLeyenda: ' ' },
		]);
		expect(twice.complemento).toEqual({
			leyendasFiscales: {
				version: '1.0',
				leyenda: [
					{
						disposicionFiscal: 'RMF2024',
						norma: 'Regla 2.7.1.2',
						textoLeyenda: 'Contribuyente del RESICO',
					},
					{ textoLeyenda: 'Segunda leyenda' },
				],
			},
		});
		expect(validateVoucher(twice).errors).toEqual([]);
		// A payment receipt keeps its payment complement next to the legends.
		const receipt = withFiscalLegends(paymentReceipt(), [
			{ textoLeyenda: 'Pago en parcialidades' },
		]);
		expect(Object.keys(receipt.complemento as object)).toEqual([
			'complementoPago20',
			'leyendasFiscales',
		]);
		expect(validateVoucher(receipt).errors).toEqual([]);
	});

	const valid = withFiscalLegends(baseVoucher(), [{ textoLeyenda: 'Leyenda' }]);
	const LEGENDS = 'complemento.leyendasFiscales';
	it.each([
		[
			'no legend',
			changed(valid, (v) => (v.complemento.leyendasFiscales.leyenda = [])),
			'LIST_EMPTY',
			`${LEGENDS}.leyenda`,
		],
		[
			'legend without text',
			changed(valid, (v) => (v.complemento.leyendasFiscales.leyenda = [{ norma: 'X' }])),
			'REQUIRED',
			`${LEGENDS}.leyenda[0].textoLeyenda`,
		],
		[
			'version 2.0',
			changed(valid, (v) => (v.complemento.leyendasFiscales.version = '2.0')),
			'COMPLEMENT_VERSION',
			`${LEGENDS}.version`,
		],
		[
			'disposicionFiscal too long',
			changed(
				valid,
				(v) => (v.complemento.leyendasFiscales.leyenda[0].disposicionFiscal = 'X'.repeat(21)),
			),
			'TEXT_TOO_LONG',
			`${LEGENDS}.leyenda[0].disposicionFiscal`,
		],
	] as const)('stops: %s', (_name, voucher, code, path) => expectOnlyError(voucher, code, path));
});
