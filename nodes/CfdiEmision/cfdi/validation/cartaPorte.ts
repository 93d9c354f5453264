/**
 * Carta Porte 3.1, given as JSON: structural checks before sending (required nodes, the small SAT
 * catalogs it uses, counts and sums it repeats, the voucher types it may ride on). The full SAT
 * catalogs (permits, vehicle configurations, products) stay with the service.
 */
import {
	CVE_TRANSPORTE,
	ENTRADA_SALIDA_MERC,
	TIPO_FIGURA,
	TRANSP_INTERNAC,
} from '../catalogs/complements';
import { classifyRfc } from '../rfc';
import { complementOf, memberPath, PATHS, VERSIONS, isRecord } from '../voucherShape';
import { messageValue } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { forbid, readCode, readList, readObject, readText } from './members';
import { checkUbicaciones } from './cartaPorteLocations';
import { checkAutotransporte, checkMercancias } from './cartaPorteGoods';

const ID_CCP = /^CCC[0-9a-fA-F]{5}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const PAIS = /^[A-Z]{3}$/;

const INTERNATIONAL_MEMBERS = [
	'entradaSalidaMerc',
	'paisOrigenDestino',
	'viaEntradaSalida',
] as const;

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
				`${at} ${messageValue(rfc)} is not a valid RFC.`,
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
			`tipoDeComprobante ${messageValue(tipo)} cannot carry ${base}.`,
			'Carta Porte goes on an invoice for the freight ("I") or a transfer voucher for own goods ("T").',
			tipo,
		);
	}
	if (!isRecord(raw)) {
		ctx.error(
			'OBJECT_EXPECTED',
			base,
			`${base} ${messageValue(raw)} is not an object.`,
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
			`${at} ${messageValue(version)} is not supported here.`,
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
			`${at} ${messageValue(id)} is not a Carta Porte id.`,
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
				`${at} ${messageValue(pais)} is not a 3-letter c_Pais code.`,
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
