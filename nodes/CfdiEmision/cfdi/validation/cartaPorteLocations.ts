/** Carta Porte 3.1: the checks of its locations (Ubicaciones: origin, destination, distances). */
import { TIPO_UBICACION } from '../catalogs/complements';
import { compareDecimal, decimalToString, sumDecimals, type Decimal } from '../decimal';
import { classifyRfc } from '../rfc';
import { memberPath, PATHS } from '../voucherShape';
import { messageValue } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { isRealDateTime } from './formats';
import { readCode, readList, readNumber, readObject, readText, type ListItem } from './members';

export const ID_UBICACION: Record<string, RegExp> = { Origen: /^OR\d{6}$/, Destino: /^DE\d{6}$/ };

export function checkUbicacion(
	ctx: ValidationContext,
	{ item, path }: ListItem,
	road: boolean,
): { tipo?: string; distance?: Decimal } {
	const tipo = readCode(
		ctx,
		item,
		'tipoUbicacion',
		path,
		TIPO_UBICACION,
		'TipoUbicacion',
		'CARTA_PORTE_CATALOG',
		'Add tipoUbicacion: "Origen" or "Destino".',
	);
	const id = readText(ctx, item, 'idUbicacion', path);
	if (id !== undefined && tipo && !ID_UBICACION[tipo].test(id)) {
		const at = memberPath(path, 'idUbicacion');
		ctx.error(
			'CARTA_PORTE_ID_UBICACION',
			at,
			`${at} ${messageValue(id)} does not fit a location of type ${messageValue(tipo)}.`,
			`Use ${tipo === 'Origen' ? '"OR"' : '"DE"'} and six digits, e.g. ${tipo === 'Origen' ? '"OR000001"' : '"DE000001"'}.`,
			id,
		);
	}
	const rfc = readText(
		ctx,
		item,
		'rfcRemitenteDestinatario',
		path,
		"Add rfcRemitenteDestinatario, the sender's (origin) or recipient's (destination) RFC.",
	);
	if (rfc !== undefined && classifyRfc(rfc) === 'invalid') {
		const at = memberPath(path, 'rfcRemitenteDestinatario');
		ctx.error(
			'RFC_PATTERN',
			at,
			`${at} ${messageValue(rfc)} is not a valid RFC.`,
			'Use a 12- or 13-character RFC, or "XEXX010101000" for a foreign party.',
			rfc,
		);
	}
	const fecha = readText(
		ctx,
		item,
		'fechaHoraSalidaLlegada',
		path,
		'Add fechaHoraSalidaLlegada, the departure (origin) or arrival (destination) time, e.g. "2024-05-10T08:00:00".',
	);
	if (fecha !== undefined && !isRealDateTime(fecha)) {
		const at = memberPath(path, 'fechaHoraSalidaLlegada');
		ctx.error(
			'CARTA_PORTE_FECHA',
			at,
			`${at} ${messageValue(fecha)} is not a real date-time in the form YYYY-MM-DDThh:mm:ss.`,
			'Use local time without a time zone, e.g. "2024-05-10T08:00:00".',
			fecha,
		);
	}
	const distance = readNumber(ctx, item, 'distanciaRecorrida', path, {
		required:
			road && tipo === 'Destino'
				? 'Add distanciaRecorrida, the kilometres driven to this destination.'
				: undefined,
		positiveCode: 'CARTA_PORTE_DISTANCIA',
		decimals: 2,
	});
	return { tipo, distance };
}

export function checkUbicaciones(
	ctx: ValidationContext,
	cartaPorte: UnknownRecord,
	road: boolean,
): void {
	const base = PATHS.cartaPorte;
	const ubicaciones = readObject(
		ctx,
		cartaPorte,
		'ubicaciones',
		base,
		'Add ubicaciones { ubicacion: [origin, destination] }.',
	);
	if (!ubicaciones) return;
	const ubicacionesPath = memberPath(base, 'ubicaciones');
	const items = readList(
		ctx,
		ubicaciones,
		'ubicacion',
		ubicacionesPath,
		'Add at least one "Origen" and one "Destino" location.',
	);
	const results = items.map((item) => checkUbicacion(ctx, item, road));
	const listPath = memberPath(ubicacionesPath, 'ubicacion');
	if (items.length > 0 && ctx.isClean(listPath)) {
		for (const wanted of ['Origen', 'Destino']) {
			if (
				results.some((result) => result.tipo === wanted) ||
				!results.every((result) => result.tipo)
			)
				continue;
			ctx.error(
				'CARTA_PORTE_UBICACIONES',
				listPath,
				`${listPath} has no location of type ${messageValue(wanted)}.`,
				`Add a location with tipoUbicacion ${messageValue(wanted)}; a trip has at least one origin and one destination.`,
			);
		}
	}
	const totalPath = memberPath(base, 'totalDistRec');
	const total = readNumber(ctx, cartaPorte, 'totalDistRec', base, {
		required: road
			? 'Add totalDistRec, the kilometres of the whole trip (Σ distanciaRecorrida).'
			: undefined,
		decimals: 2,
	});
	const distances = results
		.filter((result) => result.tipo === 'Destino')
		.map((result) => result.distance);
	if (
		road &&
		total &&
		distances.length > 0 &&
		distances.every((distance) => distance) &&
		ctx.isClean(totalPath, listPath)
	) {
		const sum = sumDecimals(distances as Decimal[]);
		if (compareDecimal(total, sum) !== 0) {
			ctx.error(
				'CARTA_PORTE_DISTANCIA',
				totalPath,
				`${totalPath} ${messageValue(cartaPorte.totalDistRec)} is not the sum of the destinations' distanciaRecorrida (${decimalToString(sum)}).`,
				'Set totalDistRec to that sum.',
				cartaPorte.totalDistRec,
			);
		}
	}
}
