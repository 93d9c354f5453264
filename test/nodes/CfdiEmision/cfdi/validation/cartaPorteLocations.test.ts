/**
 * Rules of cfdi/validation/cartaPorteLocations.ts: wrong origins, destinations, dates and distances
 * of a Carta Porte 3.1 are stopped, each naming its path (the cases of cartaPorte.test.ts that reach
 * these rules).
 */
import {
	changed,
	expectOnlyError,
	type Mutable,
	type WrongCase,
} from '../../../../support/kindFixtures';
import { cartaPorteInvoice } from '../../../../support/complementInvoices';

const CP = 'complemento.cartaPorte31';

describe('Carta Porte 3.1 (given as JSON)', () => {
	const valid = cartaPorteInvoice();
	const cp = (v: Mutable) => v.complemento.cartaPorte31;
	const cases: WrongCase[] = [
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
			name: 'arrival time without seconds',
			voucher: changed(
				valid,
				(v) => (cp(v).ubicaciones.ubicacion[1].fechaHoraSalidaLlegada = '2024-05-10T10:00'),
			),
			code: 'CARTA_PORTE_FECHA',
			path: `${CP}.ubicaciones.ubicacion[1].fechaHoraSalidaLlegada`,
		},
		{
			name: 'total distance not the sum',
			voucher: changed(valid, (v) => (cp(v).totalDistRec = 90)),
			code: 'CARTA_PORTE_DISTANCIA',
			path: `${CP}.totalDistRec`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('stops: %s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
