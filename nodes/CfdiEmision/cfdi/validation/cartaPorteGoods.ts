/** Carta Porte 3.1: the checks of its goods (Mercancias) and of road transport (Autotransporte). */
import { memberPath, PATHS } from '../voucherShape';
import { messageValue } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { readList, readNumber, readObject, readText } from './members';

export const BIENES_TRANSP = /^\d{8}$/;

export const PLACA = /^[A-Z0-9]{5,7}$/;

export const TRANSPORT_NODES = [
	'autotransporte',
	'transporteMaritimo',
	'transporteAereo',
	'transporteFerroviario',
] as const;

export function checkMercancias(
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
				`${at} ${messageValue(bienes)} is not an 8-digit product key.`,
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
			`${countPath} ${messageValue(mercancias.numTotalMercancias)} does not count the ${mercancias.mercancia.length} mercancia items.`,
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

export function checkAutotransporte(ctx: ValidationContext, mercancias: UnknownRecord): boolean {
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
				`${at} ${messageValue(placa)} is not a plate of 5 to 7 letters and digits.`,
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
				`${at} ${messageValue(vehicle.anioModeloVM)} is not a model year.`,
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
