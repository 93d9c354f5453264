import {
	changed,
	creditNote,
	expectOnlyError,
	type Mutable,
	type WrongCase,
	validateWithKinds,
} from '../../../../support/kindFixtures';
import { cartaPorteInvoice } from '../../../../support/complementInvoices';

const CP = 'complemento.cartaPorte31';

describe('Carta Porte 3.1 (given as JSON)', () => {
	it('accepts a freight invoice for a road trip', () => {
		expect(validateWithKinds(cartaPorteInvoice()).errors).toEqual([]);
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
		expect(validateWithKinds(voucher).errors).toEqual([]);
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
			name: 'sender RFC malformed',
			voucher: changed(
				valid,
				(v) => (cp(v).ubicaciones.ubicacion[0].rfcRemitenteDestinatario = 'EKU-900317'),
			),
			code: 'RFC_PATTERN',
			path: `${CP}.ubicaciones.ubicacion[0].rfcRemitenteDestinatario`,
		},
		{
			name: 'road destination without distance',
			voucher: changed(valid, (v) => delete cp(v).ubicaciones.ubicacion[1].distanciaRecorrida),
			code: 'REQUIRED',
			path: `${CP}.ubicaciones.ubicacion[1].distanciaRecorrida`,
		},
		{
			name: 'truck without insurance',
			voucher: changed(valid, (v) => delete cp(v).mercancias.autotransporte.seguros),
			code: 'REQUIRED',
			path: `${CP}.mercancias.autotransporte.seguros`,
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
