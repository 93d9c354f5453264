/**
 * Carta Porte 3.1, given as JSON: structural checks before sending (required nodes, the small SAT
 * catalogs it uses, counts and sums it repeats, the voucher types it may ride on). The full SAT
 * catalogs (permits, vehicle configurations, products) stay with the service.
 */
import {
	CVE_TRANSPORTE,
	ENTRADA_SALIDA_MERC,
	TIPO_FIGURA,
	TIPO_UBICACION,
	TRANSP_INTERNAC,
} from '../catalogs/complements';
import { compareDecimal, decimalToString, sumDecimals, type Decimal } from '../decimal';
import { classifyRfc } from '../rfc';
import { complementOf, memberPath, PATHS, VERSIONS } from '../voucherShape';
import { show } from './describe';
import { isRecord, type UnknownRecord, type ValidationContext } from './context';
import { isRealDateTime } from './formats';
import {
	forbid,
	readCode,
	readList,
	readNumber,
	readObject,
	readText,
	type ListItem,
} from './members';

const ID_CCP = /^CCC[0-9a-fA-F]{5}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ID_UBICACION: Record<string, RegExp> = { Origen: /^OR\d{6}$/, Destino: /^DE\d{6}$/ };
const BIENES_TRANSP = /^\d{8}$/;
const PAIS = /^[A-Z]{3}$/;
const PLACA = /^[A-Z0-9]{5,7}$/;
const TRANSPORT_NODES = [
	'autotransporte',
	'transporteMaritimo',
	'transporteAereo',
	'transporteFerroviario',
] as const;
const INTERNATIONAL_MEMBERS = [
	'entradaSalidaMerc',
	'paisOrigenDestino',
	'viaEntradaSalida',
] as const;

function checkUbicacion(
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
			`${at} ${show(id)} does not fit a location of type ${show(tipo)}.`,
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
			`${at} ${show(rfc)} is not a valid RFC.`,
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
			`${at} ${show(fecha)} is not a real date-time in the form YYYY-MM-DDThh:mm:ss.`,
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

function checkUbicaciones(ctx: ValidationContext, cartaPorte: UnknownRecord, road: boolean): void {
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
				`${listPath} has no location of type ${show(wanted)}.`,
				`Add a location with tipoUbicacion ${show(wanted)}; a trip has at least one origin and one destination.`,
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
				`${totalPath} ${show(cartaPorte.totalDistRec)} is not the sum of the destinations' distanciaRecorrida (${decimalToString(sum)}).`,
				'Set totalDistRec to that sum.',
				cartaPorte.totalDistRec,
			);
		}
	}
}

function checkMercancias(
	ctx: ValidationContext,
	cartaPorte: UnknownRecord,
): UnknownRecord | undefined {
	const base = PATHS.cartaPorte;
	const mercancias = readObject(
		ctx,
		cartaPorte,
		'mercancias',
		base,
		'Add mercancias { pesoBrutoTotal, unidadPeso, numTotalMercancias, mercancia: [...], and the transport node }.',
	);
	if (!mercancias) return undefined;
	const path = memberPath(base, 'mercancias');
	readNumber(ctx, mercancias, 'pesoBrutoTotal', path, {
		required: 'Add pesoBrutoTotal, the gross weight of all the goods.',
		positiveCode: 'CARTA_PORTE_PESO',
		decimals: 3,
	});
	readText(
		ctx,
		mercancias,
		'unidadPeso',
		path,
		'Add unidadPeso, the unit of pesoBrutoTotal, e.g. "KGM".',
	);
	const count = readNumber(ctx, mercancias, 'numTotalMercancias', path, {
		required: 'Add numTotalMercancias, the number of mercancia items.',
		positiveCode: 'CARTA_PORTE_NUM_MERCANCIAS',
		integer: true,
	});
	const items = readList(
		ctx,
		mercancias,
		'mercancia',
		path,
		'Add at least one mercancia { bienesTransp, descripcion, cantidad, claveUnidad, pesoEnKg }.',
	);
	for (const { item, path: itemPath } of items) {
		const bienes = readText(
			ctx,
			item,
			'bienesTransp',
			itemPath,
			'Add bienesTransp, the 8-digit product key of the goods.',
		);
		if (bienes !== undefined && !BIENES_TRANSP.test(bienes)) {
			const at = memberPath(itemPath, 'bienesTransp');
			ctx.error(
				'CARTA_PORTE_BIENES',
				at,
				`${at} ${show(bienes)} is not an 8-digit product key.`,
				'Use the 8-digit c_ClaveProdServCP key, e.g. "24112700".',
				bienes,
			);
		}
		readText(ctx, item, 'descripcion', itemPath, 'Add descripcion of the goods.');
		readNumber(ctx, item, 'cantidad', itemPath, {
			required: 'Add cantidad.',
			positiveCode: 'CARTA_PORTE_CANTIDAD',
			decimals: 6,
		});
		readText(ctx, item, 'claveUnidad', itemPath, 'Add claveUnidad, e.g. "H87".');
		readNumber(ctx, item, 'pesoEnKg', itemPath, {
			required: 'Add pesoEnKg, the weight of the goods in kilograms.',
			positiveCode: 'CARTA_PORTE_PESO',
			decimals: 3,
		});
	}
	const countPath = memberPath(path, 'numTotalMercancias');
	const listPath = memberPath(path, 'mercancia');
	if (
		count &&
		Array.isArray(mercancias.mercancia) &&
		ctx.isClean(countPath, listPath) &&
		Number(count.units) !== mercancias.mercancia.length
	) {
		ctx.error(
			'CARTA_PORTE_NUM_MERCANCIAS',
			countPath,
			`${countPath} ${show(mercancias.numTotalMercancias)} does not count the ${mercancias.mercancia.length} mercancia items.`,
			`Set numTotalMercancias to ${mercancias.mercancia.length}.`,
			mercancias.numTotalMercancias,
		);
	}
	const modes = TRANSPORT_NODES.filter(
		(node) => mercancias[node] !== undefined && mercancias[node] !== null,
	);
	if (modes.length === 0 && ctx.isClean(path)) {
		ctx.error(
			'CARTA_PORTE_TRANSPORTE',
			path,
			`${path} has no transport node.`,
			'Add autotransporte (road), transporteMaritimo, transporteAereo or transporteFerroviario.',
		);
	}
	return mercancias;
}

function checkAutotransporte(ctx: ValidationContext, mercancias: UnknownRecord): boolean {
	const path = memberPath(PATHS.cartaPorte, 'mercancias');
	const auto = readObject(ctx, mercancias, 'autotransporte', path);
	if (!auto) return mercancias.autotransporte !== undefined && mercancias.autotransporte !== null;
	const autoPath = memberPath(path, 'autotransporte');
	readText(ctx, auto, 'permSCT', autoPath, 'Add permSCT, the SICT permit type, e.g. "TPAF01".');
	readText(ctx, auto, 'numPermisoSCT', autoPath, 'Add numPermisoSCT, the SICT permit number.');
	const vehicle = readObject(
		ctx,
		auto,
		'identificacionVehicular',
		autoPath,
		'Add identificacionVehicular { configVehicular, pesoBrutoVehicular, placaVM, anioModeloVM }.',
	);
	if (vehicle) {
		const vehiclePath = memberPath(autoPath, 'identificacionVehicular');
		readText(ctx, vehicle, 'configVehicular', vehiclePath, 'Add configVehicular, e.g. "C2".');
		readNumber(ctx, vehicle, 'pesoBrutoVehicular', vehiclePath, {
			required: 'Add pesoBrutoVehicular, in tonnes.',
			positiveCode: 'CARTA_PORTE_PESO',
			decimals: 2,
		});
		const placa = readText(ctx, vehicle, 'placaVM', vehiclePath, 'Add placaVM, the licence plate.');
		if (placa !== undefined && !PLACA.test(placa)) {
			const at = memberPath(vehiclePath, 'placaVM');
			ctx.error(
				'CARTA_PORTE_PLACA',
				at,
				`${at} ${show(placa)} is not a plate of 5 to 7 letters and digits.`,
				'Write the plate without spaces or dashes, e.g. "501AAA".',
				placa,
			);
		}
		const year = readNumber(ctx, vehicle, 'anioModeloVM', vehiclePath, {
			required: 'Add anioModeloVM, the model year.',
			integer: true,
		});
		if (year && (year.units < BigInt(1900) || year.units > BigInt(2100))) {
			const at = memberPath(vehiclePath, 'anioModeloVM');
			ctx.error(
				'CARTA_PORTE_ANIO',
				at,
				`${at} ${show(vehicle.anioModeloVM)} is not a model year.`,
				'Use the four-digit model year, e.g. 2020.',
				vehicle.anioModeloVM,
			);
		}
	}
	const seguros = readObject(
		ctx,
		auto,
		'seguros',
		autoPath,
		'Add seguros { aseguraRespCivil, polizaRespCivil }.',
	);
	if (seguros) {
		const segurosPath = memberPath(autoPath, 'seguros');
		readText(
			ctx,
			seguros,
			'aseguraRespCivil',
			segurosPath,
			'Add aseguraRespCivil, the liability insurer.',
		);
		readText(
			ctx,
			seguros,
			'polizaRespCivil',
			segurosPath,
			'Add polizaRespCivil, the liability policy number.',
		);
	}
	return true;
}

function checkFiguras(ctx: ValidationContext, cartaPorte: UnknownRecord, road: boolean): void {
	const base = PATHS.cartaPorte;
	const figura = readObject(
		ctx,
		cartaPorte,
		'figuraTransporte',
		base,
		road
			? 'Add figuraTransporte { tiposFigura: [{ tipoFigura "01", rfcFigura, numLicencia, nombreFigura }] } with the driver.'
			: undefined,
	);
	if (!figura) return;
	const path = memberPath(base, 'figuraTransporte');
	for (const { item, path: itemPath } of readList(
		ctx,
		figura,
		'tiposFigura',
		path,
		'Add at least one tiposFigura item (the driver, tipoFigura "01").',
	)) {
		const tipo = readCode(
			ctx,
			item,
			'tipoFigura',
			itemPath,
			TIPO_FIGURA,
			'c_FiguraTransporte',
			'CARTA_PORTE_CATALOG',
			'Add tipoFigura: "01" driver, "02" owner, "03" lessor or "04" notified party.',
		);
		readText(ctx, item, 'nombreFigura', itemPath, 'Add nombreFigura.');
		const rfc = readText(
			ctx,
			item,
			'rfcFigura',
			itemPath,
			tipo === '01' ? "Add rfcFigura, the driver's RFC." : undefined,
		);
		if (rfc !== undefined && classifyRfc(rfc) === 'invalid') {
			const at = memberPath(itemPath, 'rfcFigura');
			ctx.error(
				'RFC_PATTERN',
				at,
				`${at} ${show(rfc)} is not a valid RFC.`,
				"Use the person's 12- or 13-character RFC.",
				rfc,
			);
		}
		if (tipo === '01')
			readText(
				ctx,
				item,
				'numLicencia',
				itemPath,
				"Add numLicencia, the driver's federal licence number.",
			);
	}
}

/** The Carta Porte 3.1 complement, when present. */
export function checkCartaPorte(ctx: ValidationContext): void {
	const raw = complementOf(ctx.view.root, 'cartaPorte');
	if (raw === undefined || raw === null) return;
	const base = PATHS.cartaPorte;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	if (tipo !== undefined && tipo !== 'I' && tipo !== 'T') {
		ctx.error(
			'CARTA_PORTE_TIPO',
			'tipoDeComprobante',
			`tipoDeComprobante ${show(tipo)} cannot carry ${base}.`,
			'Carta Porte goes on an invoice for the freight ("I") or a transfer voucher for own goods ("T").',
			tipo,
		);
	}
	if (!isRecord(raw)) {
		ctx.error(
			'OBJECT_EXPECTED',
			base,
			`${base} ${show(raw)} is not an object.`,
			'Send { version: "3.1", idCCP, transpInternac, ubicaciones, mercancias, figuraTransporte }.',
			raw,
		);
		return;
	}
	const version = readText(ctx, raw, 'version', base, 'Add version "3.1".');
	if (version !== undefined && version !== VERSIONS.cartaPorte) {
		const at = memberPath(base, 'version');
		ctx.error(
			'COMPLEMENT_VERSION',
			at,
			`${at} ${show(version)} is not supported here.`,
			'Use version "3.1".',
			version,
		);
	}
	const id = readText(
		ctx,
		raw,
		'idCCP',
		base,
		'Add idCCP: "CCC" followed by the last 33 characters of a new UUID, e.g. "CCC5AB2C-1D4E-4F6A-8B9C-0D1E2F3A4B5C".',
	);
	if (id !== undefined && !ID_CCP.test(id)) {
		const at = memberPath(base, 'idCCP');
		ctx.error(
			'CARTA_PORTE_ID_CCP',
			at,
			`${at} ${show(id)} is not a Carta Porte id.`,
			'Use "CCC" followed by the last 33 characters of a UUID (36 characters in all), e.g. "CCC5AB2C-1D4E-4F6A-8B9C-0D1E2F3A4B5C".',
			id,
		);
	}
	const international = readCode(
		ctx,
		raw,
		'transpInternac',
		base,
		TRANSP_INTERNAC,
		'TranspInternac',
		'CARTA_PORTE_CATALOG',
		'Add transpInternac: "Sí" when the goods cross the border, else "No".',
	);
	if (international === 'Sí') {
		readCode(
			ctx,
			raw,
			'entradaSalidaMerc',
			base,
			ENTRADA_SALIDA_MERC,
			'EntradaSalidaMerc',
			'CARTA_PORTE_CATALOG',
			'Add entradaSalidaMerc: "Entrada" or "Salida".',
		);
		const pais = readText(
			ctx,
			raw,
			'paisOrigenDestino',
			base,
			'Add paisOrigenDestino, the 3-letter country code, e.g. "USA".',
		);
		if (pais !== undefined && !PAIS.test(pais)) {
			const at = memberPath(base, 'paisOrigenDestino');
			ctx.error(
				'CARTA_PORTE_PAIS',
				at,
				`${at} ${show(pais)} is not a 3-letter c_Pais code.`,
				'Use the ISO 3166 alpha-3 code, e.g. "USA".',
				pais,
			);
		}
		readCode(
			ctx,
			raw,
			'viaEntradaSalida',
			base,
			CVE_TRANSPORTE,
			'c_CveTransporte',
			'CARTA_PORTE_CATALOG',
			'Add viaEntradaSalida: "01" road, "02" sea, "03" air, "04" rail or "05" pipeline.',
		);
	} else if (international === 'No') {
		for (const member of INTERNATIONAL_MEMBERS)
			forbid(
				ctx,
				raw,
				member,
				base,
				'CARTA_PORTE_INTERNATIONAL',
				'when transpInternac is "No"',
				'Remove it, or set transpInternac to "Sí".',
			);
	}
	const mercancias = checkMercancias(ctx, raw);
	const road = mercancias ? checkAutotransporte(ctx, mercancias) : false;
	checkUbicaciones(ctx, raw, road);
	checkFiguras(ctx, raw, road);
}
